// Where plan review's events (review-events.ts) may sit in a log: between steps or
// between turns, naming an earlier event (a plan version, a comment). Whether `planSeq`
// names a plan version and `itemId` one of its items is the fold's to read (a comment on
// no item is `stale`), so a checker resumed mid-log checks the same.
import type { SessionEvent } from './events';
import type { LogPosition } from './invariant-checks';

type ReviewEvent = Extract<SessionEvent, { type: 'plan/comment' | 'plan/comment-resolved' }>;

export function checkReviewEvent(p: Readonly<LogPosition>, event: ReviewEvent): string | null {
  if (p.openStep) return `${event.type} inside step ${p.openStep.step} (it lands between steps or between turns)`;
  const named = event.type === 'plan/comment' ? event.data.planSeq : event.data.commentSeq;
  return named < event.seq ? null : `${event.type} names event ${named}, which does not come before it`;
}
