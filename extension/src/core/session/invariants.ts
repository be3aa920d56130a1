// The log's relational invariants, checked on every append and on every load, by
// the same code. The checker is a small state machine over the event sequence;
// `check` is pure (it reports, it does not change state), `accept` advances it.
//
// Plan first: the checker also follows the standing plan as far as the review needs
// it (plan-review-mark.ts): a plan/proposed names the standing plan's version and
// list; a plan/approved or plan/rejected decides the latest undecided proposal of
// that version. A checker resumed mid-log does not know the plan until the next plan
// event, and checks only where the review events sit until then.
import type { SessionEvent } from './events';
import { acceptPlanMark, checkPlanReview, type PlanMark } from './plan-review-mark';
import { InvariantViolation } from './invariant-violation';

export { InvariantViolation } from './invariant-violation';

interface OpenStep {
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

export class InvariantChecker {
  private pos: LogPosition;

  /**
   * `resume`: start after a known point instead of the log's start — a reader of the
   * log's tail starts just before a turn/start, where the position is fully known
   * (no turn open, the previous turn and seq given).
   */
  constructor(resume?: { lastSeq: number; lastTurn: number }) {
    this.pos = {
      lastSeq: resume?.lastSeq ?? 0,
      lastTurn: resume?.lastTurn ?? 0,
      openTurn: null,
      lastStep: 0,
      openStep: null,
      boundarySeq: 0,
      plan: resume ? 'unknown' : null,
    };
  }

  get position(): Readonly<LogPosition> {
    return this.pos;
  }

  /** The calls of the open step that still owe a result, in the model's order. */
  pendingCalls(): { callId: string; started: boolean }[] {
    const step = this.pos.openStep;
    if (!step) return [];
    return step.announced
      .filter((id) => !step.resulted.has(id))
      .map((callId) => ({ callId, started: step.called.has(callId) }));
  }

  /** Returns null when `event` may follow the log so far, else what is wrong. */
  check(event: SessionEvent): string | null {
    const p = this.pos;
    if (event.seq !== p.lastSeq + 1) return `seq ${event.seq} does not follow ${p.lastSeq}`;
    switch (event.type) {
      case 'turn/start':
        if (p.openTurn !== null) return `turn/start while turn ${p.openTurn} is open`;
        return event.data.turn === p.lastTurn + 1 ? null : `turn ${event.data.turn} does not follow turn ${p.lastTurn}`;
      case 'user/message':
        return this.inTurn(event.type, event.data.turn);
      case 'step/start': {
        const t = this.inTurn(event.type, event.data.turn);
        if (t) return t;
        if (p.openStep) return `step/start while step ${p.openStep.step} is open`;
        return event.data.step === p.lastStep + 1 ? null : `step ${event.data.step} does not follow step ${p.lastStep}`;
      }
      case 'assistant/message': {
        const s = this.inStep(event.type, event.data.turn, event.data.step);
        if (s) return s;
        if (p.openStep?.assistantSeen) return `a second assistant/message in step ${event.data.step}`;
        const content = event.data.message.content;
        for (let i = 0; i < content.length; i++) {
          const a = content[i]!;
          if (a.type !== 'tool-call') continue;
          for (let j = i + 1; j < content.length; j++) {
            const b = content[j]!;
            if (b.type === 'tool-call' && b.id === a.id) return 'assistant/message repeats a tool call id';
          }
        }
        return null;
      }
      case 'tool/call': {
        const s = this.inStep(event.type, event.data.turn, event.data.step);
        if (s) return s;
        const step = p.openStep!;
        if (!step.announced.includes(event.data.callId))
          return `tool/call ${event.data.callId} was not announced by this step's assistant message`;
        if (step.called.has(event.data.callId) || step.resulted.has(event.data.callId))
          return `tool/call ${event.data.callId} is not new`;
        return null;
      }
      case 'tool/result': {
        const s = this.inStep(event.type, event.data.turn, event.data.step);
        if (s) return s;
        const step = p.openStep!;
        if (!step.announced.includes(event.data.callId)) return `tool/result for unknown call ${event.data.callId}`;
        return step.resulted.has(event.data.callId) ? `a second tool/result for call ${event.data.callId}` : null;
      }
      case 'tool/approval': {
        // Asked inside the tool, so after its tool/call and before its tool/result.
        const s = this.inStep(event.type, event.data.turn, event.data.step);
        if (s) return s;
        const step = p.openStep!;
        if (!step.called.has(event.data.callId))
          return `tool/approval for call ${event.data.callId} before its tool/call`;
        return step.resulted.has(event.data.callId)
          ? `tool/approval for call ${event.data.callId} after its tool/result`
          : null;
      }
      case 'todo/write':
      case 'subagent/start':
      case 'subagent/end':
        return p.openTurn === null ? `${event.type} outside an open turn` : null;
      case 'checkpoint/created':
        // In its step, or between steps: the one that closes a turn follows its last step.
        return this.pos.openStep
          ? this.inStep(event.type, event.data.turn, event.data.step)
          : this.inTurn(event.type, event.data.turn);
      case 'changes/reverted':
        return p.openStep
          ? `changes/reverted inside step ${p.openStep.step} (a revert lands between steps or between turns)`
          : null;
      case 'acp/session':
        return p.openTurn === null
          ? null
          : `acp/session inside turn ${p.openTurn} (an agent's session opens between turns)`;
      case 'plan/proposed': {
        // Proposed when a planning step has ended: inside its turn, between steps.
        const t = this.inTurn(event.type, event.data.turn);
        if (t) return t;
        return p.openStep
          ? `plan/proposed inside step ${p.openStep.step} (a plan is proposed between steps)`
          : checkPlanReview(p.plan, event);
      }
      case 'plan/verify-completion': {
        const t = this.inTurn(event.type, event.data.turn);
        if (t) return t;
        return p.openStep
          ? `plan/verify-completion inside step ${p.openStep.step} (the model is told between steps)`
          : null;
      }
      case 'plan/approved':
      case 'plan/rejected':
        return p.openStep
          ? `${event.type} inside step ${p.openStep.step} (a decision lands between steps or between turns)`
          : checkPlanReview(p.plan, event);
      case 'todo/user-edit':
        // Between turns, or inside a turn between its steps: never inside a step,
        // so the model's next request (a new step) is the first to be told.
        return p.openStep ? `todo/user-edit inside step ${p.openStep.step} (user edits land between steps)` : null;
      case 'step/end': {
        const s = this.inStep(event.type, event.data.turn, event.data.step);
        if (s) return s;
        const step = p.openStep!;
        if (step.resulted.size === step.announced.length) return null;
        const owed = step.announced.find((id) => !step.resulted.has(id));
        return `step/end while call ${owed} has no tool/result`;
      }
      case 'turn/end': {
        const t = this.inTurn(event.type, event.data.turn);
        if (t) return t;
        return p.openStep ? `turn/end while step ${p.openStep.step} is open` : null;
      }
      case 'context/compact': {
        if (p.openStep)
          return `context/compact inside step ${p.openStep.step}; it belongs between steps or between turns`;
        const upTo = event.data.upToSeq;
        if (upTo >= event.seq) return `context/compact upToSeq ${upTo} is not before its own seq ${event.seq}`;
        if (p.boundarySeq === 0) return 'context/compact before any turn: there is nothing to summarize';
        if (upTo !== p.boundarySeq) {
          return `context/compact upToSeq ${upTo} must name the latest turn/start, step/end, turn/end or context/compact before it (seq ${p.boundarySeq})`;
        }
        return null;
      }
    }
  }

