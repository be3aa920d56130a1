// `edit <log> --check <n>=<command>`: the user sets item n's check (1-based, in the
// standing plan); `--check <n>=` removes it. Appended as plan/check-set `{ item, itemId,
// command, from: 'user' }` (session/check-events.ts); a user's check needs no acceptance.
// It takes the session's lock as `edit` does. The model never sets a check.
import { itemIdentityProjection } from '../../core/plan/item-identity';
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
  const opened = openUnlessWritten(io, logPath, 'edit the plan', 'edit it there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
    const items = fold(itemIdentityProjection, session.events)?.items ?? [];
    const item = items[n - 1];
    if (item === undefined) {
      io.err(`agent-checklist: the plan has no item ${n} (it has ${items.length})`);
      return EXIT_FAILED;
    }
    session.append('plan/check-set', { item: item.content, itemId: item.itemId, command, from: 'user' });
    const what = visibleControls(JSON.stringify(item.content), { keepLayout: false });
    io.out(
      command === null
        ? `item ${n} ${what}: check removed`
        : `item ${n} ${what}: check ${visibleControls(command, { keepLayout: false })}`,
    );
    return EXIT_OK;
  } finally {
    opened.dispose();
  }
}
