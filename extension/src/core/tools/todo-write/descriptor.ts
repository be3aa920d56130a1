// todo_write: the model's whole-list plan write (plan/todo-write-tool.ts, to the
// contract); its row shows the list the tool logged (todo-write-view.ts).
import { createTodoWriteTool } from '../../plan/todo-write-tool';
import { todoWriteArgsSchema } from '../../plan/todo-schema';
import { defineTool } from '../descriptor';
import { TODO_WRITE_TOOL_NAME, todoWriteView } from './todo-write-view';

export const todoWriteTool = defineTool(
  { name: TODO_WRITE_TOOL_NAME, args: todoWriteArgsSchema, asksApproval: false },
  {
    present: ({ call }) => todoWriteView(call),
    create: (set) =>
      createTodoWriteTool({
        allowParallelInProgress: set.need(
          set.options.allowParallelInProgress,
          'the allowParallelInProgress policy (true or false)',
        ),
      }),
  },
);