  private inTurn(type: string, turn: number): string | null {
    const open = this.pos.openTurn;
    if (open === null) return `${type} outside an open turn`;
    return turn !== open ? `${type} names turn ${turn} but turn ${open} is open` : null;
  }

  private inStep(type: string, turn: number, step: number): string | null {
    const t = this.inTurn(type, turn);
    if (t) return t;
    const open = this.pos.openStep;
    if (!open) return `${type} outside an open step`;
    return step !== open.step ? `${type} names step ${step} but step ${open.step} is open` : null;
  }

  accept(event: SessionEvent): void {
    const p = this.pos;
    p.lastSeq = event.seq;
    switch (event.type) {
      case 'turn/start':
        p.lastTurn = event.data.turn;
        p.openTurn = event.data.turn;
        p.lastStep = 0;
        p.boundarySeq = event.seq;
        p.plan = acceptPlanMark(p.plan, event);
        return;
      case 'step/start':
        p.lastStep = event.data.step;
        p.openStep = {
          step: event.data.step,
          announced: [],
          called: new Set(),
          resulted: new Set(),
          assistantSeen: false,
        };
        return;
      case 'assistant/message':
        if (p.openStep) {
          p.openStep.assistantSeen = true;
          for (const b of event.data.message.content) if (b.type === 'tool-call') p.openStep.announced.push(b.id);
        }
        return;
      case 'tool/call':
        p.openStep?.called.add(event.data.callId);
        return;
      case 'tool/result':
        p.openStep?.resulted.add(event.data.callId);
        return;
      case 'step/end':
        p.openStep = null;
        p.boundarySeq = event.seq;
        return;
      case 'turn/end':
        p.openTurn = null;
        p.boundarySeq = event.seq;
        return;
      case 'context/compact':
        p.boundarySeq = event.seq;
        return;
      case 'todo/write':
      case 'todo/user-edit':
      case 'plan/proposed':
      case 'plan/approved':
      case 'plan/rejected':
        p.plan = acceptPlanMark(p.plan, event);
        return;
      case 'user/message':
      case 'subagent/start':
      case 'subagent/end':
      case 'acp/session':
      case 'checkpoint/created':
      case 'changes/reverted':
      case 'plan/verify-completion':
        return;
    }
  }

  /** An ignorable line of an unknown type still consumes its seq. */
  skip(seq: number): string | null {
    if (seq !== this.pos.lastSeq + 1) return `seq ${seq} does not follow ${this.pos.lastSeq}`;
    this.pos.lastSeq = seq;
    return null;
  }

  /** check + accept, throwing on a violation. */
  admit(event: SessionEvent): void {
    const problem = this.check(event);
    if (problem) throw new InvariantViolation(problem, event.seq);
    this.accept(event);
  }
}
