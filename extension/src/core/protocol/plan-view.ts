// The standing plan as the surfaces show it, computed once by the host from its
// live fold of the todos projection. Host side only: it pulls the plan domain (and
// full zod) in, which the webview bundle must not.
import { progress, stripHeader } from '../plan/summaries';
import type { StandingPlan } from '../plan/todos-projection';
import type { PlanView } from './messages';

export function planView(plan: StandingPlan): PlanView | null {
  if (plan === null) return null;
  const { done, total } = progress(plan);
  return { todos: plan.map((t) => ({ content: t.content, status: t.status })), header: stripHeader(plan), done, total };
}

/** `2/4 · Write the tests` (+ ` +1` when more items are in progress); null hides the item. */
export function statusBarSummary(plan: StandingPlan): string | null {
  if (plan === null || plan.length === 0) return null;
  const { done, total, active } = progress(plan);
  const first = active[0];
  const head = `${done}/${total}`;
  if (!first) return head;
  return `${head} · ${first.content}${active.length > 1 ? ` +${active.length - 1}` : ''}`;
}
