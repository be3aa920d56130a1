// The plan view the host posts for a list (core/protocol/plan-view.ts: its type and schema).
import { type TodoItem } from '../domain-literals';
import { planProgress } from '../plan/summaries';
import type { PlanView } from '../protocol/plan-view';

/** The view of a list; null (no plan stands) for null. */
export function planView(plan: readonly TodoItem[]): PlanView;
export function planView(plan: readonly TodoItem[] | null): PlanView | null;
export function planView(plan: readonly TodoItem[] | null): PlanView | null {
  if (plan === null) return null;
  return { todos: plan.map((t) => ({ content: t.content, status: t.status })), progress: planProgress(plan) };
}
