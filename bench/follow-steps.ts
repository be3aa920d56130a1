// Valid continuations of a log for the follow bench: whole todo_write steps as the
// loop writes them (assistant/message, tool/call, todo/write, tool/result, step/end),
// inside one open turn, as JSONL lines (for a follower) or as appends (for a Session).
import type { SessionEventMap, SessionEventType } from '../extension/src/core/session/events';
import type { TodoItem } from '../extension/src/core/domain-literals';

export type Append = { [K in SessionEventType]: { type: K; data: SessionEventMap[K] } }[SessionEventType];

export function planAt(k: number, items = 8): TodoItem[] {
  return Array.from({ length: items }, (_, i) => ({
    content: `Step ${i + 1} of the followed plan`,
    status: i < k % items ? 'completed' : i === k % items ? 'in_progress' : 'pending',
  }));
}

/** The events of step `step` of turn `turn` (one todo_write call). */
export function todoStep(turn: number, step: number): Append[] {
  const callId = `f_${turn}_${step}`;
  const todos = planAt(step);
  const args = JSON.stringify({ todos });
  return [
    { type: 'step/start', data: { turn, step } },
    {
      type: 'assistant/message',
      data: {
        turn,
        step,
        message: { content: [{ type: 'tool-call', id: callId, name: 'todo_write', arguments: args }] },
        model: { provider: 'scripted', model: 'scripted' },
      },
    },
    { type: 'tool/call', data: { turn, step, callId, name: 'todo_write', arguments: args } },
    { type: 'todo/write', data: { todos } },
    { type: 'tool/result', data: { turn, step, callId, isError: false, content: 'Updated todo list.' } },
    { type: 'step/end', data: { turn, step } },
  ];
}

const SURFACE = new Set<string>(['user/message', 'assistant/message', 'tool/result']);

/** A JSONL line for an event with sequence number `seq`. */
export function lineOf(seq: number, e: Append): string {
  const env: Record<string, unknown> = { seq, ts: new Date().toISOString(), type: e.type, data: e.data };
  if (SURFACE.has(e.type)) env.surfaceOp = 'append';
  return `${JSON.stringify(env)}\n`;
}
