// The checks a plan file says (plan-markdown.ts: an item's indented `- check:` line) made
// into the log's plan/check-set events, after the file's list was taken as the standing
// plan: for each item whose check in the file is not the one it has, the file's check,
// `from: 'file'` (it waits for acceptance before it first runs: a `git pull` may have
// written it), or its removal when the file gives it none. Item i of the file is item i
// of the standing plan; when the counts differ nothing is said. Written back: each item's
// own check (the default setting's is no item's), as `plan --format markdown` prints it.
import type { SessionEventMap } from '../session/events';
import type { ItemChecksState } from './item-checks';
import type { TodoItem } from './todo-schema';

export function fileCheckSets(
  state: ItemChecksState,
  fileChecks: readonly (string | null)[],
): SessionEventMap['plan/check-set'][] {
  const items = state.version?.items ?? [];
  if (items.length !== fileChecks.length) return [];
  const sets: SessionEventMap['plan/check-set'][] = [];
  items.forEach((item, i) => {
    const command = fileChecks[i]?.trim() || null;
    if (command === (state.checks.get(item.itemId)?.command ?? null)) return;
    sets.push({ item: item.content, itemId: item.itemId, command, from: 'file' });
  });
  return sets;
}

/** The item's own check of each item of `plan` (null: none), index for index, as the file writes them. */
export function planCheckCommands(state: ItemChecksState, plan: readonly TodoItem[]): (string | null)[] {
  const items = state.version?.items ?? [];
  return plan.map((t, i) => {
    const item = items[i];
    return item?.content === t.content ? (state.checks.get(item.itemId)?.command ?? null) : null;
  });
}
