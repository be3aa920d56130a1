// Where plan review's events (review-events.ts) may sit in a log: between steps or
// between turns, naming an earlier event (a plan version, a comment). Whether `planSeq`
// names a plan version and `itemId` one of its items is the fold's to read (a comment on
// no item is `stale`), so a checker resumed mid-log checks the same.
import type { SessionEvent } from './events';
import { inTurn, type LogPosition } from './invariant-checks';

type ReviewEvent = Extract<SessionEvent, { type: 'plan/comment' | 'plan/comment-resolved' | 'plan/scope-changed' }>;

export function checkReviewEvent(p: Readonly<LogPosition>, event: ReviewEvent): string | null {
  if (p.openStep) return `${event.type} inside step ${p.openStep.step} (it lands between steps or between turns)`;
  if (event.type === 'plan/scope-changed')
    return inTurn(p, event.type, event.data.turn) ?? named(event, event.data.planSeq);
  return named(event, event.type === 'plan/comment' ? event.data.planSeq : event.data.commentSeq);
}

/** The event `seq` named by `event` comes before it. */
function named(event: ReviewEvent, seq: number): string | null {
  return seq < event.seq ? null : `${event.type} names event ${seq}, which does not come before it`;
}
