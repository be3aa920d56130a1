// The host's fold of session events into transcript items (core/protocol/
// transcript.ts): each tool call's row is presented by its tool's descriptor
// (tool-call.ts); an answer is left pending: its Markdown is parsed in a worker
// (core/markdown/answer-presenter.ts), never by this fold.
import type { ToolCallStatus } from '../domain-literals';
import { approvalWordsKey } from '../protocol/approval-words';
import type { AnswerMarkdown } from '../protocol/markdown-schema';
import type { ToolItem, TranscriptItem } from '../protocol/transcript';
import type { ToolChildView } from '../protocol/tool-view';
import type { ToolCallRecord } from '../tools/tool-presenter';
import type { SessionEvent } from '../session/events';
import { presentToolCall } from './tool-call';

/** Room for the tool calls of one assistant message between two log lines. */
const SUB_ORDERS = 1024;
const orderOf = (seq: number, sub = 0): number => seq * SUB_ORDERS + sub;
const PENDING: AnswerMarkdown = { kind: 'pending' };

interface OpenCall {
  id: string;
  order: number;
  turn: number;
  step: number;
  callId: string;
  status: ToolCallStatus;
  record: ToolCallRecord;
  approval: ToolItem['approval'];
}

function parseArgs(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

function record(name: string, args: string): ToolCallRecord {
  return { name, arguments: args, args: parseArgs(args), result: null, todos: null, child: null };
}

function toItem(call: OpenCall): ToolItem {
  const { summary, view } = presentToolCall(call.record);
  return {
    kind: 'tool',
    id: call.id,
    order: call.order,
    turn: call.turn,
    step: call.step,
    callId: call.callId,
    name: call.record.name,
    status: call.status,
    summary,
    view,
    approval: call.approval,
  };
}

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
      case 'todo/write': {
        const call = this.running;
        if (!call) return [];
        call.record = { ...call.record, todos: event.data.todos };
        return [toItem(call)];
      }
      case 'subagent/start':
      case 'subagent/end': {
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
      case 'user/message':
        return [
          {
            kind: 'user',
            id: `e${event.seq}`,
            order: orderOf(event.seq),
            turn: event.data.turn,
            text: event.data.message.text,
          },
        ];
      case 'assistant/message': {
        const { turn, step, message } = event.data;
        const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        const reasoning = message.content.flatMap((b) => (b.type === 'reasoning' ? [b.text] : [])).join('');
        const out: TranscriptItem[] = [];
        if (this.presenting && (text || reasoning))
          out.push({
            kind: 'assistant',
            id: `e${event.seq}`,
            order: orderOf(event.seq),
            turn,
            step,
            text,
            reasoning,
            markdown: PENDING,
          });
        let sub = 0;
        for (const block of message.content) {
          if (block.type !== 'tool-call') continue;
          out.push(
            toItem(
              this.adopt(
                toolId(turn, step, block.id),
                orderOf(event.seq, ++sub),
                turn,
                step,
                block.id,
                block.name,
                block.arguments,
                'pending',
              ),
            ),
          );
        }
        return out;
      }
      case 'tool/call': {
        const { turn, step, callId, name } = event.data;
        const call =
          this.openCalls.get(toolId(turn, step, callId)) ??
          this.adopt(
            toolId(turn, step, callId),
            orderOf(event.seq),
            turn,
            step,
            callId,
            name,
            event.data.arguments ?? '',
            'running',
          );
        call.status = 'running';
        this.running = call;
        return [toItem(call)];
      }
      case 'tool/approval': {
        const call = this.openCalls.get(toolId(event.data.turn, event.data.step, event.data.callId));
        if (!call) return [];
        call.approval = approvalWordsKey(event.data);
        return [toItem(call)];
      }
      case 'tool/result': {
        const { turn, step, callId, isError, content } = event.data;
        const call =
          this.openCalls.get(toolId(turn, step, callId)) ??
          this.adopt(toolId(turn, step, callId), orderOf(event.seq), turn, step, callId, '', '', 'running');
        call.status = isError ? 'error' : 'ok';
        call.record = { ...call.record, result: { isError, content, details: event.data.details ?? null } };
        if (this.running === call) this.running = null;
        return [toItem(call)];
      }
      case 'turn/end': {
        this.openCalls.clear(); // every call of the turn has its result by now
        this.running = null;
        this.step = 0;
        const { reason } = event.data;
        const message =
          'message' in reason && reason.message !== undefined
            ? reason.message
            : reason.kind === 'max-steps'
              ? `stopped after ${reason.maxSteps} steps`
              : null;
        return [
          {
            kind: 'turn-end',
            id: `e${event.seq}`,
            order: orderOf(event.seq),
            turn: event.data.turn,
            reason: reason.kind,
            message,
          },
        ];
      }
      case 'context/compact':
        return [
          {
            kind: 'compaction',
            id: `e${event.seq}`,
            order: orderOf(event.seq),
            turn: this.turn,
            summary: event.data.summary,
          },
        ];
      default:
        return [];
    }
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
    const call: OpenCall = { id, order, turn, step, callId, status, record: record(name, args), approval: null };
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

function toolId(turn: number, step: number, callId: string): string {
  return `t${turn}.${step}.${callId}`;
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
