// An ACP `plan` update as our `todo/write`: the whole list each time, as ours is. ACP's
// statuses are ours; each entry's priority is kept index for index in `priorities`.
// The list is made fit for our plan (todo-schema.ts: trimmed, non-empty, unique
// content): text is trimmed, an empty entry is left out, a repeated text gets " (2)",
// " (3)", ... so both items stay visible.
import type { PlanEntry } from '@agentclientprotocol/sdk';
import type { PlanPriority, TodoItem } from '../domain-literals';

export interface AcpPlanWrite {
  todos: TodoItem[];
  priorities: PlanPriority[];
}

export function acpPlanWrite(entries: readonly PlanEntry[]): AcpPlanWrite {
  const todos: TodoItem[] = [];
  const priorities: PlanPriority[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const base = entry.content.trim();
    if (base === '') continue;
    let content = base;
    for (let n = 2; seen.has(content); n++) content = `${base} (${n})`;
    seen.add(content);
    todos.push({ content, status: entry.status });
    priorities.push(entry.priority);
  }
  return { todos, priorities };
}
