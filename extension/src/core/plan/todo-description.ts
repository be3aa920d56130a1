// The model-facing description of todo_write, built from fixed clauses. Only the
// active-status clause depends on the policy; the policy moves the description and
// the accepted input together (see validateTodoWrite).

const DESCRIPTION_HEAD =
  'Record and update a structured task list for the current work. Send the ENTIRE list on every call: ' +
  'it REPLACES the previous list (there are no partial updates and no per-item edits). Use it to plan ' +
  'multi-step work and to show the user your progress; add one todo per concrete step before you start.';

const ACTIVE_CLAUSE_PARALLEL =
  'Mark every todo you are actively working on as `in_progress`: several at once when ' +
  'work genuinely runs in parallel (concurrent subagents, background commands), one ' +
  'for sequential work. While work remains, at least one task should be `in_progress`.';

const ACTIVE_CLAUSE_SINGLE =
  'Keep AT MOST ONE todo `in_progress` at a time. While work remains, exactly one task should be `in_progress`.';

const DESCRIPTION_TAIL =
  'Mark a todo `completed` the moment it is done; do not batch completions. Leave no item ' +
  '`in_progress` only once all work is complete. Skip the list for trivial single-step tasks. ' +
  'Statuses: `pending` = not started; `in_progress` = being worked on now; `completed` = finished.';

export function todoWriteDescription(allowParallelInProgress: boolean): string {
  return [
    DESCRIPTION_HEAD,
    allowParallelInProgress ? ACTIVE_CLAUSE_PARALLEL : ACTIVE_CLAUSE_SINGLE,
    DESCRIPTION_TAIL,
  ].join('\n\n');
}
