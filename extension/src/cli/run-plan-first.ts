// `run`'s plan first: whether the turn plans first, who decides on its proposal, and
// what a turn left `awaiting-approval` prints. Plan first is on with --plan-first or
// --approve-plan, and by itself for a session in the middle of a review (a proposal
// waits, or a rejection decided between turns asks for a new plan). The decision:
// --approve-plan approves at once; on a terminal the user is asked
// (plan-review-prompt.ts); otherwise no one can decide now and the turn ends
// `awaiting-approval` with the proposal on stdout, for `agent-checklist approve`.
// A re-approval (the approved plan grew: core/agent/reapproval.ts) is never approved by
// --approve-plan: the run ends with exit 3 and says what grew on stderr.
import { decisionBetweenTurns, inReview, type PlanReviewGate } from '../core/agent/plan-first';
import { PlanEditor } from '../core/plan/plan-editor';
import { planAsText } from '../core/plan/summaries';
import type { PlanState } from '../core/plan/todos-projection';
import type { SessionEvent } from '../core/session/events';
import type { Session } from '../core/session/session';
import { visibleControls } from '../core/terminal-text';
import type { AskLine } from '../core/tools/approvals';
import type { CliIo } from './io';
import { terminalPlanGate } from './plan-review-prompt';
import { UsageError } from './usage';

export interface PlanFirstFlags {
  planFirst?: boolean;
  approvePlan?: boolean;
}

/** --approve-plan: the first proposal only; a re-approval waits for `approve`. */
const APPROVE_NOW: PlanReviewGate = {
  decide: (proposal) => Promise.resolve(proposal.growth ? { kind: 'later' } : { kind: 'approve' }),
};
export const DECIDE_LATER: PlanReviewGate = { decide: () => Promise.resolve({ kind: 'later' }) };

/** The turn's PlanReviewGate, or undefined when the turn does not plan first. */
export function planReviewGate(
  io: CliIo,
  flags: PlanFirstFlags,
  session: Session,
  plan: () => PlanState | null,
  options: { ask: AskLine | undefined; allowParallelInProgress: boolean },
): PlanReviewGate | undefined {
  if (!flags.planFirst && !flags.approvePlan && !inReview(plan(), session.events)) return undefined;
  if (flags.approvePlan) return APPROVE_NOW;
  if (options.ask === undefined) return DECIDE_LATER;
  const editor = new PlanEditor(session, {
    policy: () => ({ allowParallelInProgress: options.allowParallelInProgress }),
    plan,
  });
  return terminalPlanGate({
    ask: options.ask,
    editor,
    plan: () => plan()?.todos ?? [],
    err: (line) => io.err(line),
    env: io.env,
  });
}

/** The turn's prompt; an empty one is null, allowed only to go on from a plan decision made since the last turn. */
export function runPrompt(prompt: string, session: Session): string | null {
  if (prompt !== '') return prompt;
  if (decisionBetweenTurns(session.events) !== null) return null;
  throw new UsageError(
    'run needs a prompt (a session goes on without one only after `agent-checklist approve` decided on its plan)',
  );
}

/**
 * For a turn that ended awaiting approval: the proposal (stdout, or the --json object's `proposed`) and how to decide.
 */
export function reportProposal(
  io: CliIo,
  flags: { json?: boolean },
  plan: PlanState | null,
  logPath: string,
  sessionId: string,
): Record<string, unknown> {
  if (plan === null) return {};
  if (flags.json) return { proposed: { planSeq: plan.seq, todos: plan.todos } };
  io.out(`Plan proposed · ${plan.todos.length} items\n${visibleControls(planAsText(plan.todos))}`);
  io.err(
    `— decide with: agent-checklist approve ${logPath} [--reject "<feedback>"], ` +
      `then agent-checklist run --session ${sessionId}`,
  );
  return {};
}

/** The exit code of a run whose turn left a re-approval waiting. */
const EXIT_PLAN_CHANGED = 3;

/**
 * When the proposal that waits is a re-approval (plan/scope-changed just before it):
 * says what grew on stderr and gives EXIT_PLAN_CHANGED; otherwise null.
 */
export function planChangedExit(io: CliIo, events: readonly SessionEvent[]): number | null {
  let proposed = events.length - 1;
  while (proposed >= 0 && events[proposed]!.type !== 'plan/proposed') proposed--;
  const changed = events[proposed - 1];
  if (changed?.type !== 'plan/scope-changed') return null;
  io.err(`plan changed since approval: ${changed.data.added} added, ${changed.data.reworded} reworded`);
  return EXIT_PLAN_CHANGED;
}
