// The plan view the host posts for a list (core/protocol/plan-view.ts: its type and schema).
import { type TodoItem } from '../domain-literals';
import type { ItemTiming } from '../plan/plan-ledger';
import { planProgress } from '../plan/summaries';
import type { PlanState } from '../plan/todos-projection';
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

/**
 * The standing plan as the Agent view's strip shows it: its view, marked `proposed`
 * while its plan-first review is at that stage (plan-view.ts says what the fields
 * mean). `waiting`: this window's turn waits for the decision on it now.
 */
export function standingPlanView(state: PlanState | null, timings: ReadonlyMap<string, ItemTiming>, waiting: boolean): PlanView | null {
  if (state === null) return null;
  const view = planView(state.todos, timings);
  return state.review?.stage === 'proposed' ? { ...view, proposed: { version: state.seq, waiting } } : view;
}
