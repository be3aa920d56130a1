// The log `verify` records into (docs/checks.md): our own session's, under its lock like
// `edit`; or, for another agent's session made ours (imported, or followed by a window:
// the follower holds its lock and a re-import rewrites it), its checks side log
// (core/store/side-checks.ts): the log is only read, the checks' fold merges the side
// log in (core/plan/side-checks.ts), acceptances and results are appended there, and each
// check runs only while `verify` holds the side log's run lock (a window running the same
// session's due checks holds it meanwhile: that check is left to it).
import type { Disposable } from '../../core/disposable';
import type { ItemCheckRef } from '../../core/plan/check-states';
import { itemChecksProjection, type ItemChecksState } from '../../core/plan/item-checks';
import { foldChecksWithSide } from '../../core/plan/side-checks';
import type { SessionEvent } from '../../core/session/events';
import { fold } from '../../core/session/projection';
import { appendSideCheck, logChecksOnSide, claimCheckRun, readSideChecks } from '../../core/store/side-checks';
import type { CheckResultData } from '../../core/tools/bash/check-run';
import { openUnlessWritten } from '../open-log';
import { readValidatedLog } from '../read-log';
import type { CliIo } from '../io';

export interface VerifyLog extends Disposable {
  /** The log's workspace (its header's cwd). */
  readonly cwd: string | undefined;
  /** The checks' fold as it stands now. */
  checks(): ItemChecksState;
  accept(ref: ItemCheckRef): void;
  record(data: CheckResultData): void;
  /** The right to run a check now; null while another process runs the session's checks. */
  claim(): Disposable | null;
}

const NO_CLAIM: Disposable = { dispose: () => undefined };

/** The log to verify, or null after saying why not (another process writes it; it is not a valid log). */
export function openVerifyLog(io: CliIo, logPath: string): VerifyLog | null {
  if (logChecksOnSide(logPath)) return sideLog(io, logPath);
  const opened = openUnlessWritten(io, logPath, 'verify the plan', 'verify it there');
  if (opened === null) return null;
  const { session } = opened;
  return {
    cwd: session.header.cwd,
    checks: () => fold(itemChecksProjection, session.events),
    accept: (ref) =>
      session.append('plan/check-accepted', { item: ref.item, itemId: ref.itemId, command: ref.command }),
    record: (data) => session.append('check/result', data),
    claim: () => NO_CLAIM,
    dispose: () => opened.dispose(),
  };
}

function sideLog(io: CliIo, logPath: string): VerifyLog | null {
  const events: SessionEvent[] = [];
  const log = readValidatedLog(io, logPath, (event) => events.push(event));
  if (log === null) return null;
  const lastSeq = events.at(-1)?.seq ?? 0;
  return {
    cwd: log.header.cwd,
    checks: () => foldChecksWithSide(events, readSideChecks(logPath)),
    accept: (ref) =>
      appendSideCheck(logPath, lastSeq, 'plan/check-accepted', {
        item: ref.item,
        itemId: ref.itemId,
        command: ref.command,
      }),
    record: (data) => appendSideCheck(logPath, lastSeq, 'check/result', data),
    claim: () => claimCheckRun(logPath),
    dispose: () => undefined,
  };
}
