// The user's edit of an ACP agent's plan, told to the agent once, at the start of its
// next prompt (ACP has no plan input): the last `todo/user-edit` that no plan of the
// agent's (`todo/write`) came after, and that no earlier prompt told. The strip shows
// the user's version until the agent writes a new plan (the log's own rule).
import type { TodoItem } from '../domain-literals';
import type { SessionEvent } from '../session/events';

/** The edit to tell with the next prompt (and its seq, so it is told once), or null. */
export function untoldUserEdit(
  events: readonly SessionEvent[],
  toldThroughSeq: number,
): { seq: number; todos: readonly TodoItem[] } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.seq <= toldThroughSeq) return null;
    if (event.type === 'todo/write') return null;
    if (event.type === 'todo/user-edit') return { seq: event.seq, todos: event.data.todos };
  }
  return null;
}

/** What the agent is told, before the user's prompt. */
export function acpUserEditNote(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'The user edited your plan. It is now empty.';
  return [
    'The user edited your plan. It is now:',
    ...todos.map((t) => `- [${t.status}] ${t.content}`),
    'Continue from this list: your next plan update starts from it.',
  ].join('\n');
}
