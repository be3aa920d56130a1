// The checks of the log's invariants (invariants.ts) that need more than a line: pure
// functions of the position the checker has reached and the event that would follow.
// Each returns null when the event may follow, else what is wrong.
import type { SessionEvent } from './events';
import { checkPlanReview, type PlanMark } from './plan-review-mark';

export interface OpenStep {
  step: number;
  /** Call ids announced by this step's assistant message, in order. */
  announced: string[];
  /** Call ids with a tool/call line. */
  called: Set<string>;
  /** Call ids with a tool/result line. */
  resulted: Set<string>;
  assistantSeen: boolean;
}

export interface LogPosition {
  lastSeq: number;
  lastTurn: number;
  openTurn: number | null;
  lastStep: number;
  openStep: OpenStep | null;
  /**
   * The latest boundary: a turn/start, step/end, turn/end or context/compact, after
   * which no step was open. 0 before the first. A context/compact must summarize up
   * to exactly this event, so no tool call is ever cut off from its result.
   */
  boundarySeq: number;
  /** The standing plan as the review checks need it; 'unknown' in a checker resumed mid-log. */
  plan: PlanMark | null | 'unknown';
}

type EventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>;
type Check<T extends SessionEvent['type']> = (p: Readonly<LogPosition>, event: EventOf<T>) => string | null;

/** A step just started: nothing announced, called or resulted yet. */
export function newStep(step: number): OpenStep {
  return { step, announced: [], called: new Set(), resulted: new Set(), assistantSeen: false };
}

export function inTurn(p: Readonly<LogPosition>, type: string, turn: number): string | null {
  const open = p.openTurn;
  if (open === null) return `${type} outside an open turn`;
  return turn !== open ? `${type} names turn ${turn} but turn ${open} is open` : null;
}

function inStep(p: Readonly<LogPosition>, type: string, turn: number, step: number): string | null {
  const t = inTurn(p, type, turn);
  if (t) return t;
  const open = p.openStep;
  if (!open) return `${type} outside an open step`;
  return step !== open.step ? `${type} names step ${step} but step ${open.step} is open` : null;
}

export const checkTurnStart: Check<'turn/start'> = (p, event) => {
  if (p.openTurn !== null) return `turn/start while turn ${p.openTurn} is open`;
  return event.data.turn === p.lastTurn + 1 ? null : `turn ${event.data.turn} does not follow turn ${p.lastTurn}`;
};

export const checkStepStart: Check<'step/start'> = (p, event) => {
  const t = inTurn(p, event.type, event.data.turn);
  if (t) return t;
  if (p.openStep) return `step/start while step ${p.openStep.step} is open`;
  return event.data.step === p.lastStep + 1 ? null : `step ${event.data.step} does not follow step ${p.lastStep}`;
};

export const checkAssistantMessage: Check<'assistant/message'> = (p, event) => {
  const s = inStep(p, event.type, event.data.turn, event.data.step);
  if (s) return s;
  if (p.openStep?.assistantSeen) return `a second assistant/message in step ${event.data.step}`;
  const ids = event.data.message.content.flatMap((block) => (block.type === 'tool-call' ? [block.id] : []));
  return new Set(ids).size === ids.length ? null : 'assistant/message repeats a tool call id';
};

export const checkToolCall: Check<'tool/call'> = (p, event) => {
  const s = inStep(p, event.type, event.data.turn, event.data.step);
  if (s) return s;
  const step = p.openStep!;
  if (!step.announced.includes(event.data.callId))
    return `tool/call ${event.data.callId} was not announced by this step's assistant message`;
  if (step.called.has(event.data.callId) || step.resulted.has(event.data.callId))
    return `tool/call ${event.data.callId} is not new`;
  return null;
};

export const checkToolResult: Check<'tool/result'> = (p, event) => {
  const s = inStep(p, event.type, event.data.turn, event.data.step);
  if (s) return s;
  const step = p.openStep!;
  if (!step.announced.includes(event.data.callId)) return `tool/result for unknown call ${event.data.callId}`;
  return step.resulted.has(event.data.callId) ? `a second tool/result for call ${event.data.callId}` : null;
};

/** Asked inside the tool, so after its tool/call and before its tool/result. */
export const checkToolApproval: Check<'tool/approval'> = (p, event) => {
  const s = inStep(p, event.type, event.data.turn, event.data.step);
  if (s) return s;
  const step = p.openStep!;
  if (!step.called.has(event.data.callId)) return `tool/approval for call ${event.data.callId} before its tool/call`;
  return step.resulted.has(event.data.callId)
    ? `tool/approval for call ${event.data.callId} after its tool/result`
    : null;
};

/** Proposed when a planning step has ended: inside its turn, between steps. */
export const checkPlanProposed: Check<'plan/proposed'> = (p, event) => {
  const t = inTurn(p, event.type, event.data.turn);
  if (t) return t;
  return p.openStep
    ? `plan/proposed inside step ${p.openStep.step} (a plan is proposed between steps)`
    : checkPlanReview(p.plan, event);
};

export const checkVerifyCompletion: Check<'plan/verify-completion'> = (p, event) => {
  const t = inTurn(p, event.type, event.data.turn);
  if (t) return t;
  return p.openStep ? `plan/verify-completion inside step ${p.openStep.step} (the model is told between steps)` : null;
};

export const checkStepEnd: Check<'step/end'> = (p, event) => {
  const s = inStep(p, event.type, event.data.turn, event.data.step);
  if (s) return s;
  const step = p.openStep!;
  if (step.resulted.size === step.announced.length) return null;
  const owed = step.announced.find((id) => !step.resulted.has(id));
  return `step/end while call ${owed} has no tool/result`;
};

export const checkTurnEnd: Check<'turn/end'> = (p, event) => {
  const t = inTurn(p, event.type, event.data.turn);
  if (t) return t;
  return p.openStep ? `turn/end while step ${p.openStep.step} is open` : null;
};

export const checkContextCompact: Check<'context/compact'> = (p, event) => {
  if (p.openStep) return `context/compact inside step ${p.openStep.step}; it belongs between steps or between turns`;
  const upTo = event.data.upToSeq;
  if (upTo >= event.seq) return `context/compact upToSeq ${upTo} is not before its own seq ${event.seq}`;
  if (p.boundarySeq === 0) return 'context/compact before any turn: there is nothing to summarize';
  if (upTo !== p.boundarySeq) {
    return (
      `context/compact upToSeq ${upTo} must name the latest turn/start, ` +
      `step/end, turn/end or context/compact before it (seq ${p.boundarySeq})`
    );
  }
  return null;
};

/** Where the workspace's events land: a checkpoint in its step or between them, a revert and an ACP session outside. */
export const checkWorkspaceEvent: Check<'checkpoint/created' | 'changes/reverted' | 'acp/session'> = (p, event) => {
  switch (event.type) {
    case 'checkpoint/created':
      // In its step, or between steps: the one that closes a turn follows its last step.
      return p.openStep
        ? inStep(p, event.type, event.data.turn, event.data.step)
        : inTurn(p, event.type, event.data.turn);
    case 'changes/reverted':
      return p.openStep
        ? `changes/reverted inside step ${p.openStep.step} (a revert lands between steps or between turns)`
        : null;
    case 'acp/session':
      return p.openTurn === null
        ? null
        : `acp/session inside turn ${p.openTurn} (an agent's session opens between turns)`;
  }
};
