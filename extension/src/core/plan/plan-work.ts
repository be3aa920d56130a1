// The plan drives the work: what starting one item, handing a plan on to another
// session and reading the plan file make of a plan, as pure functions the CLI and the
// extension share. Each result is a whole list that passes todo_write's rules (the
// same messages), to be appended as ONE todo/user-edit by the session's writer
// (PlanEditor); the prompts are the words the turn that follows starts with.
import type { TodoItem } from './todo-schema';
import { replacePlanList, type PlanEditResult } from './user-edit';
import type { TodoWritePolicy } from './todo-write-rules';

/** Why item `n` (1-based) cannot be started, or null: it must exist. */
export function noSuchItemNumber(plan: readonly TodoItem[] | null, n: number): string | null {
  const length = plan?.length ?? 0;
  return Number.isInteger(n) && n >= 1 && n <= length ? null : `the plan has no item ${n} (it has ${length})`;
}

/**
 * The plan with item `index` (0-based) in progress; with parallel work off, an item in
 * progress before goes back to pending. Validated as any user edit.
 */
export function startItemList(plan: readonly TodoItem[], index: number, policy: TodoWritePolicy): PlanEditResult {
  const todos = plan.map((item, i): TodoItem => {
    if (i === index) return { content: item.content, status: 'in_progress' };
    if (item.status === 'in_progress' && !policy.allowParallelInProgress)
      return { content: item.content, status: 'pending' };
    return item;
  });
  return replacePlanList(plan, todos, policy);
}

function planLines(todos: readonly TodoItem[]): string[] {
  return todos.map((t, i) => `${i + 1}. [${t.status}] ${t.content}`);
}

/** The prompt of the turn Start This Item starts: it names the item and carries the plan. */
export function startItemPrompt(todos: readonly TodoItem[], index: number): string {
  const item = todos[index]!;
  return [
    `Work on item ${index + 1} of the plan now: ${item.content}`,
    '',
    'The plan:',
    ...planLines(todos),
    '',
    'Keep the plan up to date as you go, and mark the item completed when it is done.',
  ].join('\n');
}

/** The words a hand-over starts with when the user gave none. */
export function handOverPrompt(words: string, sourceSession: string): string {
  const given = words.trim();
  return given !== '' ? given : `Continue the plan handed over from session ${sourceSession}.`;
}

/** The source's plan as the first version of the new session, by the target's rules; refused when there is none. */
export function handOverList(plan: readonly TodoItem[] | null, policy: TodoWritePolicy): PlanEditResult {
  if (plan === null || plan.length === 0) return { ok: false, message: 'the session has no plan to hand on' };
  return replacePlanList(null, plan, policy);
}
