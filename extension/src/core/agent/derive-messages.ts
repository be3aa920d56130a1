// The model's view of a session: surface events, in order, as provider-neutral
// messages. Nothing else reaches the model — todo/write in particular never does;
// the model sees only its own tool call (in the assistant message) and the result.
//
// Compaction: the history starts at the latest `context/compact`. Its summary comes
// first, as a user message that also states the standing plan (every item with its
// status, from the log: the caller passes the todos projection's state), then every
// surface event after its `upToSeq`. The walk goes backward from the end to that
// compaction, so the cost is O(events after the latest compaction), whatever the
// length of the log before it.
//
// One exception, derived here so that a live run, a replay and a resumed session tell
// the model the same thing: a todo/user-edit becomes ONE short user-role note with the
// edited list. Edits with no surface event between them (the user made several before
// the model's next request) become a single note with the latest list, placed where
// the last of them sits. There is no other reminder: the note stays at its place in
// the history and is never repeated. (An edit before the compaction's boundary is
// told by the summary message, which restates the standing plan.)
//
// Plan first: a plan/approved or plan/rejected is likewise ONE user-role note at its
// place (plan/plan-review.ts), after the note of any edit made before it; so is a
// plan/verify-completion (the flagged items the model marked completed:
// plan/plan-flags.ts), which the loop appends once per flag.
//
// A failed check's check/result (plan/check-note.ts) is ONE user-role note too; a result
// may land inside a step, so its note waits for the step's tool results and goes before
// the next assistant or user message (or last).
import { checkFailedNote } from '../plan/check-note';
import { verifyCompletionNote } from '../plan/plan-flags';
import { PLAN_APPROVED_NOTE, planRejectedNote } from '../plan/plan-review';
import type { TodoItem } from '../plan/todo-schema';
import { userEditNote } from '../plan/user-edit';
import type { AssistantBlock, SessionEvent } from '../session/events';
import { summaryMessageText } from './summary-message';

export type Message =
  | { role: 'user'; text: string }
  | { role: 'assistant'; content: AssistantBlock[] }
  | { role: 'tool'; callId: string; isError: boolean; content: string };

export interface DeriveOptions {
  /** The standing plan now (todos projection), restated after a compaction; null/absent = no plan. */
  plan?: readonly TodoItem[] | null;
  /** Only events up to this seq (what a compaction at this boundary summarizes). */
  throughSeq?: number;
}

/** Index of the first event the model sees (0 without a compaction) and the compaction, if any. */
export function contextStart(events: readonly SessionEvent[]): {
  from: number;
  compaction: Extract<SessionEvent, { type: 'context/compact' }> | null;
} {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type !== 'context/compact') continue;
    let from = i;
    // upToSeq names the latest boundary before the compaction: everything between it and here is kept.
    while (from > 0 && events[from - 1]!.seq > event.data.upToSeq) from--;
    return { from, compaction: event };
  }
  return { from: 0, compaction: null };
}

export function deriveMessages(events: readonly SessionEvent[], options: DeriveOptions = {}): Message[] {
  const { from, compaction } = contextStart(events);
  const messages: Message[] = [];
  if (compaction)
    messages.push({ role: 'user', text: summaryMessageText(compaction.data.summary, options.plan ?? null) });
  let edited: readonly TodoItem[] | null = null;
  let checks: string[] = [];
  const tell = (): void => {
    if (edited !== null) messages.push({ role: 'user', text: userEditNote(edited) });
    edited = null;
  };
  const tellChecks = (): void => {
    for (const text of checks) messages.push({ role: 'user', text });
    checks = [];
  };
  for (let i = from; i < events.length; i++) {
    const event = events[i]!;
    if (options.throughSeq !== undefined && event.seq > options.throughSeq) break;
    if (event.type === 'todo/user-edit') edited = event.data.todos;
    const failed = event.type === 'check/result' ? checkFailedNote(event.data) : null;
    if (failed !== null) checks.push(failed);
    const message = surfaceMessage(event) ?? reviewNote(event);
    if (!message) continue;
    if (message.role !== 'tool') tellChecks();
    tell();
    messages.push(message);
  }
  tellChecks();
  tell();
  return messages;
}

/** The note a plan decision or a verify-completion is to the model; null for every other event. */
function reviewNote(event: SessionEvent): Message | null {
  if (event.type === 'plan/approved') return { role: 'user', text: PLAN_APPROVED_NOTE };
  if (event.type === 'plan/rejected') return { role: 'user', text: planRejectedNote(event.data.feedback) };
  if (event.type === 'plan/verify-completion') return { role: 'user', text: verifyCompletionNote(event.data.items) };
  return null;
}

/**
 * The message a surface event is to the model; null for every other event (a todo/user-edit's note is the caller's).
 */
export function surfaceMessage(event: SessionEvent): Message | null {
  switch (event.type) {
    case 'user/message':
      return { role: 'user', text: event.data.message.text };
    case 'assistant/message':
      return { role: 'assistant', content: event.data.message.content };
    case 'tool/result':
      return { role: 'tool', callId: event.data.callId, isError: event.data.isError, content: event.data.content };
    default:
      return null;
  }
}
