// The standing plan: the latest todo/write or todo/user-edit, with who wrote it.
// Lifetime (docs/todo-write-contract.md): a turn/start clears a plan the MODEL wrote
// (it belongs to the turn that wrote it), but a plan whose latest event is a user
// edit carries into the next turn (the edit says "keep this"). turn/end keeps
// either (the finished checklist stays while the user reads the answer).
//
// Plan first: a plan/proposed, plan/approved or plan/rejected marks the standing
// plan's review (`review`); the list is unchanged. A plan whose latest event is one
// of them carries into the next turn too (a proposal waits for its decision; a
// decision made between turns is what the next turn goes on from). A user's edit
// keeps the review (edits before approving); a model's write keeps an approval (the
// approved plan being worked) and drops any other (a new draft).
import type { Projection } from '../session/projection';
import type { SessionEvent } from '../session/events';
import type { TodoItem } from './todo-schema';

/** The list the surfaces show; null = no plan. */
export type StandingPlan = readonly TodoItem[] | null;

export type PlanAuthor = 'model' | 'user';

/** Where the plan stands in a plan-first review; `seq` is the review event's. */
interface PlanReview {
  readonly stage: 'proposed' | 'approved' | 'rejected';
  readonly seq: number;
}

export interface PlanState {
  readonly todos: readonly TodoItem[];
  readonly by: PlanAuthor;
  /** seq of the event that wrote this list (the plan version). */
  readonly seq: number;
  /** null when the plan was never proposed (plan first off) or is a new draft. */
  readonly review: PlanReview | null;
}

const REVIEW_STAGES = {
  'plan/proposed': 'proposed',
  'plan/approved': 'approved',
  'plan/rejected': 'rejected',
} as const;

export const todosProjection: Projection<PlanState | null> = {
  init: null,
  apply(state: PlanState | null, event: SessionEvent): PlanState | null {
    switch (event.type) {
      case 'todo/write':
        return {
          todos: event.data.todos,
          by: 'model',
          seq: event.seq,
          review: state?.review?.stage === 'approved' ? state.review : null,
        };
      case 'todo/user-edit':
        return { todos: event.data.todos, by: 'user', seq: event.seq, review: state?.review ?? null };
      case 'plan/proposed':
      case 'plan/approved':
      case 'plan/rejected':
        return state === null ? null : { ...state, review: { stage: REVIEW_STAGES[event.type], seq: event.seq } };
      case 'turn/start':
        return state === null || carries(state) ? state : null;
      default:
        return state;
    }
  },
};

/** Whether the plan outlives a turn/start: a user's list, or one whose latest event is its review. */
function carries(state: PlanState): boolean {
  return state.by === 'user' || (state.review !== null && state.review.seq > state.seq);
}

/** The list of a plan state (what every surface shows). */
export function standingTodos(state: PlanState | null): StandingPlan {
  return state === null ? null : state.todos;
}
