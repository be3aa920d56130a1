// One item's timing in the plan ledger (plan-ledger.ts), and how a written version
// changes it.
//
// Timing rules: an item is in progress from the version that lists it in_progress
// until a version lists it otherwise or leaves it out, or its turn ends (turn/end
// pauses it: nothing works on an item between turns). A carried plan resumes its
// in-progress items at turn/start. `startedAt` is the first time it went in
// progress; `finishedAt` the time it became completed (unset again if it is
// reopened). `inProgressSince` is the start of its current unbroken run (kept
// across writes that list it in_progress again, reset at the turn/start that carries
// it, kept at turn/end so the run's length freezes at `turnEndedAt`). `addedAt` /
// `addedBy` are the version that first listed the item in this plan (a user's Edit
// Text… keeps the item's times: it is the same item, reworded; plan-changes.ts says
// when a removed and an added item are one). A dropped item is forgotten once it is
// listed again (restored or rewritten) and when the plan is cleared.
import type { PlanPriority } from '../domain-literals';
import { NO_EVIDENCE, withStatus, type ItemEvidence } from './item-evidence';
import type { TodoStatus } from './todo-schema';
import type { PlanAuthor } from './todos-projection';

export interface ItemTiming {
  /** The version that first listed the item in the standing plan, and who wrote it. */
  addedAt: string;
  addedBy: PlanAuthor;
  startedAt: string | null;
  finishedAt: string | null;
  /** In-progress time of intervals already closed. */
  closedMs: number;
  /** Start of the open in-progress interval (the clock runs), or null. */
  runningSince: string | null;
  /** Start of the item's current in-progress run (null when it is not in progress). */
  inProgressSince: string | null;
  /** An ACP agent's priority for the item when it is not `medium` (todo/write.priorities); the user's edits keep it. */
  priority: ShownPriority | null;
  evidence: ItemEvidence;
}

/** The priorities the surfaces show (ACP's neutral `medium` is not shown). */
export type ShownPriority = Exclude<PlanPriority, 'medium'>;

/**
 * What a written version says of an item: its status, who wrote
 * it, its shown priority, when, and whether a turn is open.
 */
export interface ItemWrite {
  status: TodoStatus;
  by: PlanAuthor;
  priority: ShownPriority | null;
  ts: string;
  turnOpen: boolean;
}

/** The item's timing after a version lists it with `write`'s status (`was`: before, or new). */
export function timingAfterWrite(was: ItemTiming, { status, by, priority, ts, turnOpen }: ItemWrite): ItemTiming {
  let t = was;
  if (priority !== t.priority) t = { ...t, priority };
  const evidence = withStatus(t.evidence, status, by);
  if (evidence !== t.evidence) t = { ...t, evidence };
  if (status === 'in_progress') {
    if (t.runningSince === null && turnOpen) t = { ...t, runningSince: ts };
    if (t.startedAt === null) t = { ...t, startedAt: ts };
    if (t.finishedAt !== null) t = { ...t, finishedAt: null };
    if (t.inProgressSince === null) t = { ...t, inProgressSince: ts };
    return t;
  }
  t = close(t, ts);
  const finished = status === 'completed' ? (t.finishedAt ?? ts) : null;
  if (finished !== t.finishedAt) t = { ...t, finishedAt: finished };
  if (t.inProgressSince !== null) t = { ...t, inProgressSince: null };
  return t;
}

export function shownPriority(priority: PlanPriority | undefined): ShownPriority | null {
  return priority === 'high' || priority === 'low' ? priority : null;
}

export function newTiming(ts: string, by: PlanAuthor): ItemTiming {
  return {
    addedAt: ts,
    addedBy: by,
    startedAt: null,
    finishedAt: null,
    closedMs: 0,
    runningSince: null,
    inProgressSince: null,
    priority: null,
    evidence: NO_EVIDENCE,
  };
}

/** The item's open in-progress interval closed at `ts`. */
export function close(t: ItemTiming, ts: string): ItemTiming {
  if (t.runningSince === null) return t;
  return { ...t, closedMs: t.closedMs + Math.max(0, Date.parse(ts) - Date.parse(t.runningSince)), runningSince: null };
}
