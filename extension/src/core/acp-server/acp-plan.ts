// Our standing plan as ACP's `plan` update: the whole list each time, as ours is.
// ACP's statuses are ours (pending, in_progress, completed); our items have no
// priority, so every entry is `medium` (ACP's neutral one). No plan is no entries.
import type { PlanEntry, PlanEntryStatus } from '@agentclientprotocol/sdk';
import type { TodoStatus } from '../domain-literals';
import type { StandingPlan } from '../plan/todos-projection';

const STATUS: Readonly<Record<TodoStatus, PlanEntryStatus>> = {
  pending: 'pending',
  in_progress: 'in_progress',
  completed: 'completed',
};

export function acpPlanEntries(plan: StandingPlan): PlanEntry[] {
  return (plan ?? []).map((item) => ({ content: item.content, priority: 'medium', status: STATUS[item.status] }));
}
