// The standing plan's ledger, a projection: the plan itself (with who wrote it), per
// item when it was added and by whom, when it started, when it finished, how long it
// has been in progress and since when its current run lasts; when the plan's turn
// ended (item-timing.ts); the subagents that turn started; and the items a model write DROPPED (left
// out while not completed) that have not come back since. Its size is the standing
// plan's, whatever the log's length.
//
// Plan lifetime (todosProjection): a turn/start clears a plan the model wrote, a plan
// whose latest event is a user edit carries into the next turn. A turn/start that
// clears the plan clears the ledger, subagents included; every turn/start forgets
// the previous turn's subagents. Items run in parallel hang their child sessions under
// their items the same way (item-run/start, item-run/end).
//
// Plan first: the plan's review (proposed, approved, rejected) is the todos
// projection's (`plan.review`); a review event changes nothing else but the drift:
// once approved, how the standing plan moved away from the approved version
// (plan-drift.ts), null while no approval stands.
//
// Subagents: subagent-marks.ts.
//
// Evidence (item-evidence.ts): each item's tool calls while it was in progress, who
// marked it completed and whether the model was told its flag, kept on its timing;
// `openCalls` are the open step's calls waiting for their results.
//
// Changes (core/plan/change-range.ts): each item's change range between the
// checkpoints, kept across the turn/start that clears a plan (a range follows an
// item's content, not a plan).
//
// Review (plan-comments.ts): the comments on the plan's items and the version the user
// last saw, kept across a turn/start like the change ranges (a comment follows its item).
import { changeRangesProjection, type ChangeRanges } from './change-range';
import type { PlanPriority } from '../domain-literals';
import type { Projection } from '../session/projection';
import type { EventEnvelope, SessionEvent } from '../session/events';
import { openCall, recordCall, resultCall, type ItemEvidence, type OpenCall } from './item-evidence';
import { planChanges } from './plan-changes';
import { planCommentsProjection, type PlanReviewState } from './plan-comments';
import { itemRunsProjection, type ItemRunsByContent } from './item-runs';
import { nextDrift, type PlanDrift } from './plan-drift';
import type { TodoStatus } from './todo-schema';
import { close, newTiming, shownPriority, timingAfterWrite, type ItemTiming } from './item-timing';
import { todosProjection, type PlanState } from './todos-projection';
import { itemChildEnded, itemChildStarted, subagentEnded, subagentStarted, type SubagentMark } from './subagent-marks';

export type { ItemTiming } from './item-timing';
export type { SubagentMark };

export interface DroppedItem {
  content: string;
  /** Its status when it was dropped (Restore puts it back so). */
  status: TodoStatus;
  /** Its place in the list it was dropped from (Restore puts it back there, or at the end). */
  index: number;
  /** The todo/write that dropped it. */
  seq: number;
  ts: string;
}

export interface PlanLedger {
  readonly plan: PlanState | null;
  readonly timings: ReadonlyMap<string, ItemTiming>;
  readonly dropped: readonly DroppedItem[];
  /** Whether the current turn is open (clocks run) — false before any turn and after turn/end. */
  readonly turnOpen: boolean;
  /** `ts` of the turn/end of the current turn; null while it is open or before any turn. */
  readonly turnEndedAt: string | null;
  readonly subagents: readonly SubagentMark[];
  /** The open step's calls that count for an item, by call id, until their results. */
  readonly openCalls: ReadonlyMap<string, OpenCall>;
  /** Plan first: the standing plan against its approved version, while an approval stands. */
  readonly drift: PlanDrift | null;
  /** Each item's change range between checkpoints (its files in the evidence). */
  readonly changes: ChangeRanges;
  /** The comments, each plan version's item ids and the version the user last saw. */
  readonly review: PlanReviewState;
  /** Items run in parallel: each item's latest child run, its branch and how it ended (item-runs.ts). */
  readonly itemRuns: ItemRunsByContent;
}

const EMPTY: PlanLedger = {
  plan: null,
  timings: new Map(),
  dropped: [],
  turnOpen: false,
  turnEndedAt: null,
  subagents: [],
  openCalls: new Map(),
  drift: null,
  changes: changeRangesProjection.init,
  review: planCommentsProjection.init,
  itemRuns: itemRunsProjection.init,
};
const CLEARED: PlanLedger = { ...EMPTY, turnOpen: true };

export const planLedgerProjection: Projection<PlanLedger> = {
  init: EMPTY,
  apply(state: PlanLedger, event: SessionEvent): PlanLedger {
    const changes = changeRangesProjection.apply(state.changes, event);
    const review = planCommentsProjection.apply(state.review, event);
    const itemRuns = itemRunsProjection.apply(state.itemRuns, event);
    const next = applyToPlan(state, event);
    const same = next.changes === changes && next.review === review && next.itemRuns === itemRuns;
    return same ? next : { ...next, changes, review, itemRuns };
  },
};

