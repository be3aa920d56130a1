// The todo_write tool, exactly to docs/todo-write-contract.md:
// whole-list replace, validated as plan/todo-write-rules.ts says (a fixed order, stable
// error strings), one todo/write appended to the CALLING agent's own session on
// success, nothing on rejection. The log is the only state: there is no in-memory todo service.
import { errorResult, toParameters, type ToolDefinition, type ToolResult } from '../tool';
import { todoWriteDescription } from '../../plan/todo-description';
import { validateTodoWrite, type TodoWritePolicy } from '../../plan/todo-write-rules';
import { TODO_WRITE_TOOL_NAME } from './todo-write-view';
import { countTodos, todoWriteArgsSchema, type TodoCounts } from '../../plan/todo-schema';

export { TODO_WRITE_TOOL_NAME };
export const TODO_WRITE_TITLE = 'Update todo list';
const NO_OWNER_MESSAGE = 'todo_write requires an owning agent session';
function resultText(counts: TodoCounts): string {
  return (
    `Updated todo list: ${counts.pending} pending, ` +
    `${counts.inProgress} in progress, ${counts.completed} completed.`
  );
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
