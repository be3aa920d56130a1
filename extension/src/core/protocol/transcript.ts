// The transcript as the webview shows it: items derived from session events by the
// host. The webview never sees log lines; it upserts these items by id and keeps
// them sorted by `order` (derived from the log's seq, so older pages slot in front).
//
// Schemas use `zod/mini`: they are bundled into the webview, where full zod would
// cost hundreds of kilobytes.
import * as z from 'zod/mini';
import type { SessionEvent } from '../session/events';

export type ToolCallStatus = 'pending' | 'running' | 'ok' | 'error';
export type TurnEndKind = 'completed' | 'aborted' | 'error' | 'max-steps' | 'interrupted';

export type SubagentOutcome = 'completed' | 'aborted' | 'error' | 'max-steps' | 'interrupted';

export interface ToolChildView {
  sessionId: string;
  description: string;
  outcome: SubagentOutcome | null;
}

export type TranscriptItem =
  | { kind: 'user'; id: string; order: number; turn: number; text: string }
  | { kind: 'assistant'; id: string; order: number; turn: number; step: number; text: string; reasoning: string }
  | {
      kind: 'tool';
      id: string;
      order: number;
      turn: number;
      step: number;
      callId: string;
      /** '' when the call's announcement lies on a page not loaded. */
      name: string;
      /** The raw JSON text the model sent. */
      arguments: string;
      status: ToolCallStatus;
      /** What the model saw as the result; null until there is one. */
      result: string | null;
      /** Set when the call started a subagent (`subagent/start`; `outcome` from `subagent/end`, null while it runs). */
      child: ToolChildView | null;
    }
  | { kind: 'turn-end'; id: string; order: number; turn: number; reason: TurnEndKind; message: string | null };

const base = { id: z.string(), order: z.number(), turn: z.number() };

export const transcriptItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('user'), ...base, text: z.string() }),
  z.strictObject({ kind: z.literal('assistant'), ...base, step: z.number(), text: z.string(), reasoning: z.string() }),
  z.strictObject({
    kind: z.literal('tool'),
    ...base,
    step: z.number(),
    callId: z.string(),
    name: z.string(),
    arguments: z.string(),
    status: z.enum(['pending', 'running', 'ok', 'error']),
    result: z.nullable(z.string()),
    child: z.nullable(
      z.strictObject({
        sessionId: z.string(),
        description: z.string(),
        outcome: z.nullable(z.enum(['completed', 'aborted', 'error', 'max-steps', 'interrupted'])),
      }),
    ),
  }),
  z.strictObject({
    kind: z.literal('turn-end'),
    ...base,
    reason: z.enum(['completed', 'aborted', 'error', 'max-steps', 'interrupted']),
    message: z.nullable(z.string()),
  }),
]) satisfies z.ZodMiniType<TranscriptItem>;

/** Room for the tool calls of one assistant message between two log lines. */
const SUB_ORDERS = 1024;
const orderOf = (seq: number, sub = 0): number => seq * SUB_ORDERS + sub;

type ToolItem = Extract<TranscriptItem, { kind: 'tool' }>;

/**
 * Folds session events into transcript items, returning the items each event
 * created or changed (whole items: the webview replaces by id). Deterministic and
 * I/O-free; it remembers only the tool calls of the open turn.
 */
export class TranscriptFolder {
  private readonly openCalls = new Map<string, ToolItem>();
  /** Where the log is, for `subagent/*` lines (they name only the call). */
  private turn = 0;
  private step = 0;

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
      case 'subagent/start':
      case 'subagent/end': {
        const { callId, childSessionId } = event.data;
        const known = this.findCall(callId);
        if (!known && this.step === 0) return []; // the call's step lies on a page not loaded
        const base: ToolItem = known ?? {
          kind: 'tool',
          id: toolId(this.turn, this.step, callId),
          order: orderOf(event.seq),
          turn: this.turn,
          step: this.step,
          callId,
          name: '',
          arguments: '',
          status: 'running',
          result: null,
          child: null,
        };
        const child: ToolChildView =
          event.type === 'subagent/start'
            ? { sessionId: childSessionId, description: event.data.description, outcome: base.child?.outcome ?? null }
            : { sessionId: childSessionId, description: base.child?.description ?? '', outcome: event.data.outcome };
        const item: ToolItem = { ...base, child };
        this.openCalls.set(item.id, item);
        return [item];
      }
      case 'user/message':
        return [{ kind: 'user', id: `e${event.seq}`, order: orderOf(event.seq), turn: event.data.turn, text: event.data.message.text }];
      case 'assistant/message': {
        const { turn, step, message } = event.data;
        const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
        const reasoning = message.content.flatMap((b) => (b.type === 'reasoning' ? [b.text] : [])).join('');
        const out: TranscriptItem[] = [];
        if (text || reasoning) out.push({ kind: 'assistant', id: `e${event.seq}`, order: orderOf(event.seq), turn, step, text, reasoning });
        let sub = 0;
        for (const block of message.content) {
          if (block.type !== 'tool-call') continue;
          const item: ToolItem = {
            kind: 'tool',
            id: toolId(turn, step, block.id),
            order: orderOf(event.seq, ++sub),
            turn,
            step,
            callId: block.id,
            name: block.name,
            arguments: block.arguments,
            status: 'pending',
            result: null,
            child: null,
          };
          this.openCalls.set(item.id, item);
          out.push(item);
        }
        return out;
      }
      case 'tool/call': {
        const { turn, step, callId, name } = event.data;
        const known = this.openCalls.get(toolId(turn, step, callId));
        const item: ToolItem = known
          ? { ...known, status: 'running' }
          : { kind: 'tool', id: toolId(turn, step, callId), order: orderOf(event.seq), turn, step, callId, name, arguments: event.data.arguments, status: 'running', result: null, child: null };
        this.openCalls.set(item.id, item);
        return [item];
      }
      case 'tool/result': {
        const { turn, step, callId, isError, content } = event.data;
        const known = this.openCalls.get(toolId(turn, step, callId));
        const status: ToolCallStatus = isError ? 'error' : 'ok';
        const item: ToolItem = known
          ? { ...known, status, result: content }
          : { kind: 'tool', id: toolId(turn, step, callId), order: orderOf(event.seq), turn, step, callId, name: '', arguments: '', status, result: content, child: null };
        this.openCalls.set(item.id, item);
        return [item];
      }
      case 'turn/end': {
        this.openCalls.clear(); // every call of the turn has its result by now
        this.step = 0;
        const { reason } = event.data;
        const message = 'message' in reason && reason.message !== undefined ? reason.message : reason.kind === 'max-steps' ? `stopped after ${reason.maxSteps} steps` : null;
        return [{ kind: 'turn-end', id: `e${event.seq}`, order: orderOf(event.seq), turn: event.data.turn, reason: reason.kind, message }];
      }
      default:
        return [];
    }
  }

  /** The open call with this id in the current step (call ids are unique per assistant message). */
  private findCall(callId: string): ToolItem | undefined {
    const id = toolId(this.turn, this.step, callId);
    const exact = this.openCalls.get(id);
    if (exact) return exact;
    let found: ToolItem | undefined;
    for (const item of this.openCalls.values()) if (item.callId === callId) found = item;
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
