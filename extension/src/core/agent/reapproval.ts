// Plan first's re-approval (docs/todo-write-contract.md, "Plan first"): after the
// user approved the plan, a model todo_write that grows its scope (plan/scope-growth.ts:
// items added or reworded since the approval) pauses the turn. The write is recorded as
// any write; the calls after it in the same response are not run (each answered
// NOT_RUN_PLAN_CHANGED); after the step, plan/scope-changed and plan/proposed put the
// plan back in review, and the gate decides as for the first proposal.
import { approvalScopeProjection, type ApprovalScope, type ScopeGrowth } from '../plan/scope-growth';
import type { Disposable } from '../disposable';
import type { Session } from '../session/session';

export const NOT_RUN_PLAN_CHANGED = "not run: the plan changed since approval and waits for the user's decision";

/** The approval's scope folded live over one turn's session; which write grew it. */
export class ScopeWatch implements Disposable {
  private state: ApprovalScope = approvalScopeProjection.init;
  private readonly follow: Disposable;
  /** The growth of the latest model write since the last call ended, if it grew the scope. */
  private fresh: ScopeGrowth | null = null;
  /** The growth that pauses this turn, from the write that made it until the review. */
  private pausedBy: ScopeGrowth | null = null;

  /** `enabled`: plan first with agentChecklist.reapproveOnScopeChange (off: never pauses). */
  constructor(
    session: Session,
    private readonly enabled: boolean,
  ) {
    if (enabled) for (const event of session.events) this.state = approvalScopeProjection.apply(this.state, event);
    this.follow = session.subscribe((event) => {
      if (!this.enabled) return;
      this.state = approvalScopeProjection.apply(this.state, event);
      if (event.type === 'todo/write') this.fresh = this.state.growth;
    });
  }

  /**
   * After a call has its result: whether its write grew the approved plan's scope (then
   * the turn pauses). `working`: the turn is past planning (a planning write is a draft).
   */
  afterCall(working: boolean): void {
    if (working && this.pausedBy === null) this.pausedBy = this.fresh;
    this.fresh = null;
  }

  /** The growth the turn pauses for, if any. */
  get paused(): ScopeGrowth | null {
    return this.pausedBy;
  }

  /** The growth the turn pauses for, taken as its review begins (the next one is measured from the next approval). */
  takePaused(): ScopeGrowth | null {
    const growth = this.pausedBy;
    this.pausedBy = null;
    return growth;
  }

  dispose(): void {
    this.follow.dispose();
  }
}
