// The todo_write tool, exactly to ../../../../../shared/design/todo-write-contract.md:
// whole-list replace, validated in a fixed order with stable error strings, one
// todo/write appended to the CALLING agent's own session on success, nothing on
// rejection. The log is the only state: there is no in-memory todo service.
import type { Disposable } from '../disposable';
import type { ToolRegistry } from '../tools/registry';
import { errorResult, parseArguments, toParameters, type ToolDefinition, type ToolResult } from '../tools/tool';
import { todoWriteDescription } from './todo-description';
import { TODO_WRITE_TOOL_NAME } from '../tools/todo-write/todo-write-view';
import { countTodos, todoWriteArgsSchema, type TodoCounts, type TodoItem } from './todo-schema';

export { TODO_WRITE_TOOL_NAME };
export const TODO_WRITE_TITLE = 'Update todo list';
export const NO_OWNER_MESSAGE = 'todo_write requires an owning agent session';
export const EMPTY_CONTENT_MESSAGE = 'invalid todo: `content` must be a non-empty string';
export const duplicateContentMessage = (content: string): string =>
  `invalid todos: duplicate content ${JSON.stringify(content)}`;
export const tooManyActiveMessage = (n: number): string =>
  `invalid todos: at most one task may be in_progress (got ${n})`;

/** Required: the core API has no default for it. */
export interface TodoWritePolicy {
  allowParallelInProgress: boolean;
}

export type TodoWriteValidation = { ok: true; todos: TodoItem[] } | { ok: false; message: string };

/** Pure: schema, then per-item trim/empty/duplicate in order, then the policy. */
export function validateTodoWrite(args: unknown, policy: TodoWritePolicy): TodoWriteValidation {
  const parsed = parseArguments(todoWriteArgsSchema, args);
  if (!parsed.ok) return parsed;
  const todos: TodoItem[] = [];
  const seen = new Set<string>();
  for (const item of parsed.value.todos) {
    const content = item.content.trim();
    if (content === '') return { ok: false, message: EMPTY_CONTENT_MESSAGE };
    if (seen.has(content)) return { ok: false, message: duplicateContentMessage(content) };
    seen.add(content);
    todos.push({ content, status: item.status });
  }
  if (!policy.allowParallelInProgress) {
    const active = todos.filter((t) => t.status === 'in_progress').length;
    if (active > 1) return { ok: false, message: tooManyActiveMessage(active) };
  }
  return { ok: true, todos };
}

export function resultText(counts: TodoCounts): string {
  return `Updated todo list: ${counts.pending} pending, ${counts.inProgress} in progress, ${counts.completed} completed.`;
}

export function createTodoWriteTool(policy: TodoWritePolicy): ToolDefinition {
  if (typeof policy?.allowParallelInProgress !== 'boolean')
    throw new TypeError('todo_write needs policy.allowParallelInProgress (true or false)');
  const { allowParallelInProgress } = policy;
  return {
    name: TODO_WRITE_TOOL_NAME,
    description: todoWriteDescription(allowParallelInProgress),
    parameters: toParameters(todoWriteArgsSchema),
    async execute(args, ctx): Promise<ToolResult> {
      const checked = validateTodoWrite(args, { allowParallelInProgress });
      if (!checked.ok) return errorResult(checked.message);
      const session = ctx.agent?.session;
      if (!session) return errorResult(NO_OWNER_MESSAGE);
      session.append('todo/write', { todos: checked.todos });
      return { isError: false, content: resultText(countTodos(checked.todos)) };
    },
  };
}

/** @internal Only tests import it (knip --production): they are to go through the product's entry points. */
export function registerTodoWriteTool(registry: ToolRegistry, policy: TodoWritePolicy): Disposable {
  return registry.register(createTodoWriteTool(policy));
}
