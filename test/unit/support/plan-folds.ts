// The plan a whole log decides, through the product's own folds and reader: the todos
// projection (the fold every surface runs), the plan history's folder, and the tail
// reader with no bound (readRecentPlan from the first byte). What a test compares a
// surface, a replay or a property with.
import { PlanHistoryFolder, type PlanVersion } from '../../../extension/src/core/plan/plan-history';
import {
  standingTodos,
  todosProjection,
  type PlanState,
  type StandingPlan,
} from '../../../extension/src/core/plan/todos-projection';
import { fold } from '../../../extension/src/core/session/projection';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { readRecentPlan } from '../../../extension/src/core/store/tail-reader';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';

/** The standing plan of a whole log (a replay of the fold). */
export function foldStandingPlan(events: Iterable<SessionEvent>): StandingPlan {
  return standingTodos(fold(todosProjection, events));
}

/** Every plan version of a log, as the plan history's folder keeps them. */
export function planHistory(events: Iterable<SessionEvent>): PlanVersion[] {
  const folder = new PlanHistoryFolder();
  for (const event of events) folder.apply(event);
  return [...folder.versions];
}

/** The standing plan as of event `seq` (that event included); null before any plan or when cleared. */
export function planAt(events: Iterable<SessionEvent>, seq: number): PlanState | null {
  let state = todosProjection.init;
  for (const event of events) {
    if (event.seq > seq) break;
    state = todosProjection.apply(state, event);
  }
  return state;
}

/** The standing plan read from the log's end, however far back it was decided. */
export function readStandingPlan(logPath: string): TodoItem[] | null {
  return readRecentPlan(logPath, Number.POSITIVE_INFINITY) ?? null;
}
