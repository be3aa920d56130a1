// Durations read off the plan ledger (plan-ledger.ts), for hosts to word: the total
// time an item spent in progress, the length of its current run (frozen at the
// turn's end, counting to `now` while the turn is open) and whether a clock ticks.
import type { ItemTiming, PlanLedger } from './plan-ledger';

/** Time in progress of an item, counting an open interval up to `now`. */
export function timeInProgressMs(t: ItemTiming, now: Date): number {
  return t.closedMs + (t.runningSince === null ? 0 : Math.max(0, now.getTime() - Date.parse(t.runningSince)));
}

/**
 * How long an item's current run has lasted: to the turn's end, or
 * to `now` while the turn is open; null when it is not in progress.
 */
export function inProgressElapsedMs(ledger: PlanLedger, content: string, now: Date): number | null {
  const since = ledger.timings.get(content)?.inProgressSince ?? null;
  if (since === null) return null;
  const end = ledger.turnEndedAt === null ? now.getTime() : Date.parse(ledger.turnEndedAt);
  return Math.max(0, end - Date.parse(since));
}

/** Hours, minutes and seconds of a duration, for a host to word in its language. */
export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.floor(Math.max(0, ms) / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
