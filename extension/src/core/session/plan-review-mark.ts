// What the log's invariant checker (invariants.ts) knows of the standing plan, for
// the plan-first review events (docs/todo-write-contract.md, "Plan first"): the
// plan version (seq of the todo/write or todo/user-edit that wrote the list), its
// list, whether it outlives a turn/start (the todos projection's lifetime rule) and
// whether a proposal of it waits for its decision.
//
// Rules: a plan/proposed names the standing plan's version and carries its whole
// list; a plan/approved or plan/rejected needs an undecided proposal, names the
// version standing now (a user's edits after the proposal make a later version; the
// decision is about the list as it stands), and an approval carries that list; a
// rejection's feedback is not blank. A model write after a proposal is a new draft:
// it must be proposed again before it is decided.
import type { TodoItem } from '../domain-literals';
import type { SessionEvent } from './events';

export interface PlanMark {
  readonly seq: number;
  readonly todos: readonly TodoItem[];
  /** The plan outlives a turn/start: a user's list, or one whose latest event is a review. */
  readonly carries: boolean;
  /** A plan/proposed of this plan waits for its decision. */
  readonly proposed: boolean;
}

type PlanEvent = Extract<
  SessionEvent,
  { type: 'todo/write' | 'todo/user-edit' | 'plan/proposed' | 'plan/approved' | 'plan/rejected' | 'turn/start' }
>;
type ReviewEvent = Extract<SessionEvent, { type: 'plan/proposed' | 'plan/approved' | 'plan/rejected' }>;

export function acceptPlanMark(mark: PlanMark | null | 'unknown', event: PlanEvent): PlanMark | null | 'unknown' {
  switch (event.type) {
    case 'todo/write':
      return { seq: event.seq, todos: event.data.todos, carries: false, proposed: false };
    case 'todo/user-edit':
      return {
        seq: event.seq,
        todos: event.data.todos,
        carries: true,
        proposed: typeof mark === 'object' && mark !== null && mark.proposed,
      };
    case 'turn/start':
      return typeof mark === 'object' && mark !== null && !mark.carries ? null : mark;
    case 'plan/proposed':
      return typeof mark === 'object' && mark !== null ? { ...mark, carries: true, proposed: true } : mark;
    case 'plan/approved':
    case 'plan/rejected':
      return typeof mark === 'object' && mark !== null ? { ...mark, carries: true, proposed: false } : mark;
  }
}

/** null when the review event fits the plan as the checker knows it, else what is wrong. */
export function checkPlanReview(mark: PlanMark | null | 'unknown', event: ReviewEvent): string | null {
  if (event.type === 'plan/rejected' && event.data.feedback.trim() === '') return 'plan/rejected feedback is blank';
  if (mark === 'unknown') return null;
  if (mark === null) return `${event.type} with no standing plan`;
  if (event.type !== 'plan/proposed' && !mark.proposed) return `${event.type} with no proposal waiting for a decision`;
  if (event.data.planSeq !== mark.seq)
    return `${event.type} names plan version ${event.data.planSeq}, but the standing plan is version ${mark.seq}`;
  if (event.type !== 'plan/rejected' && !sameList(event.data.todos, mark.todos))
    return `${event.type} todos are not the standing plan's list`;
  return null;
}

function sameList(a: readonly TodoItem[], b: readonly TodoItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.content === b[i]!.content && item.status === b[i]!.status);
}
