// Where user edits enter a session's log. The session owner (the one writer) holds
// one PlanEditor per session. An edit made while no step is open is appended at once;
// an edit made while a step runs (the model is streaming or a tool is running) is
// queued and lands at the next step boundary: the agent loop calls `flush()` right
// after each step/end (TurnOptions.atStepBoundary), so the next model request is the
// first to be told, and the invariant "a todo/user-edit never sits inside a step"
// holds. A queued edit applies to the plan as it stands when it lands. Plan review's
// events (a comment, a resolve: session/review-events.ts) land the same way, made from
// the plan as it stands then.
import { fold } from '../session/projection';
import type { SessionEvent, SessionEventMap, UserEditOrigin } from '../session/events';
import type { Session } from '../session/session';
import type { TodoWritePolicy } from './todo-write-rules';
import { todosProjection, type PlanState } from './todos-projection';
import type { TodoItem } from './todo-schema';
import { applyPlanEdit, replacePlanList, type PlanEdit, type PlanEditResult } from './user-edit';

export type PlanEditOutcome =
  | { kind: 'applied'; event: SessionEvent }
  /** The edit left the list as it was: nothing was appended. */
  | { kind: 'unchanged' }
  /** The edit would break the list's rules (or names no item): nothing was appended. */
  | { kind: 'refused'; message: string };

export interface PlanEditorOptions {
  policy: () => TodoWritePolicy;
  /** The standing plan now (the owner's live fold); default: a fold of the whole log. */
  plan?: () => PlanState | null;
}

/** A whole list made from the plan as it stands when the edit lands (plan-work.ts's functions). */
export type PlanListEdit = (plan: readonly TodoItem[] | null, policy: TodoWritePolicy) => PlanEditResult;

/** A check set on an item (command null: removed) or a file's check accepted. */
export type CheckDecision =
  | { type: 'plan/check-set'; data: SessionEventMap['plan/check-set'] }
  | { type: 'plan/check-accepted'; data: SessionEventMap['plan/check-accepted'] };
/** A review event to append (a string: why it is refused). */
export type ReviewAppend =
  | { type: 'plan/comment'; data: SessionEventMap['plan/comment'] }
  | { type: 'plan/comment-resolved'; data: SessionEventMap['plan/comment-resolved'] };

interface Queued {
  land: () => PlanEditOutcome;
  resolve: (outcome: PlanEditOutcome) => void;
}

export class PlanEditor {
  private readonly queue: Queued[] = [];

  constructor(
    readonly session: Session,
    private readonly options: PlanEditorOptions,
  ) {}

  /** Edits waiting for the running step to end. */
  get pending(): number {
    return this.queue.length;
  }

  /** Applies `edit` now, or at the next step boundary while a step is open. */
  submit(edit: PlanEdit): Promise<PlanEditOutcome> {
    return this.enqueue(() => this.land(edit));
  }

  /**
   * Like submit, for a whole list made from the plan as it stands
   * when it lands, from `origin` (the plan file, Start This Item).
   */
  submitList(edit: PlanListEdit, origin?: UserEditOrigin): Promise<PlanEditOutcome> {
    return this.enqueue(() => this.landResult(edit, origin));
  }

  /** A check set or accepted (session/check-events.ts): the user's decision, landing between steps as an edit does. */
  submitCheck(decision: CheckDecision): Promise<PlanEditOutcome> {
    return this.enqueue(() => {
      try {
        return { kind: 'applied', event: this.session.append(decision.type, decision.data) };
      } catch (error) {
        return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
      }
    });
  }

  /** A review event made by `make` when it lands (now, or at the next step boundary). */
  submitReview(make: () => ReviewAppend | string): Promise<PlanEditOutcome> {
    return this.enqueue(() => {
      const made = make();
      if (typeof made === 'string') return { kind: 'refused', message: made };
      try {
        const event =
          made.type === 'plan/comment'
            ? this.session.append(made.type, made.data)
            : this.session.append(made.type, made.data);
        return { kind: 'applied', event };
      } catch (error) {
        return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
      }
    });
  }

  private enqueue(land: () => PlanEditOutcome): Promise<PlanEditOutcome> {
    if (this.session.openStep === null && this.queue.length === 0) return Promise.resolve(land());
    return new Promise((resolve) => {
      this.queue.push({ land, resolve });
      if (this.session.openStep === null) this.flush();
    });
  }

  /** Lands every queued edit, in the order they were made. A no-op while a step is open. */
  flush(): void {
    while (this.queue.length && this.session.openStep === null) {
      const next = this.queue.shift()!;
      next.resolve(next.land());
    }
  }

  /**
   * Resolves every queued edit as refused with `message`, appending nothing: the
   * owner lets go of the session (or its turn broke with a step left open), so no
   * boundary will come to land them.
   */
  abandon(message: string): void {
    for (const queued of this.queue.splice(0)) queued.resolve({ kind: 'refused', message });
  }

  /**
   * Puts `todos` in place of the whole plan (the CLI's edit in $EDITOR) as one user
   * edit, by the same rules; only while no step is open (a plan-first proposal waits).
   */
  replaceList(todos: readonly TodoItem[], origin?: UserEditOrigin): PlanEditOutcome {
    if (this.session.openStep !== null)
      return { kind: 'refused', message: 'a step is running: the whole list is replaced only between steps' };
    return this.landResult((plan, policy) => replacePlanList(plan, todos, policy), origin);
  }

  private land(edit: PlanEdit): PlanEditOutcome {
    return this.landResult((plan, policy) => applyPlanEdit(plan, edit, policy));
  }

  private landResult(apply: PlanListEdit, origin?: UserEditOrigin): PlanEditOutcome {
    const state = this.options.plan ? this.options.plan() : fold(todosProjection, this.session.events);
    const result = apply(state?.todos ?? null, this.options.policy());
    if (!result.ok) return { kind: 'refused', message: result.message };
    if (!result.changed) return { kind: 'unchanged' };
    try {
      return {
        kind: 'applied',
        event: this.session.append('todo/user-edit', { todos: result.todos, ...(origin ? { origin } : {}) }),
      };
    } catch (error) {
      return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
    }
  }
}
