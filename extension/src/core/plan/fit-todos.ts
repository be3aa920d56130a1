// Another agent's list made fit for our plan (session/stored-todo-list.ts: trimmed, non-empty,
// unique content): text is trimmed, an empty item is left out, and a repeated text
// gets " (2)", " (3)", ... so both items stay visible. Shared by the import readers
// and the ACP client, whose agents keep no such rules.
import type { TodoItem, TodoStatus } from '../domain-literals';

/** The fitted list, and the source items kept, index for index (for what a source item carries beside its text). */
export function fitTodos<T extends { content: string; status: TodoStatus }>(
  items: readonly T[],
): { todos: TodoItem[]; kept: T[] } {
  const todos: TodoItem[] = [];
  const kept: T[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const base = item.content.trim();
    if (base === '') continue;
    let content = base;
    for (let n = 2; seen.has(content); n++) content = `${base} (${n})`;
    seen.add(content);
    todos.push({ content, status: item.status });
    kept.push(item);
  }
  return { todos, kept };
}
