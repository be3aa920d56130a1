// todo_write: the model's whole-list plan write (todo-write-tool.ts, to the
// contract); its row shows the list the tool logged (todo-write-view.ts). It does
// nothing to the workspace (planning may use it); a plan write is no work on an
// item, and makes the loop take the next checkpoint anew (ACP: thinking).
import { todoWriteArgsSchema } from '../../plan/todo-schema';
import { defineTool } from '../descriptor';
import { toolRuns } from '../tool-runs';
import { TODO_WRITE_TOOL_NAME, todoWriteView } from './todo-write-view';

export const todoWriteTool = defineTool(
  { name: TODO_WRITE_TOOL_NAME, args: todoWriteArgsSchema, asksApproval: false },
  {
    effects: [],
    checkpoint: 'after-plan-write',
    evidence: null,
    acpKind: 'think',
    present: ({ call }) => todoWriteView(call),
    create: (set) =>
      toolRuns().createTodoWriteTool({
        allowParallelInProgress: set.need(
          set.options.allowParallelInProgress,
          'the allowParallelInProgress policy (true or false)',
        ),
      }),
  },
);
