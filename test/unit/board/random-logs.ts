// Random session logs for the board card's property test: any order of the events that
// decide a card (turns, plan writes and edits, reviews, calls with their decisions and
// results, checks) among events that decide nothing (prompts, steps, answers), each
// line a valid event, written as JSONL the way the store writes it. No log invariant is
// kept: the card's rules are folds, which must agree on any sequence of events.
import * as fs from 'node:fs';
import fc from 'fast-check';
import { LOG_FORMAT_VERSION } from '../../../extension/src/core/session/header';

const status = fc.constantFrom('pending', 'in_progress', 'completed');
const todos = fc.uniqueArray(fc.record({ content: fc.constantFrom('a', 'b', 'c', 'd'), status }), {
  maxLength: 4,
  selector: (t) => t.content,
});
const callId = fc.constantFrom('c1', 'c2', 'c3');
const tool = fc.constantFrom('bash', 'read_file', 'write_file', 'todo_write');
const item = fc.constantFrom('a', 'b', 'c');

/** One event: its type and data (the turn, step and plan version are filled in when written). */
export type RandomEvent = { type: string; data: Record<string, unknown> };

const ev = (type: string, data: fc.Arbitrary<Record<string, unknown>> = fc.constant({})) =>
  data.map((d): RandomEvent => ({ type, data: d }));

export const randomEvent: fc.Arbitrary<RandomEvent> = fc.oneof(
  { arbitrary: ev('turn/start'), weight: 3 },
  {
    arbitrary: ev('turn/end', fc.record({ reason: fc.constantFrom({ kind: 'completed' }, { kind: 'aborted' }) })),
    weight: 2,
  },
  { arbitrary: ev('user/message', fc.record({ text: fc.string({ maxLength: 12 }) })), weight: 2 },
  { arbitrary: ev('step/start'), weight: 1 },
  { arbitrary: ev('step/end'), weight: 1 },
  { arbitrary: ev('todo/write', fc.record({ todos })), weight: 4 },
  { arbitrary: ev('todo/user-edit', fc.record({ todos })), weight: 2 },
  { arbitrary: ev('plan/proposed'), weight: 1 },
  { arbitrary: ev('plan/approved'), weight: 1 },
  { arbitrary: ev('plan/rejected'), weight: 1 },
  { arbitrary: ev('tool/call', fc.record({ callId, name: tool, asked: fc.boolean() })), weight: 4 },
  {
    arbitrary: ev('tool/approval', fc.record({ callId, tool, decision: fc.constantFrom('approve', 'deny') })),
    weight: 1,
  },
  { arbitrary: ev('tool/result', fc.record({ callId, isError: fc.boolean() })), weight: 4 },
  /** An item done: put in progress, worked on (a call and its result), marked completed. */
  { arbitrary: ev('item', fc.record({ content: item, name: tool, isError: fc.boolean() })), weight: 3 },
  /** A call and its result together (an item's work). */
  { arbitrary: ev('work', fc.record({ callId, name: tool, isError: fc.boolean() })), weight: 4 },
  { arbitrary: ev('plan/check-set', fc.record({ item, command: fc.constantFrom('true', 'false') })), weight: 1 },
  {
    arbitrary: ev(
      'check/result',
      fc.record({ item, command: fc.constantFrom('true', 'false'), exitCode: fc.integer({ min: 0, max: 1 }) }),
    ),
    weight: 1,
  },
  {
    arbitrary: ev('checkpoint/created', fc.record({ commit: fc.constantFrom('a'.repeat(40), 'b'.repeat(40)) })),
    weight: 1,
  },
);

/** The event's data as the event map wants it, given where the log stands. */
function dataOf(e: RandomEvent, turn: number, step: number, lastPlanSeq: number, lastTodos: unknown): unknown {
  const d = e.data;
  switch (e.type) {
    case 'turn/start':
    case 'step/start':
    case 'step/end':
      return e.type === 'turn/start' ? { turn } : { turn, step };
    case 'turn/end':
      return { turn, reason: d['reason'] };
    case 'user/message':
      return { turn, message: { text: d['text'] } };
    case 'plan/proposed':
      return { turn, planSeq: lastPlanSeq, todos: lastTodos };
    case 'plan/approved':
      return { planSeq: lastPlanSeq, todos: lastTodos };
    case 'plan/rejected':
      return { planSeq: lastPlanSeq, feedback: 'no' };
    case 'tool/call':
      return { turn, step, callId: d['callId'], name: d['name'], ...(d['asked'] === true ? { asked: true } : {}) };
    case 'tool/approval':
      return { turn, step, callId: d['callId'], tool: d['tool'], decision: d['decision'], by: 'user' };
    case 'tool/result':
      return { turn, step, callId: d['callId'], isError: d['isError'], content: 'done' };
    case 'check/result':
      return { ...d, durationMs: 1, output: '' };
    case 'checkpoint/created':
      return { turn, step: 0, commit: d['commit'] };
    default:
      return d;
  }
}

const SURFACE = new Set(['user/message', 'assistant/message', 'tool/result']);

/**
 * Writes `events` as a log at `file`, a second apart from `startMs`; `pad` characters
 * of answer text after each event make a log larger than the card's window.
 */
export function writeRandomLog(file: string, events: readonly RandomEvent[], startMs: number, pad = 0): void {
  let turn = 1;
  let step = 1;
  let seq = 0;
  let lastPlanSeq = 1;
  let lastTodos: unknown = [];
  const lines = [
    JSON.stringify({
      type: 'session',
      version: LOG_FORMAT_VERSION,
      id: 'random',
      createdAt: new Date(startMs).toISOString(),
    }),
  ];
  const put = (type: string, data: unknown): void => {
    seq++;
    const ts = new Date(startMs + seq * 1000).toISOString();
    lines.push(JSON.stringify({ seq, ts, type, data, ...(SURFACE.has(type) ? { surfaceOp: 'append' } : {}) }));
  };
  for (const e of events) {
    if (e.type === 'turn/start') turn++;
    if (e.type === 'step/start') step++;
    if (e.type === 'item') {
      const [content, name, isError] = [e.data['content'], e.data['name'], e.data['isError']];
      put('todo/write', { todos: [{ content, status: 'in_progress' }] });
      put('tool/call', { turn, step, callId: 'w', name });
      put('tool/result', { turn, step, callId: 'w', isError, content: 'done' });
      put('todo/write', { todos: [{ content, status: 'completed' }] });
      lastPlanSeq = seq;
      lastTodos = [{ content, status: 'completed' }];
    } else if (e.type === 'work') {
      put('tool/call', { turn, step, callId: e.data['callId'], name: e.data['name'] });
      put('tool/result', { turn, step, callId: e.data['callId'], isError: e.data['isError'], content: 'done' });
    } else put(e.type, dataOf(e, turn, step, lastPlanSeq, lastTodos));
    if (e.type === 'todo/write' || e.type === 'todo/user-edit') {
      lastPlanSeq = seq;
      lastTodos = e.data['todos'];
    }
    if (pad > 0)
      put('assistant/message', {
        turn,
        step,
        message: { content: [{ type: 'text', text: 'x'.repeat(pad) }] },
        model: { provider: 'p', model: 'm' },
      });
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}
