// What one todo_write over MCP may carry. A client's agent can send anything; these
// bounds keep one call from growing the log without end. A call over them is refused
// as a tool error (the model reads why and can send a smaller list); nothing is logged.
// The request line itself is bounded by the stdio transport (1 MiB).
import * as z from 'zod/mini';

const MAX_TODOS = 1000;
/** Bytes of one item as JSON (UTF-8). */
const MAX_TODO_BYTES = 8 * 1024;

const withTodos = z.object({ todos: z.array(z.unknown()) });

/**
 * Why these todo_write arguments are over the limits, or null
 * when they are within them (shape is todo_write's to judge).
 */
export function planLimitError(args: unknown): string | null {
  const parsed = withTodos.safeParse(args);
  if (!parsed.success) return null;
  const todos = parsed.data.todos;
  if (todos.length > MAX_TODOS) return `too many todos: ${todos.length}; at most ${MAX_TODOS} items per list`;
  const encoder = new TextEncoder();
  for (const [i, item] of todos.entries()) {
    const bytes = encoder.encode(JSON.stringify(item) ?? '').length;
    if (bytes > MAX_TODO_BYTES)
      return `todo ${i + 1} is too long: ${bytes} bytes; at most ${MAX_TODO_BYTES} bytes (8 KiB) per item`;
  }
  return null;
}