/** The ledger but its change ranges, review and item runs. */
function applyToPlan(state: PlanLedger, event: SessionEvent): PlanLedger {
  switch (event.type) {
    case 'todo/write':
    case 'todo/user-edit': {
      const plan = todosProjection.apply(state.plan, event);
      if (plan === null) return state;
      const written = writeVersion(
        state,
        plan,
        event.ts,
        event.type === 'todo/write' ? event.data.priorities : undefined,
      );
      return { ...written, drift: nextDrift(state.drift, state.plan, plan, event) };
    }
    case 'plan/proposed':
    case 'plan/approved':
    case 'plan/rejected': {
      // The review mark and the drift only: the list, its timings and drops are unchanged.
      const plan = todosProjection.apply(state.plan, event);
      return plan === state.plan ? state : { ...state, plan, drift: nextDrift(state.drift, state.plan, plan, event) };
    }
    case 'turn/start':
      return turnStarted(state, event);
    case 'turn/end': {
      const timings = new Map<string, ItemTiming>();
      for (const [content, t] of state.timings) timings.set(content, close(t, event.ts));
      return { ...state, timings, turnOpen: false, turnEndedAt: event.ts };
    }
    case 'subagent/start':
      return { ...state, subagents: subagentStarted(state.subagents, state.timings, event) };
    case 'subagent/end': {
      const subagents = subagentEnded(state.subagents, event);
      return subagents === state.subagents ? state : { ...state, subagents };
    }
    case 'item-run/start':
    case 'item-run/end':
      return withItemChild(state, event);
    case 'tool/call': {
      const inProgress = state.plan?.todos.filter((t) => t.status === 'in_progress').map((t) => t.content) ?? [];
      const call = openCall(event.data.name, inProgress);
      return call === null ? state : { ...state, openCalls: new Map(state.openCalls).set(event.data.callId, call) };
    }
    case 'tool/result': {
      const call = state.openCalls.get(event.data.callId);
      if (call === undefined) return state;
      const openCalls = new Map(state.openCalls);
      openCalls.delete(event.data.callId);
      const recorded = resultCall(call, event);
      return { ...state, openCalls, timings: mapEvidence(state.timings, call.items, (e) => recordCall(e, recorded)) };
    }
    case 'plan/verify-completion': {
      const told = event.data.items.map((i) => i.content);
      return { ...state, timings: mapEvidence(state.timings, told, (e) => (e.told ? e : { ...e, told: true })) };
    }
    default:
      return state;
  }
}

/** An item run in parallel: its child session marked under its item (started or ended). */
function withItemChild(state: PlanLedger, event: EventEnvelope<'item-run/start'> | EventEnvelope<'item-run/end'>) {
  const subagents =
    event.type === 'item-run/start' ? itemChildStarted(state.subagents, event) : itemChildEnded(state.subagents, event);
  return subagents === state.subagents ? state : { ...state, subagents };
}

/** A turn/start: the plan cleared, or carried into the turn with its items in progress running again. */
function turnStarted(state: PlanLedger, event: EventEnvelope<'turn/start'>): PlanLedger {
  const plan = todosProjection.apply(state.plan, event);
  if (plan === null) return isCleared(state) ? state : { ...CLEARED, changes: state.changes };
  const timings = new Map<string, ItemTiming>();
  for (const [content, t] of state.timings) {
    const active = plan.todos.some((i) => i.content === content && i.status === 'in_progress');
    timings.set(content, active ? { ...t, runningSince: event.ts, inProgressSince: event.ts } : t);
  }
  return {
    ...state,
    plan,
    timings,
    turnOpen: true,
    turnEndedAt: null,
    subagents: [],
    openCalls: new Map(),
    drift: nextDrift(state.drift, state.plan, plan, event),
  };
}

/** The cleared ledger, whatever its change ranges, review and item runs. */
function isCleared(state: PlanLedger): boolean {
  const kept = new Set<keyof PlanLedger>(['changes', 'review', 'itemRuns']);
  return (Object.keys(CLEARED) as (keyof PlanLedger)[]).every((key) => kept.has(key) || state[key] === CLEARED[key]);
}

/** `timings` with the evidence of each of `items` (those still in the plan) changed by `change`. */
function mapEvidence(
  timings: ReadonlyMap<string, ItemTiming>,
  items: readonly string[],
  change: (e: ItemEvidence) => ItemEvidence,
): ReadonlyMap<string, ItemTiming> {
  const next = new Map(timings);
  for (const content of items) {
    const t = next.get(content);
    if (t !== undefined) next.set(content, { ...t, evidence: change(t.evidence) });
  }
  return next;
}

/** `plan`: the todos projection's state after the write. */
function writeVersion(
  state: PlanLedger,
  plan: PlanState,
  ts: string,
  priorities: readonly PlanPriority[] | undefined,
): PlanLedger {
  const { todos, by, seq } = plan;
  const byModel = by === 'model';
  const listed = new Set(todos.map((t) => t.content));
  const dropped = state.dropped.filter((d) => !listed.has(d.content));
  const changes = state.plan ? planChanges(state.plan.todos, todos, by) : [];
  if (byModel && state.plan) {
    state.plan.todos.forEach((item, index) => {
      if (changes.some((c) => c.kind === 'dropped' && c.content === item.content))
        dropped.push({ content: item.content, status: item.status, index, seq, ts });
    });
  }
  /** new text -> old text, for items the user reworded. */
  const reworded = new Map(
    changes.flatMap((c) => (c.kind === 'text' && c.from !== undefined ? [[c.content, c.from] as const] : [])),
  );
  const timings = new Map<string, ItemTiming>();
  todos.forEach((item, index) => {
    const was =
      state.timings.get(item.content) ?? state.timings.get(reworded.get(item.content) ?? '') ?? newTiming(ts, by);
    // A model's list says every item's priority (none: ours); a user's edit keeps each item's.
    const priority = byModel ? shownPriority(priorities?.[index]) : was.priority;
    timings.set(
      item.content,
      timingAfterWrite(was, { status: item.status, by, priority, ts, turnOpen: state.turnOpen }),
    );
  });
  return { ...state, plan, timings, dropped };
}
