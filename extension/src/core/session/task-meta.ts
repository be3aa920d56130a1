// What a task file said about an item beyond its words and status (spec-kit's and
// Kiro's tasks.md, our plan file's `(after 2, 3)`; core/plan/task-files/): carried on
// the plan file's user edit, aligned with its list, so `plan --format json` can give
// each item what the file said. The model's todo_write items stay the contract's.
import * as z from 'zod/mini';

const TASK_FILE_FORMATS = ['markdown', 'spec-kit', 'kiro'] as const;
export type TaskFileFormat = (typeof TASK_FILE_FORMATS)[number];

const bounded = z.string().check(z.minLength(1), z.maxLength(200));

const taskMetaSchema = z.strictObject({
  /** The task's id as the file wrote it (`T001`, `1.1`). */
  taskId: z.exactOptional(bounded),
  /** spec-kit's `[P]`: may run in parallel. */
  parallel: z.exactOptional(z.boolean()),
  /** spec-kit's story label (`US1`). */
  story: z.exactOptional(bounded),
  /** The `##` heading the task is under. */
  phase: z.exactOptional(bounded),
  /** Kiro's `- [ ]*`. */
  optional: z.exactOptional(z.boolean()),
  /** The ids (or, in our format, item numbers) the task waits for. */
  dependsOn: z.exactOptional(z.array(bounded).check(z.maxLength(100))),
});
export type TaskMeta = z.infer<typeof taskMetaSchema>;

export const taskFileOriginFields = {
  format: z.exactOptional(z.enum(TASK_FILE_FORMATS)),
  tasks: z.exactOptional(z.array(taskMetaSchema)),
};
