// The standing plan: the latest todo/write or todo/user-edit, with who wrote it.
// Lifetime (docs/todo-write-contract.md): a turn/start clears a plan the MODEL wrote
// (it belongs to the turn that wrote it), but a plan whose latest event is a user
// edit carries into the next turn (the edit says "keep this"). turn/end keeps
// either (the finished checklist stays while the user reads the answer).
import { fold, type Projection } from '../projection/projection';
import type { SessionEvent } from '../session/events';
import type { TodoItem } from './todo-schema';

/** The list the surfaces show; null = no plan. */
export type StandingPlan = readonly TodoItem[] | null;

export type PlanAuthor = 'model' | 'user';

export interface PlanState {
  readonly todos: readonly TodoItem[];
  readonly by: PlanAuthor;
  /** seq of the event that wrote this list. */
  readonly seq: number;
}

export const todosProjection: Projection<PlanState | null> = {
  init: null,
  apply(state: PlanState | null, event: SessionEvent): PlanState | null {
    switch (event.type) {
      case 'todo/write':
        return { todos: event.data.todos, by: 'model', seq: event.seq };
      case 'todo/user-edit':
        return { todos: event.data.todos, by: 'user', seq: event.seq };
      case 'turn/start':
        return state === null || state.by === 'user' ? state : null;
      default:
        return state;
    }
  },
};

/** The list of a plan state (what every surface shows). */
export function standingTodos(state: PlanState | null): StandingPlan {
  return state === null ? null : state.todos;
}

/** The standing plan of a whole log (a replay of the fold). */
export function foldStandingPlan(events: Iterable<SessionEvent>): StandingPlan {
  return standingTodos(fold(todosProjection, events));
}
