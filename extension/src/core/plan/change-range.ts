// Each plan item's change range, a projection of the log: `from` is the first
// checkpoint after the plan write that turned the item in_progress (the workspace
// before its first change), `to` the first checkpoint after the write that turned it
// completed (null: not completed yet, or no checkpoint since: "the workspace now").
// Items are followed by their content, from write to write (todo/write and
// todo/user-edit). A later turn to in_progress starts a new range; a
// `changes/reverted` of the item ends its range. `from` null: no checkpoint since the
// item started, so it changed nothing.
//
// Only the items of the latest written plan are kept (an item a write leaves out
// forgets its range), so the state is the plan's size whatever the log's length;
// `latest` is the log's last checkpoint (null: the log has none, e.g. checkpoints off).
import type { Projection } from '../session/projection';
import type { SessionEvent } from '../session/events';
import type { TodoStatus } from './todo-schema';

export interface ChangeRange {
  item: string;
  /** The seq of the plan write that turned the item in_progress (or completed, for an item never in progress). */
  startedSeq: number;
  from: string | null;
  /** Null: the workspace now. */
  to: string | null;
  completed: boolean;
}

interface ItemRange {
  status: TodoStatus;
  range: ChangeRange | null;
  /** The write that turned it completed, until a checkpoint closes the range. */
  completedSeq: number | null;
}

export interface ChangeRanges {
  readonly items: ReadonlyMap<string, ItemRange>;
  readonly latest: string | null;
}

export const changeRangesProjection: Projection<ChangeRanges> = {
  init: { items: new Map(), latest: null },
  apply(state: ChangeRanges, event: SessionEvent): ChangeRanges {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit': {
        const items = new Map<string, ItemRange>();
        for (const todo of event.data.todos)
          items.set(todo.content, written(todo.content, state.items.get(todo.content), todo.status, event.seq));
        return { ...state, items };
      }
      case 'checkpoint/created': {
        const { commit } = event.data;
        const items = new Map<string, ItemRange>();
        for (const [content, item] of state.items) items.set(content, checkpointed(item, commit));
        return { items, latest: commit };
      }
      case 'changes/reverted': {
        const item = state.items.get(event.data.item);
        if (item === undefined || item.range === null) return state;
        return {
          ...state,
          items: new Map(state.items).set(event.data.item, { ...item, range: null, completedSeq: null }),
        };
      }
      default:
        return state;
    }
  },
};

/** The item as a plan write that lists it with `next` leaves it. */
function written(item: string, before: ItemRange | undefined, next: TodoStatus, seq: number): ItemRange {
  if (before !== undefined && before.status === next) return before;
  const range = before?.range ?? null;
  if (next === 'in_progress')
    return {
      status: next,
      range: { item, startedSeq: seq, from: null, to: null, completed: false },
      completedSeq: null,
    };
  if (next === 'completed')
    return {
      status: next,
      range: { ...(range ?? { item, startedSeq: seq, from: null }), to: null, completed: true },
      completedSeq: seq,
    };
  // Reopened: its work stands until it turns in_progress again.
  return {
    status: next,
    range: range === null || !range.completed ? range : { ...range, completed: false },
    completedSeq: before?.completedSeq ?? null,
  };
}

function checkpointed(item: ItemRange, commit: string): ItemRange {
  const { range, completedSeq } = item;
  if (range === null) return item;
  const from = range.from ?? commit;
  const to = completedSeq !== null && range.to === null ? commit : range.to;
  return from === range.from && to === range.to ? item : { ...item, range: { ...range, from, to } };
}

/** The item's range in `ranges` (null: none, or the item is not in the latest plan). */
function rangeOf(ranges: ChangeRanges, item: string): ChangeRange | null {
  return ranges.items.get(item)?.range ?? null;
}

/** The item's range over the whole log. */
export function changeRange(events: Iterable<SessionEvent>, item: string): ChangeRange | null {
  let state = changeRangesProjection.init;
  for (const event of events) state = changeRangesProjection.apply(state, event);
  return rangeOf(state, item);
}

/**
 * The two checkpoints an item's evidence compares (its `files`): its range, with an
 * open end at the log's latest checkpoint. Null when the item changed nothing (no
 * range, or no checkpoint since it started).
 */
export function evidenceEnds(ranges: ChangeRanges, item: string): { from: string; to: string } | null {
  const range = rangeOf(ranges, item);
  if (range === null || range.from === null) return null;
  const to = range.to ?? ranges.latest;
  return to === null ? null : { from: range.from, to };
}
