// Plan first's review (docs/todo-write-contract.md, "Plan first"): a proposed plan
// and the user's decision on it, shared by our agent's loop (agent/plan-first.ts) and an
// ACP agent's own plan mode (acp-client/acp-plan-mode.ts). reviewPlan appends
// plan/proposed, waits for the host's PlanReviewGate and records plan/approved or
// plan/rejected; PendingPlanReview is the gate a host answers later (the editor's
// commands).
import type { Session } from '../session/session';
import type { ScopeGrowth } from './scope-growth';
import type { TodoItem } from './todo-schema';
import type { PlanState } from './todos-projection';

export interface PlanProposal {
  sessionId: string;
  /** The plan version proposed (seq of the event that wrote the list) and its whole list. */
  planSeq: number;
  todos: readonly TodoItem[];
  /** A re-approval: the model's write grew the approved plan's scope (scope-growth.ts); absent for a first proposal. */
  growth?: ScopeGrowth;
}

export type PlanDecision = { kind: 'approve' } | { kind: 'reject'; feedback: string } | { kind: 'later' };

/**
 * Asks the user about a proposed plan. Contract: resolves with the decision; while it
 * waits no step is open, so the user's edits (PlanEditor) land at once and the
 * approval names the plan as it stands when it resolves. When `signal` aborts (Stop)
 * it should settle promptly; the loop ends the turn `aborted` without waiting for it.
 */
export interface PlanReviewGate {
  decide(proposal: PlanProposal, signal: AbortSignal): Promise<PlanDecision>;
}

export type ReviewOutcome = 'approved' | 'rejected' | 'later' | 'stopped';

/**
 * Proposes the standing plan (`plan()` is the live fold's state) and records the
 * decision. Called between steps of turn `turn`. A gate that fails is the turn's
 * error (thrown); Stop while waiting resolves 'stopped' with nothing appended after
 * the proposal. With `growth` (a re-approval) plan/scope-changed comes first.
 */
export async function reviewPlan(
  session: Session,
  turn: number,
  plan: () => PlanState | null,
  gate: PlanReviewGate,
  signal: AbortSignal,
  growth: ScopeGrowth | null = null,
): Promise<ReviewOutcome> {
  const proposed = plan();
  if (proposed === null) throw new Error('reviewPlan needs a standing plan');
  if (growth !== null) {
    const { approvedSeq, planSeq, added, reworded } = growth;
    session.append('plan/scope-changed', { turn, approvedSeq, planSeq, added, reworded });
  }
  session.append('plan/proposed', { turn, planSeq: proposed.seq, todos: [...proposed.todos] });
  const proposal = { sessionId: session.id, planSeq: proposed.seq, todos: proposed.todos };
  const decision = await untilStopped(gate.decide(growth ? { ...proposal, growth } : proposal, signal), signal);
  if (decision === null || signal.aborted) return 'stopped';
  if (decision.kind === 'later') return 'later';
  const now = plan() ?? proposed;
  if (decision.kind === 'approve') {
    session.append('plan/approved', { planSeq: now.seq, todos: [...now.todos] });
    return 'approved';
  }
  const feedback = decision.feedback.trim();
  if (feedback === '') throw new Error('a rejected plan needs feedback for the model');
  session.append('plan/rejected', { planSeq: now.seq, feedback });
  return 'rejected';
}

/** `work`'s value, or null as soon as `signal` aborts (a rejection after Stop is Stop). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (
        signal.removeEventListener('abort', onAbort),
        signal.aborted ? resolve(null) : reject(error)
      ),
    );
  });
}

/**
 * A PlanReviewGate a host answers later (the editor's Approve Plan / Reject Plan
 * with Feedback… commands): it holds the proposal that waits, if any. Stop (the
 * signal) withdraws it; `close()` (the window goes away) answers `later`, so the
 * turn ends awaiting-approval and the proposal stays on the log.
 */
export class PendingPlanReview implements PlanReviewGate {
  private pending: { proposal: PlanProposal; resolve: (decision: PlanDecision) => void } | null = null;

  constructor(private readonly onChange: () => void = () => undefined) {}

  /** The proposal waiting for a decision now, or null. */
  get waiting(): PlanProposal | null {
    return this.pending?.proposal ?? null;
  }

  decide(proposal: PlanProposal, signal: AbortSignal): Promise<PlanDecision> {
    this.answer({ kind: 'later' }); // one waits at a time: an older one is left for later
    return new Promise((resolve) => {
      const entry = { proposal, resolve };
      this.pending = entry;
      signal.addEventListener('abort', () => this.pending === entry && this.answer({ kind: 'later' }), { once: true });
      this.onChange();
    });
  }

  /** Answers the waiting proposal; false when none waits. */
  answer(decision: PlanDecision): boolean {
    const entry = this.pending;
    if (entry === null) return false;
    this.pending = null;
    entry.resolve(decision);
    this.onChange();
    return true;
  }

  close(): void {
    this.answer({ kind: 'later' });
  }
}
