// The tools `agent-checklist mcp` offers, as data (no MCP SDK here: the extension
// bundle may import this file, the SDK belongs to the CLI bundle only).
//
// `todo_write` is the contract's tool: its description and JSON Schema are the core
// tool's own (core/tools/todo-write/todo-write-tool.ts), not a copy. `todo_read` exists only for
// MCP clients: their agent's context may be compacted or restarted while our log
// keeps the list, so it can read back what it wrote (our own agent never needs it:
// its history carries its calls).
import { countTodos, type TodoItem } from '../plan/todo-schema';
import { TODO_WRITE_TITLE, TODO_WRITE_TOOL_NAME } from '../tools/todo-write/todo-write-tool';
import type { StandingPlan } from '../plan/todos-projection';

export const TODO_READ_TOOL_NAME = 'todo_read';
const TODO_READ_TITLE = 'Read todo list';
const TODO_READ_DESCRIPTION =
  'Return the current todo list exactly as it was last written with todo_write (the whole list, ' +
  'in order, with each status). Use it when you are no longer sure what the list holds, for ' +
  'example after your context was compacted; then send the whole updated list with todo_write.';
const TODO_READ_INPUT_SCHEMA: Record<string, unknown> = { type: 'object', properties: {} };

const NO_LIST_TEXT = 'No todo list has been written in this session yet.';

/** What the model sees from todo_read: one summary line, then the list as todo_write takes it. */
export function todoReadText(plan: StandingPlan): string {
  if (plan === null) return NO_LIST_TEXT;
  const counts = countTodos(plan);
  const list: { todos: TodoItem[] } = { todos: plan.map((t) => ({ content: t.content, status: t.status })) };
  return (
    `Current todo list: ${counts.pending} pending, ${counts.inProgress} ` +
    `in progress, ${counts.completed} completed.\n${JSON.stringify(list)}`
  );
}

export interface PlanToolSpec {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export function planToolSpecs(todoWrite: { description: string; parameters: Record<string, unknown> }): PlanToolSpec[] {
  return [
    {
      name: TODO_WRITE_TOOL_NAME,
      title: TODO_WRITE_TITLE,
      description: todoWrite.description,
      inputSchema: todoWrite.parameters,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: TODO_READ_TOOL_NAME,
      title: TODO_READ_TITLE,
      description: TODO_READ_DESCRIPTION,
      inputSchema: TODO_READ_INPUT_SCHEMA,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
  ];
}
