// One prompt turn of an ACP agent as events on OUR log, so every surface that reads a
// log (the standing plan, the strip, the Plan tree, history, timing) works unchanged:
//   - `agent_message_chunk` / `agent_thought_chunk`: text and reasoning blocks of an
//     assistant message (consecutive chunks of a kind joined);
//   - `tool_call` / `tool_call_update`: a call, its fields merged as they come (an
//     agent announces a call before its input is complete: Claude sends the input in
//     a later update). A call is put on the log once it is due — asked about, running,
//     or finished — as a step: an assistant message with the text so far and every
//     call not yet logged, then each call's tool/call, its approval and its result
//     (details: the ACP title, kind, status, locations and diffs: acp-call-details.ts);
//     the step ends when all its calls have results. A call due while a step is still
//     open waits for the next step (our steps hold the calls one message announced);
//   - `plan`: a `todo/write` at once (acp-plan-write.ts);
//   - `usage_update`: its `used` tokens are the next assistant message's
//     `usage.inputTokens`, which the context meter reads;
//   - other updates (commands, modes, ...) write nothing (a mode change is plan first's
//     business: acp-plan-mode.ts).
// Text and thoughts are also streamed live (`onDelta`, never logged) as the step they
// will be logged in, as our own loop streams a step's text.
// The turn ends with what is left: calls without a result get one (an error: the
// agent never said how they ended), text becomes a last step, then `turn/end`.
import type { SessionUpdate, ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import type { LiveDelta } from '../session/live-delta';
import type { ModelRef, TurnEndReason } from '../session/events';
import type { Session } from '../session/session';
import { acpCallDetails, acpCallName, acpCallResultText } from './acp-call-details';
import { acpPlanWrite } from './acp-plan-write';
import { announce, finished, mergeCallFields, newCallState, type AcpCallState, type Pending } from './acp-call-state';

const NO_RESULT_MESSAGE = 'the agent did not report how this call ended';

export class AcpTurnLog {
  private readonly calls = new Map<string, AcpCallState>();
  private pending: Pending[] = [];
  private turn: number | null = null;
  /** The open step and the calls it announced. */
  private step: { step: number; calls: AcpCallState[] } | null = null;
  /** The agent's latest `usage_update.used`, not yet on an assistant message. */
  private contextTokens: number | undefined;

  constructor(
    private readonly session: Session,
    private readonly model: ModelRef,
    private readonly onDelta?: (delta: LiveDelta) => void,
  ) {}

  get openTurn(): number | null {
    return this.turn;
  }

  /** A step is open (its calls announced, not all resulted). */
  get stepOpen(): boolean {
    return this.step !== null;
  }

  /** turn/start and the user's prompt; returns the turn's number. */
  start(prompt: string): number {
    if (this.turn !== null) throw new Error(`turn ${this.turn} is still open`);
    const turn = this.session.lastTurn + 1;
    this.session.append('turn/start', { turn });
    this.session.append('user/message', { turn, message: { text: prompt } });
    this.turn = turn;
    this.calls.clear();
    this.pending = [];
    return turn;
  }

  /** One `session/update` of this turn (updates outside a turn are not ours to log). */
  update(update: SessionUpdate): void {
    if (this.turn === null) return;
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
      case 'agent_thought_chunk':
        if (update.content.type === 'text' && update.content.text !== '')
          this.addText(update.sessionUpdate === 'agent_message_chunk' ? 'text' : 'reasoning', update.content.text);
        return;
      case 'tool_call': {
        const { toolCallId, sessionUpdate: _kind, ...fields } = update;
        this.merge(toolCallId, fields);
        return;
      }
      case 'tool_call_update':
        this.merge(update.toolCallId, update);
        return;
      case 'plan': {
        const write = acpPlanWrite(update.entries);
        this.session.append('todo/write', write);
        return;
      }
      case 'usage_update':
        // The tokens in the agent's context: the next assistant message's usage (the context meter reads it).
        if (Number.isInteger(update.used) && update.used >= 0) this.contextTokens = update.used;
        return;
      default:
        return;
    }
  }

  /**
   * The agent asks about a call: it goes on the log now (when no step is open), so
   * the decision lands between its tool/call and its result. Returns the call's name
   * on our log (the approval's `tool`).
   */
  asked(toolCall: ToolCallUpdate): string {
    const call = this.merge(toolCall.toolCallId, toolCall, true);
    return call.name ?? acpCallName(call.fields);
  }

  /** ACP's fields of call `toolCallId` of this turn as merged so far; undefined for a call this turn has not seen. */
  callFields(toolCallId: string): Readonly<Omit<ToolCall, 'toolCallId'>> | undefined {
    return this.calls.get(toolCallId)?.fields;
  }

  /** How the user (or --yes, or no one) decided about the call. */
  decided(toolCallId: string, record: ApprovalRecord): void {
    const call = this.calls.get(toolCallId);
    if (call === undefined || this.turn === null) return;
    call.approvals.push(record);
    if (call.logged && !call.resulted) this.flushApprovals(call);
  }

  /** Ends the turn: what is left goes on the log, then turn/end. */
  end(reason: TurnEndReason): void {
    const turn = this.turn;
    if (turn === null) return;
    if (this.step !== null) this.closeStep(true);
    if (this.pending.length > 0) this.openStep(true);
    if (this.step !== null) this.closeStep(true);
    this.session.append('turn/end', { turn, reason });
    this.turn = null;
  }

  private addText(type: 'text' | 'reasoning', text: string): void {
    const last = this.pending.at(-1);
    if (last !== undefined && last.type === type) last.text += text;
    else this.pending.push({ type, text });
    // Pending text goes on the log in the next step (the open one, if any, announced its calls already).
    if (this.turn !== null)
      this.onDelta?.({
        kind: type,
        sessionId: this.session.id,
        turn: this.turn,
        step: this.session.lastStep + 1,
        text,
      });
  }

  private merge(id: string, update: Omit<ToolCallUpdate, 'toolCallId'>, asked = false): AcpCallState {
    let call = this.calls.get(id);
    if (call === undefined) {
      call = newCallState(id);
      this.calls.set(id, call);
      this.pending.push({ type: 'call', id });
    }
    const fields = call.fields;
    mergeCallFields(fields, update);
    if (asked) call.asked = true;
    if (asked || fields.status === 'in_progress' || finished(fields)) call.due = true;
    if (call.due && !call.logged && this.step === null) this.openStep(false);
    else if (call.logged && !call.resulted && finished(fields)) {
      this.result(call);
      if (this.step !== null && this.step.calls.every((c) => c.resulted)) this.closeStep(false);
    }
    return call;
  }

  /**
   * A step with everything pending: the assistant message, then each call's tool/call, approvals and result when known.
   */
  private openStep(ending: boolean): void {
    const turn = this.turn!;
    const step = this.session.lastStep + 1;
    const { blocks, calls } = announce(this.pending, this.calls);
    this.pending = [];
    this.session.append('step/start', { turn, step });
    const used = this.contextTokens;
    this.contextTokens = undefined;
    this.session.append('assistant/message', {
      turn,
      step,
      message: { content: blocks },
      model: this.model,
      ...(used === undefined ? {} : { usage: { inputTokens: used } }),
    });
    this.step = { step, calls };
    for (const call of calls) {
      call.logged = true;
      this.session.append('tool/call', {
        turn,
        step,
        callId: call.id,
        name: call.name!,
        ...(call.asked ? { asked: true as const } : {}),
      });
      this.flushApprovals(call);
    }
    for (const call of calls) if (finished(call.fields)) this.result(call);
    if (!ending && this.step !== null && calls.every((c) => c.resulted)) this.closeStep(false);
  }

  private flushApprovals(call: AcpCallState): void {
    const step = this.step;
    if (step === null) return;
    for (const record of call.approvals) {
      this.session.append('tool/approval', {
        turn: this.turn!,
        step: step.step,
        callId: call.id,
        tool: call.name!,
        decision: record.decision,
        by: record.by,
      });
    }
    call.approvals = [];
  }

  private result(call: AcpCallState): void {
    const step = this.step!;
    const known = finished(call.fields);
    const content = known ? acpCallResultText(call.fields) : NO_RESULT_MESSAGE;
    this.session.append('tool/result', {
      turn: this.turn!,
      step: step.step,
      callId: call.id,
      isError: !known || call.fields.status === 'failed',
      content,
      details: acpCallDetails(call.fields),
    });
    call.resulted = true;
  }

  /**
   * step/end (a call still without result gets one when the turn is
   * ending); then a call that became due meanwhile opens the next step.
   */
  private closeStep(ending: boolean): void {
    const step = this.step!;
    for (const call of step.calls) if (!call.resulted) this.result(call);
    this.session.append('step/end', { turn: this.turn!, step: step.step });
    this.step = null;
    if (!ending && this.pending.some((p) => p.type === 'call' && this.calls.get(p.id)!.due)) this.openStep(false);
  }
}
