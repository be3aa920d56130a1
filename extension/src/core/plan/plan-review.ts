// Plan first: what the model is told of the user's decision on its proposed plan
// (docs/todo-write-contract.md, "Plan first"). deriveMessages turns a plan/approved
// or plan/rejected into ONE user-role note, placed where the event sits, so a live
// run, a replay and a resumed session tell it the same thing, once. A user's edits
// made before the decision are told by their own note (user-edit.ts), before it.
// A plan/proposed tells the model nothing: it ended its step, the log records that
// the plan waits.

export const PLAN_APPROVED_NOTE =
  'The user approved your plan. Carry it out now: every tool is available ' +
  'again. Keep the todo list current with todo_write as you work.';

export function planRejectedNote(feedback: string): string {
  return [
    'The user rejected your plan. Their feedback:',
    feedback,
    'Revise the plan: investigate further if you need to, write the revised plan with todo_write, then end ' +
      'your turn with a short summary and no tool call. You still have only the read-only tools and todo_write.',
  ].join('\n');
}
