// Plan first (docs/todo-write-contract.md, "Plan first"): a turn that starts with a
// planning phase. While planning, requests offer only the read-only tools and
// todo_write, and the system prompt carries PLANNING_NOTE; a call of any other tool
// is answered with an error and not run. The phase ends when the model ends a step
// with no tool call while a plan stands: the loop appends plan/proposed and waits
// for the PlanReviewGate. Approve → plan/approved (the version standing then, with
// the user's edits) and the same turn goes on with every tool; reject → plan/rejected
// {feedback} and the model replans in the same turn; `later` (no one can decide now)
// ends the turn `awaiting-approval`; Stop ends it `aborted`. Either way the proposal
// stays on the log and the next turn goes on from it.
import type { TodoItem } from '../plan/todo-schema';
import type { PlanState } from '../plan/todos-projection';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';
import { GREP_TOOL_NAME } from '../tools/grep/grep-tool';
import { LIST_FILES_TOOL_NAME } from '../tools/list-files/list-files-tool';
import { READ_FILE_TOOL_NAME } from '../tools/read-file/read-file-tool';
import type { ToolSpec } from '../tools/registry';
import { errorResult, type ToolResult } from '../tools/tool';
import { TODO_WRITE_TOOL_NAME } from '../tools/todo-write/todo-write-view';

/** The tools a planning request offers (those of them the session has). */
export const PLANNING_TOOL_NAMES: readonly string[] = [READ_FILE_TOOL_NAME, LIST_FILES_TOOL_NAME, GREP_TOOL_NAME, TODO_WRITE_TOOL_NAME];

export const PLANNING_NOTE =
  'Plan first: before changing anything, investigate with the read-only tools and write your plan with todo_write. Then end your turn with a short summary of the plan and no tool call: the user approves, edits or rejects it before you carry it out. Tools that change the workspace or run commands are not available until the plan is approved.';

/** The result of a call of any other tool while planning (not run). */
export const notWhilePlanning = (tool: string): ToolResult =>
  errorResult(`${tool} is not available while planning: investigate with ${PLANNING_TOOL_NAMES.join(', ')}, write the plan with todo_write, then end your turn so the user can approve it.`);

export function planningSpecs(specs: readonly ToolSpec[]): ToolSpec[] {
  return specs.filter((spec) => PLANNING_TOOL_NAMES.includes(spec.name));
}

export interface PlanProposal {
  sessionId: string;
  /** The plan version proposed (seq of the event that wrote the list) and its whole list. */
  planSeq: number;
  todos: readonly TodoItem[];
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

/**
 * Whether a turn starting after `events` plans first: a rejection decided between
 * turns always replans, an approval decided between turns goes on working;
 * otherwise `planFirst` (the user's setting or flag).
 */
export function startsPlanning(events: readonly SessionEvent[], planFirst: boolean): boolean {
  const decision = decisionBetweenTurns(events);
  return decision === null ? planFirst : decision === 'plan/rejected';
}

/**
 * Whether a session is in the middle of a review, so its next turn plans first
 * whatever the setting or flag: a proposal waits for its decision, or a rejection
 * decided between turns asks for a new plan.
 */
export function inReview(plan: PlanState | null, events: readonly SessionEvent[]): boolean {
  return plan?.review?.stage === 'proposed' || decisionBetweenTurns(events) === 'plan/rejected';
}

/** The latest plan/approved or plan/rejected after the last turn, or null. */
export function decisionBetweenTurns(events: readonly SessionEvent[]): 'plan/approved' | 'plan/rejected' | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i]!.type;
    if (type === 'turn/end' || type === 'turn/start') return null;
    if (type === 'plan/approved' || type === 'plan/rejected') return type;
  }
  return null;
}

export type ReviewOutcome = 'approved' | 'rejected' | 'later' | 'stopped';

/**
 * Proposes the standing plan (`plan()` is the live fold's state) and records the
 * decision. Called between steps of turn `turn`. A gate that fails is the turn's
 * error (thrown); Stop while waiting resolves 'stopped' with nothing appended after
 * the proposal.
 */
export async function reviewPlan(session: Session, turn: number, plan: () => PlanState | null, gate: PlanReviewGate, signal: AbortSignal): Promise<ReviewOutcome> {
  const proposed = plan();
  if (proposed === null) throw new Error('reviewPlan needs a standing plan');
  session.append('plan/proposed', { turn, planSeq: proposed.seq, todos: [...proposed.todos] });
  const decision = await untilStopped(gate.decide({ sessionId: session.id, planSeq: proposed.seq, todos: proposed.todos }, signal), signal);
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
      (error: unknown) => (signal.removeEventListener('abort', onAbort), signal.aborted ? resolve(null) : reject(error)),
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
