// The rules of a whole-list plan write, exactly to docs/todo-write-contract.md:
// validated in a fixed order with stable error strings. The todo_write tool
// (tools/todo-write/todo-write-tool.ts), a user's edit and another agent's write
// through MCP all check a list with them.
import { parseArguments } from '../zod-issues';
import { todoWriteArgsSchema, type TodoItem } from './todo-schema';

const EMPTY_CONTENT_MESSAGE = 'invalid todo: `content` must be a non-empty string';
const duplicateContentMessage = (content: string): string =>
  `invalid todos: duplicate content ${JSON.stringify(content)}`;
const tooManyActiveMessage = (n: number): string => `invalid todos: at most one task may be in_progress (got ${n})`;

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
