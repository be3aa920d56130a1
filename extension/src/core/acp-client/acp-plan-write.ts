// An ACP `plan` update as our `todo/write`: the whole list each time, as ours is. ACP's
// statuses are ours; each entry's priority is kept index for index in `priorities`.
// The list is made fit for our plan (plan/fit-todos.ts).
import type { PlanEntry } from '@agentclientprotocol/sdk';
import type { PlanPriority, TodoItem } from '../domain-literals';
import { fitTodos } from '../plan/fit-todos';

export interface AcpPlanWrite {
  todos: TodoItem[];
  priorities: PlanPriority[];
}

export function acpPlanWrite(entries: readonly PlanEntry[]): AcpPlanWrite {
  const { todos, kept } = fitTodos(entries);
  return { todos, priorities: kept.map((entry) => entry.priority) };
}
