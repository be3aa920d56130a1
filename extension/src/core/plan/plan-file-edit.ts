// What the plan file's text makes of a plan: one user edit by todo_write's rules, and
// the edit's origin (what the file said of each item beyond its words). Its own module
// so the task-file formats load where a plan file is in use (the editor's sync loads it
// at its first read: vscode/plan-file/plan-file-sync.ts), with the items' check lines.
import type { UserEditOrigin } from '../session/events';
import { readPlanFile } from './task-files/plan-file-format';

export { planFileChecks, planFileText, readPlanFile } from './task-files/plan-file-format';
export { fileCheckSets, planCheckCommands } from './plan-file-checks';
import type { TodoItem } from './todo-schema';
import { replacePlanList, type PlanEditResult } from './user-edit';
import type { TodoWritePolicy } from './todo-write-rules';

/**
 * The plan file's text (our checklist, spec-kit's or Kiro's tasks.md) as an edit of `plan`: the list it
 * holds, by the same rules (unchanged when it says what the log says, including `_No standing plan._` while
 * the log has none), or why it is refused.
 */
export function planFileEdit(plan: readonly TodoItem[] | null, text: string, policy: TodoWritePolicy): PlanEditResult {
  const parsed = readPlanFile(text, plan);
  if (!parsed.ok) return parsed;
  if (parsed.todos === null && plan === null) return { ok: true, todos: [], changed: false };
  return replacePlanList(plan, parsed.todos ?? [], policy);
}

/** The plan file edit's origin: what the file said of each item beyond its words (its format, ids, markers). */
export function planFileOrigin(text: string): UserEditOrigin {
  const read = readPlanFile(text, null);
  return read.ok ? read.origin : { kind: 'plan-file' };
}
