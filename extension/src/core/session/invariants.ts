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
import { acceptPlanMark, checkPlanReview } from './plan-review-mark';
import { InvariantViolation } from './invariant-violation';
import { checkReviewEvent } from './review-invariants';
import { checkCheckEvent, checkItemRunEvent } from './check-invariants';
import {
  checkWorkspaceEvent,
  checkAssistantMessage,
  checkContextCompact,
  checkPlanProposed,
  checkStepEnd,
  checkStepStart,
  checkToolApproval,
  checkToolCall,
  checkToolResult,
  checkTurnEnd,
  checkTurnStart,
  checkVerifyCompletion,
  inTurn,
  type LogPosition,
  newStep,
} from './invariant-checks';

export { InvariantViolation } from './invariant-violation';

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
        return checkTurnStart(p, event);
      case 'user/message':
        return inTurn(p, event.type, event.data.turn);
      case 'step/start':
        return checkStepStart(p, event);
      case 'assistant/message':
        return checkAssistantMessage(p, event);
      case 'tool/call':
        return checkToolCall(p, event);
      case 'tool/result':
        return checkToolResult(p, event);
      case 'tool/approval':
        return checkToolApproval(p, event);
      case 'todo/write':
      case 'subagent/start':
      case 'subagent/end':
        return p.openTurn === null ? `${event.type} outside an open turn` : null;
      case 'checkpoint/created':
      case 'changes/reverted':
      case 'acp/session':
        return checkWorkspaceEvent(p, event);
      case 'plan/proposed':
        return checkPlanProposed(p, event);
      case 'plan/verify-completion':
        return checkVerifyCompletion(p, event);
      case 'plan/approved':
      case 'plan/rejected':
        return p.openStep
          ? `${event.type} inside step ${p.openStep.step} (a decision lands between steps or between turns)`
          : checkPlanReview(p.plan, event);
      case 'todo/user-edit':
        // Between turns, or inside a turn between its steps: never inside a step,
        // so the model's next request (a new step) is the first to be told.
        return p.openStep ? `todo/user-edit inside step ${p.openStep.step} (user edits land between steps)` : null;
      case 'step/end':
        return checkStepEnd(p, event);
      case 'turn/end':
        return checkTurnEnd(p, event);
      case 'context/compact':
        return checkContextCompact(p, event);
      case 'plan/comment':
      case 'plan/comment-resolved':
      case 'plan/scope-changed':
        return checkReviewEvent(p, event);
      case 'plan/check-set':
      case 'plan/check-accepted':
      case 'check/result':
        return checkCheckEvent(p, event);
      case 'item-run/child':
      case 'item-run/start':
      case 'item-run/end':
      case 'item-run/closed':
        return checkItemRunEvent(p, event);
    }
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
        p.openStep = newStep(event.data.step);
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
      default: // every other event moves no boundary and no plan mark: nothing to keep
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
