// The host's fold of session events into transcript items (core/protocol/
// transcript.ts): each tool call's row is presented by its tool's descriptor
// (tool-call.ts); an answer is left pending: its Markdown is parsed in a worker
// (core/markdown/answer-presenter.ts), never by this fold.
import type { ToolCallStatus } from '../domain-literals';
import { approvalWordsKey } from '../protocol/approval-words';
import type { TranscriptItem } from '../protocol/transcript';
import type { ToolChildView } from '../protocol/tool-view';
import type { SessionEvent } from '../session/events';
import {
  assistantItem,
  callRecord,
  compactionItem,
  type EventOf,
  type OpenCall,
  orderOf,
  toItem,
  toolId,
  turnEndItem,
  userItem,
} from './transcript-items';

/**
 * Folds session events into transcript items, returning the items each event
 * created or changed (whole items: the webview replaces by id). Deterministic and
 * I/O-free; it remembers only the tool calls of the open turn. A `todo/write`
 * belongs to the call running when it was logged (calls of a step run one at a time).
 */
export class TranscriptFolder {
  private readonly openCalls = new Map<string, OpenCall>();
  /** The call between its tool/call and its tool/result, if any. */
  private running: OpenCall | null = null;
  /** Where the log is, for `subagent/*` lines (they name only the call). */
  private turn = 0;
  private step = 0;
  /** False while catching up: answers are not presented. */
  private presenting = true;

  /**
   * Takes events for their state only (the open turn's calls), presenting no answer:
   * what a folder that starts on a session already under way needs (activation does
   * this over the whole restored log).
   */
  catchUp(events: Iterable<SessionEvent>): void {
    this.presenting = false;
    try {
      for (const event of events) this.apply(event);
    } finally {
      this.presenting = true;
    }
  }

  apply(event: SessionEvent): TranscriptItem[] {
    switch (event.type) {
      case 'turn/start':
        this.turn = event.data.turn;
        this.step = 0;
        return [];
      case 'step/start':
        this.turn = event.data.turn;
        this.step = event.data.step;
        return [];
      case 'todo/write':
        return this.onTodoWrite(event);
      case 'subagent/start':
      case 'subagent/end':
        return this.onSubagent(event);
      case 'user/message':
        return [userItem(event)];
      case 'assistant/message':
        return this.onAssistantMessage(event);
      case 'tool/call':
        return this.onToolCall(event);
      case 'tool/approval':
        return this.onToolApproval(event);
      case 'tool/result':
        return this.onToolResult(event);
      case 'turn/end':
        return this.onTurnEnd(event);
      case 'context/compact':
        return [compactionItem(event, this.turn)];
      default:
        return [];
    }
  }

  private onTodoWrite(event: EventOf<'todo/write'>): TranscriptItem[] {
    const call = this.running;
    if (!call) return [];
    call.record = { ...call.record, todos: event.data.todos };
    return [toItem(call)];
  }

  private onSubagent(event: EventOf<'subagent/start' | 'subagent/end'>): TranscriptItem[] {
    const { callId, childSessionId } = event.data;
    const found = this.findCall(callId);
    if (!found && this.step === 0) return []; // the call's step lies on a page not loaded
    const call =
      found ??
      this.adopt(
        toolId(this.turn, this.step, callId),
        orderOf(event.seq),
        this.turn,
        this.step,
        callId,
        '',
        '',
        'running',
      );
    const known = call.record.child;
    const child: ToolChildView =
      event.type === 'subagent/start'
        ? { sessionId: childSessionId, description: event.data.description, outcome: known?.outcome ?? null }
        : { sessionId: childSessionId, description: known?.description ?? '', outcome: event.data.outcome };
    call.record = { ...call.record, child };
    return [toItem(call)];
  }

  /** The message's text (unless catching up), then one pending row per tool call it asks for. */
  private onAssistantMessage(event: EventOf<'assistant/message'>): TranscriptItem[] {
    const { turn, step, message } = event.data;
    const answer = this.presenting ? assistantItem(event) : null;
    const out: TranscriptItem[] = answer === null ? [] : [answer];
    let sub = 0;
    for (const block of message.content) {
      if (block.type !== 'tool-call') continue;
      const id = toolId(turn, step, block.id);
      const order = orderOf(event.seq, ++sub);
      out.push(toItem(this.adopt(id, order, turn, step, block.id, block.name, block.arguments, 'pending')));
    }
    return out;
  }

  private onToolCall(event: EventOf<'tool/call'>): TranscriptItem[] {
    const { turn, step, callId, name } = event.data;
    const id = toolId(turn, step, callId);
    const call =
      this.openCalls.get(id) ??
      this.adopt(id, orderOf(event.seq), turn, step, callId, name, event.data.arguments ?? '', 'running');
    call.status = 'running';
    this.running = call;
    return [toItem(call)];
  }

  private onToolApproval(event: EventOf<'tool/approval'>): TranscriptItem[] {
    const call = this.openCalls.get(toolId(event.data.turn, event.data.step, event.data.callId));
    if (!call) return [];
    call.approval = approvalWordsKey(event.data);
    return [toItem(call)];
  }

  private onToolResult(event: EventOf<'tool/result'>): TranscriptItem[] {
    const { turn, step, callId, isError, content } = event.data;
    const id = toolId(turn, step, callId);
    const call = this.openCalls.get(id) ?? this.adopt(id, orderOf(event.seq), turn, step, callId, '', '', 'running');
    call.status = isError ? 'error' : 'ok';
    call.record = { ...call.record, result: { isError, content, details: event.data.details ?? null } };
    if (this.running === call) this.running = null;
    return [toItem(call)];
  }

  private onTurnEnd(event: EventOf<'turn/end'>): TranscriptItem[] {
    this.openCalls.clear(); // every call of the turn has its result by now
    this.running = null;
    this.step = 0;
    return [turnEndItem(event)];
  }

  private adopt(
    id: string,
    order: number,
    turn: number,
    step: number,
    callId: string,
    name: string,
    args: string,
    status: ToolCallStatus,
  ): OpenCall {
    const call: OpenCall = { id, order, turn, step, callId, status, record: callRecord(name, args), approval: null };
    this.openCalls.set(id, call);
    return call;
  }

  /** The open call with this id in the current step (call ids are unique per assistant message). */
  private findCall(callId: string): OpenCall | undefined {
    const exact = this.openCalls.get(toolId(this.turn, this.step, callId));
    if (exact) return exact;
    let found: OpenCall | undefined;
    for (const call of this.openCalls.values()) if (call.callId === callId) found = call;
    return found;
  }
}

/** The items of a run of events (a page of the log), each item in its final form. */
export function transcriptFromEvents(events: Iterable<SessionEvent>): TranscriptItem[] {
  const folder = new TranscriptFolder();
  const byId = new Map<string, TranscriptItem>();
  for (const event of events) for (const item of folder.apply(event)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.order - b.order);
}

/** Types that lie inside a step: a page starting at one of them would cut a call in two. */
export const IN_STEP_TYPES: ReadonlySet<SessionEvent['type']> = new Set([
  'assistant/message',
  'tool/call',
  'tool/approval',
  'todo/write',
  'tool/result',
  'subagent/start',
  'subagent/end',
  'step/end',
]);
