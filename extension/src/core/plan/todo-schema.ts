// The todo item and list: exactly { content, status }, closed. The logged snapshot
// must equal what the model believes it wrote, so any other item key is refused. The
// list the log stores, and its invariant, is session/stored-todo-list.ts.
import * as z from 'zod/mini';
import { TODO_STATUSES, type TodoCounts, type TodoItem, type TodoStatus } from '../domain-literals';
import { countTodos } from './summaries';

export { TODO_STATUSES, countTodos, type TodoCounts, type TodoItem, type TodoStatus };

/** What the model may send: closed items; keys beside `todos` are ignored (stripped). */
export const todoItemInputSchema = z.strictObject({
  content: z.string(),
  status: z.enum(TODO_STATUSES),
}) satisfies z.ZodMiniType<TodoItem>;

export const todoWriteArgsSchema = z.object({
  todos: z.array(todoItemInputSchema),
}) satisfies z.ZodMiniType<{ todos: TodoItem[] }>;
