// The plan view the host posts for a list (core/protocol/plan-view.ts: its type and schema).
import { type TodoItem } from '../domain-literals';
import type { ItemTiming } from '../plan/plan-ledger';
import { planProgress } from '../plan/summaries';
import type { PlanView } from '../protocol/plan-view';

/** The view of a list; null (no plan stands) for null. `timings` (the standing plan's ledger) gives each item its priority when an ACP agent set one other than medium. */
export function planView(plan: readonly TodoItem[], timings?: ReadonlyMap<string, ItemTiming>): PlanView;
export function planView(plan: readonly TodoItem[] | null, timings?: ReadonlyMap<string, ItemTiming>): PlanView | null;
export function planView(plan: readonly TodoItem[] | null, timings?: ReadonlyMap<string, ItemTiming>): PlanView | null {
  if (plan === null) return null;
  return {
    todos: plan.map((t) => {
      const priority = timings?.get(t.content)?.priority ?? null;
      return { content: t.content, status: t.status, ...(priority === null ? {} : { priority }) };
    }),
    progress: planProgress(plan),
  };
}
