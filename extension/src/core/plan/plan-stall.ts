// Stall detection for the status bar: an item in progress while the log has been
// silent for `stallMinutes`. Pure (the caller passes the clock), zod-free, I/O-free.
//
// "Activity" is any line appended to the session's log (a step starting, a tool
// result, a plan write): the log is the one record of work, so a model that streams
// for a long time without appending is silent too, and that is what a stall looks
// like to the user. Only an OPEN turn can stall: after `turn/end` nothing is meant
// to be working, however the plan stands.
import type { TodoItem } from '../domain-literals';

export interface StallInput {
  plan: readonly TodoItem[] | null;
  /** The log has a `turn/start` without its `turn/end`. */
  turnOpen: boolean;
  /** The `ts` (ISO 8601) of the log's latest line; null for an empty log. */
  lastActivity: string | null;
}

export type PlanStall =
  /** Stalled: the log has been silent since `since` (the latest line's `ts`). */
  | { stalled: true; since: string }
  /** Not stalled; `checkAt` (epoch ms) is when it will be if nothing is appended before; null when it cannot stall. */
  | { stalled: false; checkAt: number | null };

/** `stallMinutes` ≤ 0 turns the warning off. */
export function planStall(input: StallInput, nowMs: number, stallMinutes: number): PlanStall {
  const idle: PlanStall = { stalled: false, checkAt: null };
  if (!(stallMinutes > 0) || !input.turnOpen || input.lastActivity === null) return idle;
  if (!input.plan?.some((t) => t.status === 'in_progress')) return idle;
  const last = Date.parse(input.lastActivity);
  if (Number.isNaN(last)) return idle;
  const due = last + stallMinutes * 60_000;
  return nowMs >= due ? { stalled: true, since: input.lastActivity } : { stalled: false, checkAt: due };
}
