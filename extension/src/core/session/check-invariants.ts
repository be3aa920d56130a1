// Where a check's events (check-events.ts) may sit in a log: a check set or accepted
// is the user's decision, so it lands between steps or between turns (the model's next
// request is the first to see the plan it belongs to); a check's result lands anywhere
// (our agent runs an item's check right after the call that completed it). Items run in
// parallel record their runs the same way, between steps.
import type { SessionEvent } from './events';
import type { LogPosition } from './invariant-checks';

type CheckEvent = Extract<SessionEvent, { type: 'plan/check-set' | 'plan/check-accepted' | 'check/result' }>;

export function checkCheckEvent(p: Readonly<LogPosition>, event: CheckEvent): string | null {
  if (event.type === 'check/result' || !p.openStep) return null;
  return `${event.type} inside step ${p.openStep.step} (it lands between steps or between turns)`;
}

type ItemRunEvent = Extract<SessionEvent, { type: `item-run/${string}` }>;

/**
 * Where items run in parallel record their runs (item-run-events.ts): never inside a step
 * (the runner writes `item-run/child` as a child log's first event).
 */
export function checkItemRunEvent(p: Readonly<LogPosition>, event: ItemRunEvent): string | null {
  if (!p.openStep) return null;
  return `${event.type} inside step ${p.openStep.step} (it lands between steps or between turns)`;
}
