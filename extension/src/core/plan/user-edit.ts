// User edits of the standing plan, as pure functions: an edit names an item by its
// content (items have no other identity, the contract), is applied to the plan as it
// stands when the edit LANDS (an edit queued while a step runs applies to whatever
// the model wrote meanwhile), and the resulting whole list passes the same validation
// as a todo_write (trim, no empty, no duplicates, the parallel policy), with the same
// messages.
import type { PlanEdit } from '../protocol/plan-edit-schema';
import type { TodoItem } from './todo-schema';
import { validateTodoWrite, type TodoWritePolicy } from './todo-write-rules';

/** The edit's shape is the protocol's (the Agent view builds it): one union, core/protocol/plan-edit-schema.ts. */
export type { PlanEdit };

export type PlanEditResult = { ok: true; todos: TodoItem[]; changed: boolean } | { ok: false; message: string };

export const noSuchItemMessage = (content: string): string => `the plan has no item ${JSON.stringify(content)}`;

export function applyPlanEdit(
  plan: readonly TodoItem[] | null,
  edit: PlanEdit,
  policy: TodoWritePolicy,
): PlanEditResult {
  const list = [...(plan ?? [])];
  if (edit.kind === 'add') {
    const at = edit.index === undefined ? list.length : Math.max(0, Math.min(list.length, edit.index));
    list.splice(at, 0, { content: edit.text, status: edit.status ?? 'pending' });
  } else {
    const index = list.findIndex((t) => t.content === edit.content);
    if (index < 0) return { ok: false, message: noSuchItemMessage(edit.content) };
    const item = list[index]!;
    switch (edit.kind) {
      case 'status':
        list[index] = { content: item.content, status: edit.status };
        break;
      case 'text':
        list[index] = { content: edit.text, status: item.status };
        break;
      case 'remove':
        list.splice(index, 1);
        break;
      case 'move': {
        const to = index + edit.by;
        if (to < 0 || to >= list.length) break;
        list[index] = list[to]!;
        list[to] = item;
        break;
      }
    }
  }
  return replacePlanList(plan, list, policy);
}

/** The whole list the user wrote in place of `plan` (the CLI's edit in $EDITOR), by the same rules. */
export function replacePlanList(
  plan: readonly TodoItem[] | null,
  todos: readonly TodoItem[],
  policy: TodoWritePolicy,
): PlanEditResult {
  const checked = validateTodoWrite({ todos }, policy);
  if (!checked.ok) return checked;
  return { ok: true, todos: checked.todos, changed: !sameList(plan, checked.todos) };
}

/**
 * Why `text` cannot be an item's text in `plan` by todo_write's rules (after trimming:
 * empty, or another item's content), for an input box to say before the edit is
 * made; `replacing` is the item being reworded (its own text is no duplicate). The
 * edit itself is still validated in full when it lands (applyPlanEdit).
 */
export function itemTextProblem(
  plan: readonly TodoItem[] | null,
  text: string,
  replacing?: string,
): 'empty' | 'duplicate' | null {
  const content = text.trim();
  if (content === '') return 'empty';
  return (plan ?? []).some((t) => t.content === content && t.content !== replacing) ? 'duplicate' : null;
}

function sameList(a: readonly TodoItem[] | null, b: readonly TodoItem[]): boolean {
  if (a === null || a.length !== b.length) return false;
  return a.every((t, i) => t.content === b[i]!.content && t.status === b[i]!.status);
}

/**
 * The one note the model gets about a user edit (a user-role message derived from
 * the todo/user-edit event by deriveMessages). Exact text: docs/todo-write-contract.md.
 */
export function userEditNote(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'The user edited your todo list. It is now empty.';
  const lines = todos.map((t) => `- [${t.status}] ${t.content}`);
  return [
    'The user edited your todo list. It is now:',
    ...lines,
    'Continue from this list: your next todo_write starts from it.',
  ].join('\n');
}
