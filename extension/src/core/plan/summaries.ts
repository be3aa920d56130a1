// The plan's short forms that the UIs and the CLI show. Several items may be
// in_progress at once: every summary accounts for all of them (a `find` of the
// first active item, alone, is a known bug class).
import { oneLine } from './one-line';
import { countTodos, todoWriteArgsSchema, type TodoItem, type TodoStatus } from './todo-schema';

/** `1 completed · 2 in progress · 1 pending`, zero segments omitted; '' for an empty list. */
export function stripHeader(todos: readonly TodoItem[]): string {
  const c = countTodos(todos);
  const parts: string[] = [];
  if (c.completed) parts.push(`${c.completed} completed`);
  if (c.inProgress) parts.push(`${c.inProgress} in progress`);
  if (c.pending) parts.push(`${c.pending} pending`);
  return parts.join(' · ');
}

export interface CallRowSummary {
  /** `<done>/<total> done · <first in_progress content>` (or `<done>/<total> done`). */
  text: string;
  /** `+<n>` for the other in-progress items, shown apart so it is never truncated. */
  more: string | null;
}

/** The per-call row of a todo_write call, from its raw arguments; null -> use the generic row. */
export function callRowSummary(rawArguments: string): CallRowSummary | null {
  let json: unknown;
  try {
    json = JSON.parse(rawArguments);
  } catch {
    return null;
  }
  const parsed = todoWriteArgsSchema.safeParse(json);
  if (!parsed.success) return null;
  const todos = parsed.data.todos;
  const done = todos.filter((t) => t.status === 'completed').length;
  const active = todos.filter((t) => t.status === 'in_progress');
  const first = active[0];
  const text = first ? `${done}/${todos.length} done · ${first.content.trim()}` : `${done}/${todos.length} done`;
  return { text, more: active.length > 1 ? `+${active.length - 1}` : null };
}

export interface ProgressSummary {
  done: number;
  total: number;
  active: TodoItem[];
}

export function progress(todos: readonly TodoItem[]): ProgressSummary {
  return {
    done: todos.filter((t) => t.status === 'completed').length,
    total: todos.length,
    active: todos.filter((t) => t.status === 'in_progress'),
  };
}

export const STATUS_GLYPH: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[~]', pending: '[ ]' };

/** One line per item, for terminals (content escaped by oneLine: no control sequence, no forged row). */
export function planAsText(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return '(empty plan)';
  const head = stripHeader(todos);
  return [head, ...todos.map((t) => `${STATUS_GLYPH[t.status]} ${oneLine(t.content)}`)].join('\n');
}

/** A GitHub-style task list; in-progress items are marked so Markdown readers see them. */
export function planAsMarkdown(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return '_The plan is empty._';
  return todos
    .map((t) => ({ ...t, content: oneLine(t.content) }))
    .map((t) => (t.status === 'completed' ? `- [x] ${t.content}` : t.status === 'in_progress' ? `- [ ] **${t.content}** _(in progress)_` : `- [ ] ${t.content}`))
    .join('\n');
}
