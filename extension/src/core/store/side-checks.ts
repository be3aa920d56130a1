// The checks side log of a session log we may not write (side-log.ts; docs/checks.md,
// "A followed agent's session"): `<log>.checks.jsonl`, holding the user's check sets and
// acceptances and the checks' results of a followed or imported session, each with its
// `logSeq` (core/plan/side-checks.ts folds them with the log's events). Who runs a due
// check: the process that takes `<log>.checks.jsonl.run.lock` (lock.ts) and, holding it,
// reads the side log again and still finds it due; another process (a second window, the
// CLI's `verify`) refused the lock does not run it, and its result is in the side log
// once the holder is done.
import type { Disposable } from '../disposable';
import type { SessionEvent, SessionEventMap } from '../session/events';
import { keptBeside, type SessionHeader } from '../session/header';
import { SIDE_CHECK_TYPES } from '../plan/side-checks';
import { acquireLock, isSessionLockedError } from './lock';
import { readHeader } from './session-store';
import { appendSideLog, readSideLog, sideLogPath } from './side-log';

type SideCheckType = 'plan/check-set' | 'plan/check-accepted' | 'check/result';

function sideChecksPath(logPath: string): string {
  return sideLogPath(logPath, 'checks');
}

/** Whether a log's checks live in its side log: another agent's session made ours (imported or followed). */
export function checksOnSide(header: SessionHeader): boolean {
  return keptBeside(header);
}

/** checksOnSide for a log not read yet: false when its header cannot be read (its reader says why). */
export function logChecksOnSide(logPath: string): boolean {
  try {
    return checksOnSide(readHeader(logPath));
  } catch {
    return false;
  }
}

/** The side log's check events, in its order (none when it does not exist). */
export function readSideChecks(logPath: string): SessionEvent[] {
  return readSideLog(sideChecksPath(logPath), SIDE_CHECK_TYPES);
}

/** readSideChecks for a log not read yet: none when its checks are not on the side or its header cannot be read. */
export function sideChecksOfLog(logPath: string): SessionEvent[] {
  return logChecksOnSide(logPath) ? readSideChecks(logPath) : [];
}

/** Appends one check event after the log's event `logSeq`, under the side log's own lock (SessionLockedError). */
export function appendSideCheck<K extends SideCheckType>(
  logPath: string,
  logSeq: number,
  type: K,
  data: Omit<SessionEventMap[K], 'logSeq'>,
): SessionEvent {
  const anchored = { ...data, logSeq } as SessionEventMap[K];
  return appendSideLog(sideChecksPath(logPath), SIDE_CHECK_TYPES, type, anchored);
}

/** The right to run the session's due checks now (module header), or null while another process holds it. */
export function claimCheckRun(logPath: string): Disposable | null {
  try {
    return acquireLock(`${sideChecksPath(logPath)}.run`);
  } catch (error) {
    if (isSessionLockedError(error)) return null;
    throw error;
  }
}
