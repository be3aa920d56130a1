// Each standing item's timing as the history's and the export's text and the Plan tree's
// tooltips read it (history-format.ts writes it), in a module of its own so that the
// tree, shown at activation, needs none of the history's text.
import type { ItemTiming } from './plan-ledger';
import { timeInProgressMs } from './plan-timing';
import type { TodoItem } from './todo-schema';
import type { PlanAuthor } from './todos-projection';

export interface TimingRow {
  content: string;
  /** When the item entered the standing plan, and who put it there (the model or the user). */
  addedAt: string | null;
  addedBy: PlanAuthor | null;
  startedAt: string | null;
  finishedAt: string | null;
  inProgressMs: number;
}

/** One row per item of `plan` (in order): the presenter behind Export Plan, `history` and the Plan tree's tooltips. */
export function timingRows(
  plan: readonly TodoItem[],
  timings: ReadonlyMap<string, ItemTiming>,
  now: Date,
): TimingRow[] {
  return plan.map((item) => {
    const t = timings.get(item.content);
    return {
      content: item.content,
      addedAt: t?.addedAt ?? null,
      addedBy: t?.addedBy ?? null,
      startedAt: t?.startedAt ?? null,
      finishedAt: t?.finishedAt ?? null,
      inProgressMs: t ? timeInProgressMs(t, now) : 0,
    };
  });
}
