// Plan first (docs/todo-write-contract.md, "Plan first"): a turn that starts with a
// planning phase. While planning, requests offer only the tools whose descriptor
// says planning may use them (session/tool-facts.ts: those that change nothing in the
// workspace: the read-only tools and todo_write, a registered tool as a built-in
// one), and the system prompt carries PLANNING_NOTE; a call of any other tool is
// answered with an error and not run. The phase ends when the model ends a step
// with no tool call while a plan stands: the loop appends plan/proposed and waits
// for the PlanReviewGate. Approve → plan/approved (the version standing then, with
// the user's edits) and the same turn goes on with every tool; reject → plan/rejected
// {feedback} and the model replans in the same turn; `later` (no one can decide now)
// ends the turn `awaiting-approval`; Stop ends it `aborted`. Either way the proposal
// stays on the log and the next turn goes on from it.
import type { PlanState } from '../plan/todos-projection';
import type { SessionEvent } from '../session/events';
import { knownToolNames, toolFacts } from '../session/tool-facts';
import type { ToolSpec } from '../tools/registry';
import { errorResult, type ToolResult } from '../tools/tool';

// The review itself (proposal, gate, decision events) is plan/plan-review-gate.ts, shared with ACP agents' plan modes.
export {
  PendingPlanReview,
  reviewPlan,
  type PlanDecision,
  type PlanProposal,
  type PlanReviewGate,
  type ReviewOutcome,
} from '../plan/plan-review-gate';

/** Whether a planning request offers the tool named `name` (when the session has it). */
export const offeredWhilePlanning = (name: string): boolean => toolFacts(name).planning;

/** The tools planning may use, those that read first (the order the contract's message names them). */
function planningToolNames(): string[] {
  const planning = knownToolNames().filter(offeredWhilePlanning);
  const reading = planning.filter((name) => toolFacts(name).effects?.includes('reads') === true);
  return [...reading, ...planning.filter((name) => !reading.includes(name))];
}

export const PLANNING_NOTE =
  'Plan first: before changing anything, investigate with the read-only tools and write ' +
  'your plan with todo_write. Then end your turn with a short summary of the plan and no ' +
  'tool call: the user approves, edits or rejects it before you carry it out. Tools that ' +
  'change the workspace or run commands are not available until the plan is approved.';

/** The result of a call of any other tool while planning (not run). */
export const notWhilePlanning = (tool: string): ToolResult =>
  errorResult(
    `${tool} is not available while planning: investigate with ${planningToolNames().join(', ')}, ` +
      `write the plan with todo_write, then end your turn so the user can approve it.`,
  );

export function planningSpecs(specs: readonly ToolSpec[]): ToolSpec[] {
  return specs.filter((spec) => offeredWhilePlanning(spec.name));
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
