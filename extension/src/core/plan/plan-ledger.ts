// The standing plan's ledger, a projection: per item, when it started, when it
// finished and how long it has been in progress; and the items a model write DROPPED
// (left out while not completed) that have not come back since. Its size is the
// standing plan's, whatever the log's length.
//
// Timing rules: an item is in progress from the version that lists it in_progress
// until a version lists it otherwise or leaves it out, or its turn ends (turn/end
// pauses it: nothing works on an item between turns). A plan that carries into the
// next turn (latest event a user edit) resumes its in-progress items at turn/start.
// `startedAt` is the first time it went in progress; `finishedAt` the time it became
// completed (unset again if it is reopened). A turn/start that clears the plan clears
// the ledger. `addedAt`/`addedBy` are the version that first listed the item in this
// plan (a user's Edit Text… keeps the item's times: it is the same item, reworded;
// plan-changes.ts says when a removed and an added item are one). A dropped item is forgotten once it is listed again (restored or
// rewritten) and when the plan is cleared.
import type { Projection } from '../projection/projection';
import type { SessionEvent } from '../session/events';
import { planChanges } from './plan-changes';
import type { TodoItem, TodoStatus } from './todo-schema';
import { todosProjection, type PlanAuthor, type PlanState } from './todos-projection';

export interface ItemTiming {
  /** The version that first listed the item in the standing plan, and who wrote it. */
  addedAt: string;
  addedBy: PlanAuthor;
  startedAt: string | null;
  finishedAt: string | null;
  /** In-progress time of intervals already closed. */
  closedMs: number;
  /** Start of the open in-progress interval, or null. */
  runningSince: string | null;
}

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
}

const EMPTY: PlanLedger = { plan: null, timings: new Map(), dropped: [], turnOpen: false };
const CLEARED: PlanLedger = { ...EMPTY, turnOpen: true };

export const planLedgerProjection: Projection<PlanLedger> = {
  key: 'plan-ledger',
  stateVersion: 2,
  init: EMPTY,
  apply(state: PlanLedger, event: SessionEvent): PlanLedger {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit':
        return writeVersion(state, event.type === 'todo/write', event.data.todos, event.seq, event.ts);
      case 'turn/start': {
        const plan = todosProjection.apply(state.plan, event);
        if (plan === null) return state === CLEARED ? state : CLEARED;
        const timings = new Map<string, ItemTiming>();
        for (const [content, t] of state.timings) {
          const active = plan.todos.some((i) => i.content === content && i.status === 'in_progress');
          timings.set(content, active ? { ...t, runningSince: event.ts } : t);
        }
        return { ...state, plan, timings, turnOpen: true };
      }
      case 'turn/end': {
        const timings = new Map<string, ItemTiming>();
        for (const [content, t] of state.timings) timings.set(content, close(t, event.ts));
        return { ...state, timings, turnOpen: false };
      }
      default:
        return state;
    }
  },
};

function writeVersion(state: PlanLedger, byModel: boolean, todos: readonly TodoItem[], seq: number, ts: string): PlanLedger {
  const listed = new Set(todos.map((t) => t.content));
  const dropped = state.dropped.filter((d) => !listed.has(d.content));
  const by: PlanAuthor = byModel ? 'model' : 'user';
  const changes = state.plan ? planChanges(state.plan.todos, todos, by) : [];
  if (byModel && state.plan) {
    state.plan.todos.forEach((item, index) => {
      if (changes.some((c) => c.kind === 'dropped' && c.content === item.content)) dropped.push({ content: item.content, status: item.status, index, seq, ts });
    });
  }
  /** new text -> old text, for items the user reworded. */
  const reworded = new Map(changes.flatMap((c) => (c.kind === 'text' && c.from !== undefined ? [[c.content, c.from] as const] : [])));
  const timings = new Map<string, ItemTiming>();
  for (const item of todos) {
    const was = state.timings.get(item.content) ?? state.timings.get(reworded.get(item.content) ?? '') ?? { addedAt: ts, addedBy: by, startedAt: null, finishedAt: null, closedMs: 0, runningSince: null };
    let t = was;
    if (item.status === 'in_progress') {
      if (t.runningSince === null && state.turnOpen) t = { ...t, runningSince: ts };
      if (t.startedAt === null) t = { ...t, startedAt: ts };
      if (t.finishedAt !== null) t = { ...t, finishedAt: null };
    } else {
      t = close(t, ts);
      const finished = item.status === 'completed' ? (t.finishedAt ?? ts) : null;
      if (finished !== t.finishedAt) t = { ...t, finishedAt: finished };
    }
    timings.set(item.content, t);
  }
  return { plan: { todos, by, seq }, timings, dropped, turnOpen: state.turnOpen };
}

function close(t: ItemTiming, ts: string): ItemTiming {
  if (t.runningSince === null) return t;
  return { ...t, closedMs: t.closedMs + Math.max(0, Date.parse(ts) - Date.parse(t.runningSince)), runningSince: null };
}

/** Time in progress of an item, counting an open interval up to `now`. */
export function timeInProgressMs(t: ItemTiming, now: Date): number {
  return t.closedMs + (t.runningSince === null ? 0 : Math.max(0, now.getTime() - Date.parse(t.runningSince)));
}
