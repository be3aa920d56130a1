// The standing plan: the latest todo/write not followed by a later turn/start.
// turn/end keeps it (the finished checklist stays while the user reads the answer).
import type { Projection } from '../projection/projection';
import type { SessionEvent } from '../session/events';
import type { TodoItem } from './todo-schema';

export type StandingPlan = readonly TodoItem[] | null;

export const todosProjection: Projection<StandingPlan> = {
  key: 'todos',
  stateVersion: 1,
  init: null,
  apply(state: StandingPlan, event: SessionEvent): StandingPlan {
    switch (event.type) {
      case 'todo/write':
        return event.data.todos;
      case 'turn/start':
        return state === null ? state : null;
      default:
        return state;
    }
  },
};
