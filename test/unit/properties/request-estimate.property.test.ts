// Property test: the context meter kept as the log grows (RequestEstimate) equals the
// meter read from scratch (contextUse: the latest reported count after the latest
// compaction, else estimateRequestTokens of deriveMessages), after every append, for random logs with
// prompts, answers (some with a reported count), tool calls and results, user edits (alone and in runs),
// compactions (keeping the events after their boundary) and events the model never
// sees; and it starts over for another session's log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { contextUse, estimateRequestTokens } from '../../../extension/src/core/agent/context-budget';
import { RequestEstimate } from '../../../extension/src/core/agent/request-estimate';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import type { ToolSpec } from '../../../extension/src/core/tools/registry';

type Make = (seq: number) => SessionEvent;
const ts = '2026-01-01T00:00:00.000Z';
const text = fc.string({ maxLength: 40 });
const todos = fc.array(
  fc.record({
    content: fc.string({ minLength: 1, maxLength: 8 }),
    status: fc.constantFrom<TodoItem['status']>('pending', 'in_progress', 'completed'),
  }),
  { maxLength: 3 },
);
const model = { provider: 'scripted', model: 'scripted' };

const event: fc.Arbitrary<Make> = fc.oneof(
  text.map((t): Make => (seq) => ({ seq, ts, type: 'user/message', data: { turn: 1, message: { text: t } } })),
  fc
    .tuple(text, fc.string({ maxLength: 20 }), fc.option(fc.nat({ max: 50_000 }), { freq: 4 }))
    .map(([t, args, counted]): Make => (seq) => ({
      seq,
      ts,
      type: 'assistant/message',
      data: {
        turn: 1,
        step: 1,
        message: {
          content: [
            { type: 'reasoning', text: t },
            { type: 'text', text: t },
            { type: 'tool-call', id: `c${seq}`, name: 'todo_write', arguments: args },
          ],
        },
        model,
        ...(counted === null ? {} : { usage: { inputTokens: counted } }),
      },
    })),
  fc.tuple(text, fc.boolean()).map(([t, isError]): Make => (seq) => ({
    seq,
    ts,
    type: 'tool/result',
    data: { turn: 1, step: 1, callId: `c${seq - 1}`, isError, content: t },
  })),
  todos.map((list): Make => (seq) => ({ seq, ts, type: 'todo/user-edit', data: { todos: list } })),
  todos.map((list): Make => (seq) => ({ seq, ts, type: 'todo/write', data: { todos: list } })),
  fc.constant<Make>((seq) => ({ seq, ts, type: 'step/end', data: { turn: 1, step: 1 } })),
  // A compaction whose boundary is a few events back: the events after it stay in the request.
  fc.tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.nat({ max: 4 })).map(([summary, back]): Make => (seq) => ({
    seq,
    ts,
    type: 'context/compact',
    data: { upToSeq: Math.max(1, seq - 1 - back), summary },
  })),
);

const tools: ToolSpec[] = [
  { name: 'todo_write', description: 'Write the whole list.', parameters: { type: 'object' } } as ToolSpec,
];

describe('the context estimate kept as the log grows', () => {
  it('equals the meter read from scratch (a reported count, or the whole request estimated) after every append', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(event, { minLength: 1, maxLength: 5 }), { maxLength: 12 }),
        todos,
        (bursts, plan) => {
          const estimate = new RequestEstimate();
          const events: SessionEvent[] = [];
          const parts = { system: 'You are a coding agent.', tools, plan };
          for (const burst of bursts) {
            for (const make of burst) events.push(make(events.length + 1));
            const whole = () =>
              estimateRequestTokens({ system: parts.system, tools, messages: deriveMessages(events, { plan }) });
            assert.deepEqual(estimate.use(events, parts, 8000), contextUse(events, whole, 8000));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("starts over for another session's log", () => {
    const estimate = new RequestEstimate();
    const parts = { system: 's', tools: [], plan: null };
    const one: SessionEvent[] = [
      { seq: 1, ts, type: 'user/message', data: { turn: 1, message: { text: 'a long prompt of the first session' } } },
    ];
    const other: SessionEvent[] = [{ seq: 1, ts, type: 'user/message', data: { turn: 1, message: { text: 'b' } } }];
    assert.equal(
      estimate.use(one, parts, 100).promptTokens,
      estimateRequestTokens({ system: 's', tools: [], messages: deriveMessages(one) }),
    );
    assert.equal(
      estimate.use(other, parts, 100).promptTokens,
      estimateRequestTokens({ system: 's', tools: [], messages: deriveMessages(other) }),
    );
  });
});
