// `edit <log> --check <n>=<command>`: the user sets item n's check (1-based, in the
// standing plan); `--check <n>=` removes it. Appended as plan/check-set `{ item, itemId,
// command, from: 'user' }` (session/check-events.ts); a user's check needs no acceptance.
// It takes the session's lock as `edit` does. The model never sets a check. On another
// agent's session made ours (imported, or followed by a window) the log is only read and
// the check goes to its checks side log (core/store/side-checks.ts, after the log's last
// event), under that side log's own lock.
import { itemIdentityProjection, type IdentifiedVersion } from '../../core/plan/item-identity';
import type { SessionEvent } from '../../core/session/events';
import { isSessionLockedError } from '../../core/store/lock';
import { appendSideCheck, logChecksOnSide } from '../../core/store/side-checks';
import { readValidatedLog } from '../read-log';
import { MAX_CHECK_COMMAND_CHARS } from '../../core/session/check-events';
import { fold } from '../../core/session/projection';
import { visibleControls } from '../../core/terminal-text';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

/** `<n>=<command>` read: the item's number and the command (null: remove). */
function parseCheckSpec(spec: string): { n: number; command: string | null } {
  const match = /^([1-9]\d*)=(.*)$/s.exec(spec);
  if (!match) throw new UsageError(`--check needs <n>=<command> or <n>= (got ${JSON.stringify(spec)})`);
  const command = match[2]!.trim();
  if (command.length > MAX_CHECK_COMMAND_CHARS)
    throw new UsageError(`a check has at most ${MAX_CHECK_COMMAND_CHARS} characters (got ${command.length})`);
  return { n: Number(match[1]), command: command === '' ? null : command };
}

export function editCheckCommand(io: CliIo, logPath: string, spec: string, others: readonly string[]): number {
  if (others.length > 0) throw new UsageError(`edit --check takes no other edit (got ${others.join(', ')})`);
  const { n, command } = parseCheckSpec(spec);
  if (logChecksOnSide(logPath)) return editOnSide(io, logPath, n, command);
  const opened = openUnlessWritten(io, logPath, 'edit the plan', 'edit it there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
    const item = itemOf(io, fold(itemIdentityProjection, session.events), n);
    if (item === null) return EXIT_FAILED;
    session.append('plan/check-set', { item: item.content, itemId: item.itemId, command, from: 'user' });
    return said(io, n, item.content, command);
  } finally {
    opened.dispose();
  }
}

function itemOf(io: CliIo, version: IdentifiedVersion | null, n: number) {
  const items = version?.items ?? [];
  const item = items[n - 1];
  if (item === undefined) io.err(`agent-checklist: the plan has no item ${n} (it has ${items.length})`);
  return item ?? null;
}

function said(io: CliIo, n: number, content: string, command: string | null): number {
  const what = visibleControls(JSON.stringify(content), { keepLayout: false });
  io.out(
    command === null
      ? `item ${n} ${what}: check removed`
      : `item ${n} ${what}: check ${visibleControls(command, { keepLayout: false })}`,
  );
  return EXIT_OK;
}

function editOnSide(io: CliIo, logPath: string, n: number, command: string | null): number {
  const events: SessionEvent[] = [];
  if (!readValidatedLog(io, logPath, (event) => events.push(event))) return EXIT_FAILED;
  const item = itemOf(io, fold(itemIdentityProjection, events), n);
  if (item === null) return EXIT_FAILED;
  try {
    const data = { item: item.content, itemId: item.itemId, command, from: 'user' as const };
    appendSideCheck(logPath, events.at(-1)?.seq ?? 0, 'plan/check-set', data);
  } catch (error) {
    if (!isSessionLockedError(error)) throw error;
    io.err(`agent-checklist: cannot set the check: process ${error.pid} is changing this session's checks`);
    return EXIT_FAILED;
  }
  return said(io, n, item.content, command);
}
