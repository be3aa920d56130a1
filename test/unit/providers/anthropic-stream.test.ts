// Anthropic Messages streams written from the documented event format
// (message_start, content_block_start/delta/stop with thinking_delta,
// signature_delta, text_delta and input_json_delta, message_delta, message_stop,
// with pings between), served from a loopback server to the real SDK and the real
// loop. fast-check picks the todo lists and where the tool input JSON is split.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { AnthropicProvider } from '../../../extension/src/core/agent/providers/anthropic';
import { DEFAULT_SYSTEM_PROMPT } from '../../../extension/src/core/agent/system-prompt';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { ANTHROPIC_TEST_MODEL as MODEL, splitAt, textStream, toolUseStream } from './anthropic-wire';
import { LoopbackServer, sse } from './loopback-server';
import { eventsOf, finalText, runProviderTurn, standingPlan } from './support';

const API_KEY = 'sk-ant-loopback-0123456789';
const PROMPT = 'Plan the work with todo_write, then say DONE.';

const todosArb: fc.Arbitrary<TodoItem[]> = fc
  .uniqueArray(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).filter((s) => s.trim() === s && s.length > 0),
    { minLength: 1, maxLength: 5 },
  )
  .chain((contents) =>
    fc
      .tuple(...contents.map(() => fc.constantFrom<TodoItem['status']>('pending', 'in_progress', 'completed')))
      .map((statuses) => contents.map((content, i) => ({ content, status: statuses[i] ?? 'pending' }))),
  );

describe('anthropic provider over documented SSE events', () => {
  let server: LoopbackServer;
  before(async () => {
    server = await LoopbackServer.start();
  });
  after(async () => server.close());

  it('assembles input_json_delta split at arbitrary points into the exact call, whatever the todos', async () => {
    await fc.assert(
      fc.asyncProperty(todosArb, fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), async (todos, points, spaced) => {
        const args = spaced ? JSON.stringify({ todos }, null, 1) : JSON.stringify({ todos });
        const first = server.requests.length;
        server.enqueue(
          sse(
            toolUseStream({
              thinking: ['Let me ', 'plan.'],
              signature: 'sig-abc',
              text: ['Planning', ' now.'],
              toolId: 'toolu_01A',
              argumentPieces: splitAt(args, points),
            }),
          ),
          sse(textStream('DONE')),
        );
        const provider = new AnthropicProvider({ model: MODEL, apiKey: API_KEY, baseURL: server.url });
        const run = await runProviderTurn(provider, PROMPT);
        assert.deepEqual(run.end, { kind: 'completed' });
        assert.deepEqual(
          eventsOf(run.events, 'tool/call').map((e) => [e.data.callId, e.data.name]),
          [['toolu_01A', 'todo_write']],
        );
        const announced = eventsOf(run.events, 'assistant/message').flatMap((e) =>
          e.data.message.content.flatMap((b) => (b.type === 'tool-call' ? [b.arguments] : [])),
        );
        assert.deepEqual(announced, [args]);
        assert.deepEqual(
          eventsOf(run.events, 'todo/write').map((e) => e.data.todos),
          [todos],
        );
        assert.deepEqual(standingPlan(run.events), todos);
        assert.equal(finalText(run.events), 'DONE');
        assert.equal(server.requests.length - first, 2);
      }),
      { numRuns: 25 },
    );
  });

  it('records thinking with its signature, text and usage, and sends them back in the next request', async () => {
    const todos: TodoItem[] = [
      { content: 'read the code', status: 'in_progress' },
      { content: 'write the fix', status: 'pending' },
    ];
    const args = JSON.stringify({ todos });
    const first = server.requests.length;
    server.enqueue(
      sse(
        toolUseStream({
          thinking: ['I should ', 'plan first.'],
          signature: 'EqQBCgIYAhIM1gbcDa9GJwZA',
          text: ['Here is ', 'the plan.'],
          toolId: 'toolu_01B',
          argumentPieces: splitAt(args, [5, 17, 40]),
        }),
      ),
      sse(textStream('DONE')),
    );
    const provider = new AnthropicProvider({ model: MODEL, apiKey: API_KEY, baseURL: server.url, maxTokens: 1024 });
    const run = await runProviderTurn(provider, PROMPT);
    assert.deepEqual(run.end, { kind: 'completed' });
    const message = eventsOf(run.events, 'assistant/message')[0]!;
    assert.deepEqual(message.data.message.content, [
      { type: 'reasoning', text: 'I should plan first.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA' },
      { type: 'text', text: 'Here is the plan.' },
      { type: 'tool-call', id: 'toolu_01B', name: 'todo_write', arguments: args },
    ]);
    assert.deepEqual(message.data.usage, { inputTokens: 572, outputTokens: 89, cachedInputTokens: 100 });
    assert.equal(message.data.finishReason, 'tool_use');
    assert.ok(run.deltas.some((d) => d.kind === 'reasoning'));

    const [req1, req2] = server.requests.slice(first);
    assert.equal(req1?.url, '/v1/messages');
    // The SDK sends the key as x-api-key or (1.x) as a bearer token; either way it is the key we gave.
    assert.ok(req1?.headers['x-api-key'] === API_KEY || req1?.headers.authorization === `Bearer ${API_KEY}`);
    assert.ok(req1?.headers['anthropic-version']);
    const body1 = req1?.json as Record<string, unknown>;
    assert.equal(body1.model, MODEL);
    assert.equal(body1.max_tokens, 1024);
    assert.equal(body1.stream, true);
    assert.equal(body1.system, DEFAULT_SYSTEM_PROMPT);
    const tools = body1.tools as {
      name: string;
      input_schema: { type: string; properties: Record<string, unknown> };
    }[];
    assert.deepEqual(
      tools.map((t) => t.name),
      ['todo_write'],
    );
    assert.equal(tools[0]?.input_schema.type, 'object');
    assert.ok('todos' in tools[0]!.input_schema.properties);
    assert.deepEqual(body1.messages, [{ role: 'user', content: [{ type: 'text', text: PROMPT }] }]);

    const result = eventsOf(run.events, 'tool/result')[0]!;
    assert.deepEqual((req2?.json as Record<string, unknown>).messages, [
      { role: 'user', content: [{ type: 'text', text: PROMPT }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should plan first.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA' },
          { type: 'text', text: 'Here is the plan.' },
          { type: 'tool_use', id: 'toolu_01B', name: 'todo_write', input: { todos } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_01B', content: result.data.content, is_error: false }],
      },
    ]);
    assert.ok(!run.logText.includes(API_KEY));
  });
});
