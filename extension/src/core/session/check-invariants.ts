// Where a check's events (check-events.ts) may sit in a log: a check set or accepted
// is the user's decision, so it lands between steps or between turns (the model's next
// request is the first to see the plan it belongs to); a check's result lands anywhere
// (our agent runs an item's check right after the call that completed it).
import type { SessionEvent } from './events';
import type { LogPosition } from './invariant-checks';

type CheckEvent = Extract<SessionEvent, { type: 'plan/check-set' | 'plan/check-accepted' | 'check/result' }>;

export function checkCheckEvent(p: Readonly<LogPosition>, event: CheckEvent): string | null {
  if (event.type === 'check/result' || !p.openStep) return null;
  return `${event.type} inside step ${p.openStep.step} (it lands between steps or between turns)`;
}
