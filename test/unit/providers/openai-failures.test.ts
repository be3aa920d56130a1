// What real networks and real models do to the OpenAI-compatible provider, over a
// real loopback server, through the real loop: rate limits, server errors, streams
// cut mid-call, malformed tool arguments. Whatever happens, the log loads with every
// invariant checked (runProviderTurn loads it) and no tool runs twice.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OpenAIProvider } from '../../../extension/src/core/agent/providers/openai';
import { jsonReply, LoopbackServer, sse } from './loopback-server';
import { textStep, toolCallStep, truncatedStep } from './openai-wire';
import { eventsOf, finalText, loadRecordedTodoWrite, runProviderTurn, standingPlan } from './support';

const API_KEY = 'sk-loopback-failures-42';
const fixture = loadRecordedTodoWrite();

describe('openai provider under failures', () => {
  let server: LoopbackServer;
  let provider: OpenAIProvider;
  before(async () => {
    server = await LoopbackServer.start();
    provider = new OpenAIProvider({ model: 'test-model', apiKey: API_KEY, baseURL: `${server.url}/v1` });
  });
  beforeEach(() => {
    server.requests.length = 0;
    assert.equal(server.pending, 0, 'the previous test consumed all its replies');
  });
  after(async () => server.close());

  it('retries a 429 after the Retry-After seconds the server asked for, then completes', async () => {
    server.enqueue(
      jsonReply(
        429,
        { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
        { 'retry-after': '7' },
      ),
      sse(textStep('Hello there')),
    );
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.deepEqual(run.sleeps, [7000]);
    const reset = run.deltas.find((d) => d.kind === 'reset');
    assert.ok(
      reset?.kind === 'reset' && reset.delayMs === 7000 && reset.message.includes('Rate limit reached for requests'),
    );
    assert.equal(server.requests.length, 2);
    assert.equal(finalText(run.events), 'Hello there');
  });

  it('ends the turn `error` with the provider message after repeated 500s, and the log stays valid', async () => {
    const failure = jsonReply(500, { error: { message: 'upstream exploded', type: 'server_error' } });
    server.enqueue(failure, failure, failure);
    const run = await runProviderTurn(provider, 'hi', { retry: { attempts: 3 } });
    assert.equal(run.end.kind, 'error');
    assert.ok(
      run.end.kind === 'error' && run.end.message.includes('upstream exploded') && run.end.message.startsWith('500'),
    );
    assert.equal(server.requests.length, 3);
    assert.equal(run.sleeps.length, 2);
    assert.equal(eventsOf(run.events, 'assistant/message').length, 0);
    assert.deepEqual(
      eventsOf(run.events, 'turn/end').map((e) => e.data.reason),
      [run.end],
    );
  });

  it('does not retry a 400: the provider message ends the turn at once', async () => {
    server.enqueue(jsonReply(400, { error: { message: "Invalid value for 'model'", type: 'invalid_request_error' } }));
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'error', message: "400 Invalid value for 'model'" });
    assert.equal(server.requests.length, 1);
    assert.deepEqual(run.sleeps, []);
  });

  it('retries a connection reset before any response byte', async () => {
    server.enqueue({ body: '', resetBeforeResponse: true }, sse(textStep('ok')));
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.equal(run.sleeps.length, 1);
    assert.equal(server.requests.length, 2);
  });

  it('retries an error event sent mid-stream', async () => {
    const errorEvent = 'data: {"error": {"message": "Service is overloaded", "type": "server_error"}}\n\n';
    server.enqueue(
      sse(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'par' } }] })}\n\n${errorEvent}`),
      sse(textStep('whole answer')),
    );
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'completed' });
    const reset = run.deltas.find((d) => d.kind === 'reset');
    assert.ok(reset?.kind === 'reset' && reset.message.includes('Service is overloaded'));
    assert.equal(finalText(run.events), 'whole answer', 'the failed attempt leaves nothing in the log');
  });

  it('turns malformed tool arguments into an error result, and the corrected call succeeds', async () => {
    const fixed = JSON.stringify({ todos: [{ content: 'read the code', status: 'in_progress' }] });
    server.enqueue(
      sse(toolCallStep('call_bad', 'todo_write', ['{"todos": [{"content": "read', ' the code", "status": '])),
      sse(toolCallStep('call_good', 'todo_write', [fixed.slice(0, 9), fixed.slice(9)])),
      sse(textStep('DONE')),
    );
    const run = await runProviderTurn(provider, 'plan it');
    assert.deepEqual(run.end, { kind: 'completed' });
    const results = eventsOf(run.events, 'tool/result');
    assert.deepEqual(
      results.map((r) => [r.data.callId, r.data.isError]),
      [
        ['call_bad', true],
        ['call_good', false],
      ],
    );
    assert.match(results[0]!.data.content, /invalid arguments: not valid JSON/);
    assert.equal(eventsOf(run.events, 'todo/write').length, 1, 'the malformed call wrote nothing');
    assert.deepEqual(standingPlan(run.events), [{ content: 'read the code', status: 'in_progress' }]);
    const second = server.requests[1]?.json as {
      messages: { role: string; tool_call_id?: string; content?: unknown }[];
    };
    const toolMessage = second.messages.find((m) => m.role === 'tool');
    assert.equal(toolMessage?.tool_call_id, 'call_bad');
    assert.equal(toolMessage?.content, results[0]!.data.content);
  });

  describe('a stream cut in the middle of the recorded tool call', () => {
    const { steps } = fixture;
    const cutAt = (): number => {
      const at = steps[0]!.indexOf('"watch');
      assert.ok(at > 0, 'the recording has the call in it');
      return at;
    };

    it('is retried, and the tool runs exactly once', async () => {
      server.enqueue(sse(steps[0]!, { cutAfterBytes: cutAt() }), sse(steps[0]!), sse(steps[1]!));
      const run = await runProviderTurn(provider, 'plan it');
      assert.deepEqual(run.end, { kind: 'completed' });
      assert.equal(run.sleeps.length, 1);
      assert.equal(server.requests.length, 3);
      assert.equal(eventsOf(run.events, 'tool/call').length, 1);
      assert.equal(eventsOf(run.events, 'todo/write').length, 1);
      const reset = run.deltas.find((d) => d.kind === 'reset');
      assert.ok(
        reset?.kind === 'reset' && /connection lost|cut/.test(reset.message),
        reset?.kind === 'reset' ? reset.message : 'no reset',
      );
    });

    it('is retried when the body ends cleanly before finish_reason', async () => {
      server.enqueue(sse(truncatedStep(steps[0]!, cutAt())), sse(steps[0]!), sse(steps[1]!));
      const run = await runProviderTurn(provider, 'plan it');
      assert.deepEqual(run.end, { kind: 'completed' });
      assert.equal(eventsOf(run.events, 'todo/write').length, 1);
      const reset = run.deltas.find((d) => d.kind === 'reset');
      assert.ok(reset?.kind === 'reset' && reset.message.includes('a tool call was still arriving'));
    });

    it('ends the turn `error` cleanly when every attempt is cut, with no tool run', async () => {
      server.enqueue(sse(steps[0]!, { cutAfterBytes: cutAt() }), sse(steps[0]!, { cutAfterBytes: cutAt() }));
      const run = await runProviderTurn(provider, 'plan it', { retry: { attempts: 2 } });
      assert.equal(run.end.kind, 'error');
      assert.equal(eventsOf(run.events, 'tool/call').length, 0);
      assert.equal(eventsOf(run.events, 'todo/write').length, 0);
      assert.equal(eventsOf(run.events, 'assistant/message').length, 0);
    });
  });
});
