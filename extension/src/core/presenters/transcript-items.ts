// The transcript items the host's fold (transcript-folder.ts) builds, and the open
// tool call it keeps per id until the turn ends. Pure functions of events and calls.
import type { ToolCallStatus } from '../domain-literals';
import type { AnswerMarkdown } from '../protocol/markdown-schema';
import type { ToolItem, TranscriptItem } from '../protocol/transcript';
import type { SessionEvent } from '../session/events';
import type { ToolCallRecord } from '../tools/tool-presenter';
import { presentToolCall } from './tool-call';

/** The event of one type. */
export type EventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>;

/** Room for the tool calls of one assistant message between two log lines. */
const SUB_ORDERS = 1024;
export const orderOf = (seq: number, sub = 0): number => seq * SUB_ORDERS + sub;
const PENDING: AnswerMarkdown = { kind: 'pending' };

export interface OpenCall {
  id: string;
  order: number;
  turn: number;
  step: number;
  callId: string;
  status: ToolCallStatus;
  record: ToolCallRecord;
  approval: ToolItem['approval'];
}

export function toolId(turn: number, step: number, callId: string): string {
  return `t${turn}.${step}.${callId}`;
}

function parseArgs(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

export function callRecord(name: string, args: string): ToolCallRecord {
  return { name, arguments: args, args: parseArgs(args), result: null, todos: null, child: null };
}

export function toItem(call: OpenCall): ToolItem {
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

export function userItem(event: EventOf<'user/message'>): TranscriptItem {
  return {
    kind: 'user',
    id: `e${event.seq}`,
    order: orderOf(event.seq),
    turn: event.data.turn,
    text: event.data.message.text,
  };
}

/** The message's text and reasoning as one item with its Markdown pending, or null when it has neither. */
export function assistantItem(event: EventOf<'assistant/message'>): TranscriptItem | null {
  const { turn, step, message } = event.data;
  const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const reasoning = message.content.flatMap((b) => (b.type === 'reasoning' ? [b.text] : [])).join('');
  if (!text && !reasoning) return null;
  return {
    kind: 'assistant',
    id: `e${event.seq}`,
    order: orderOf(event.seq),
    turn,
    step,
    text,
    reasoning,
    markdown: PENDING,
  };
}

export function turnEndItem(event: EventOf<'turn/end'>): TranscriptItem {
  const { reason } = event.data;
  const message =
    'message' in reason && reason.message !== undefined
      ? reason.message
      : reason.kind === 'max-steps'
        ? `stopped after ${reason.maxSteps} steps`
        : null;
  return {
    kind: 'turn-end',
    id: `e${event.seq}`,
    order: orderOf(event.seq),
    turn: event.data.turn,
    reason: reason.kind,
    message,
  };
}

export function compactionItem(event: EventOf<'context/compact'>, turn: number): TranscriptItem {
  return { kind: 'compaction', id: `e${event.seq}`, order: orderOf(event.seq), turn, summary: event.data.summary };
}
