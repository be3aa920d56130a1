// The todo list as the log stores it (todo/write, todo/user-edit, plan/proposed,
// plan/approved): the event map's schema of a list, checked on append and on load.
// What the model may send is plan/todo-schema.ts.
import * as z from 'zod/mini';
import { TODO_STATUSES, type TodoItem } from '../domain-literals';

/**
 * The durable invariant of a stored list (checked on append and on load):
 * non-empty, already-trimmed, unique content and a known status. Deliberately
 * SILENT on how many items are in_progress: a log written while parallel work was
 * allowed must still replay after a deployment tightens the policy.
 */
export const todoListSchema = z
  .array(z.strictObject({ content: z.string().check(z.minLength(1)), status: z.enum(TODO_STATUSES) }))
  .check(
    z.superRefine((items, ctx) => {
      // One pass over the list (this runs for every todo/write of every replay).
      const seen = new Set<string>();
      for (let index = 0; index < items.length; index++) {
        const content = items[index]!.content;
        if (content.trim() !== content)
          ctx.addIssue({ code: 'custom', path: [index, 'content'], message: 'content must already be trimmed' });
        else if (seen.has(content))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'content'],
            message: `duplicate content ${JSON.stringify(content)}`,
          });
        seen.add(content);
      }
    }),
  ) satisfies z.ZodMiniType<TodoItem[]>;
