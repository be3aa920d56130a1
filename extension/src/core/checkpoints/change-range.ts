// An item's change range, a pure function of the log: `from` is the first checkpoint
// after the plan write that turned the item in_progress (the workspace before its first
// change), `to` the first checkpoint after the write that turned it completed (null:
// not completed yet, or no checkpoint since: "the workspace now"). Items are followed
// by their content, from write to write (todo/write and todo/user-edit). A later turn
// to in_progress starts a new range; a `changes/reverted` of the item ends its range.
// `from` null: no checkpoint since the item started, so it changed nothing.
import type { SessionEvent } from '../session/events';
import type { TodoStatus } from '../plan/todo-schema';

export interface ChangeRange {
  item: string;
  /** The seq of the plan write that turned the item in_progress (or completed, for an item never in progress). */
  startedSeq: number;
  from: string | null;
  /** Null: the workspace now. */
  to: string | null;
  completed: boolean;
}

export function changeRange(events: Iterable<SessionEvent>, item: string): ChangeRange | null {
  let status: TodoStatus | undefined;
  let range: ChangeRange | null = null;
  let completedSeq: number | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit': {
        const next = event.data.todos.find((todo) => todo.content === item)?.status;
        if (next !== status && next === 'in_progress') {
          range = { item, startedSeq: event.seq, from: null, to: null, completed: false };
          completedSeq = null;
        } else if (next !== status && next === 'completed') {
          range ??= { item, startedSeq: event.seq, from: null, to: null, completed: false };
          range.completed = true;
          range.to = null;
          completedSeq = event.seq;
        } else if (next !== status && range !== null && range.completed) {
          // Reopened: its work stands until it turns in_progress again.
          range.completed = false;
        }
        status = next;
        break;
      }
      case 'checkpoint/created':
        if (range === null) break;
        range.from ??= event.data.commit;
        if (completedSeq !== null && range.to === null) range.to = event.data.commit;
        break;
      case 'changes/reverted':
        if (event.data.item === item) {
          range = null;
          completedSeq = null;
        }
        break;
      default:
        break;
    }
  }
  return range;
}
