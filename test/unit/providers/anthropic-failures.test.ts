// Anthropic-specific failures over a real loopback server and the real loop:
// 529 overloaded (with retry-after-ms), an `error` event mid-stream, a stream cut
// inside a tool's input_json_delta, and a 400 that must not be retried.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { AnthropicProvider } from '../../../extension/src/core/agent/providers/anthropic';
import { ANTHROPIC_TEST_MODEL, anthropicSse, splitAt, textStream, toolUseStream } from './anthropic-wire';
import { jsonReply, LoopbackServer, sse } from './loopback-server';
import { eventsOf, finalText, runProviderTurn } from './support';

const API_KEY = 'sk-ant-failures-77';
const TODOS_ARGS = JSON.stringify({
  todos: [
    { content: 'read the code', status: 'in_progress' },
    { content: 'write the fix', status: 'pending' },
  ],
});

function overloaded(headers: Record<string, string> = {}): ReturnType<typeof jsonReply> {
  return jsonReply(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, headers);
}

describe('anthropic provider under failures', () => {
  let server: LoopbackServer;
  let provider: AnthropicProvider;
  before(async () => {
    server = await LoopbackServer.start();
    provider = new AnthropicProvider({ model: ANTHROPIC_TEST_MODEL, apiKey: API_KEY, baseURL: server.url });
  });
  beforeEach(() => {
    server.requests.length = 0;
    assert.equal(server.pending, 0, 'the previous test consumed all its replies');
  });
  after(async () => server.close());

  it('retries 529 overloaded after the retry-after-ms the server asked for', async () => {
    server.enqueue(overloaded({ 'retry-after-ms': '1500' }), sse(textStream('fine now')));
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.deepEqual(run.sleeps, [1500]);
    assert.equal(finalText(run.events), 'fine now');
  });

  it('ends the turn `error` with the provider message when overloaded every time', async () => {
    server.enqueue(overloaded(), overloaded());
    const run = await runProviderTurn(provider, 'hi', { retry: { attempts: 2 } });
    assert.deepEqual(run.end, { kind: 'error', message: '529 Overloaded' });
    assert.equal(server.requests.length, 2);
  });

  it('does not retry a 400 and reports the provider message', async () => {
    server.enqueue(
      jsonReply(400, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'max_tokens: must be at least 1' },
      }),
    );
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'error', message: '400 max_tokens: must be at least 1' });
    assert.deepEqual(run.sleeps, []);
  });

  it('retries after an overloaded `error` event mid-stream', async () => {
    const partial = anthropicSse([
      {
        type: 'message_start',
        message: {
          id: 'm',
          type: 'message',
          role: 'assistant',
          model: ANTHROPIC_TEST_MODEL,
          content: [],
          usage: { input_tokens: 5, output_tokens: 1 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'half an ans' } },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]);
    server.enqueue(sse(partial), sse(textStream('the whole answer')));
    const run = await runProviderTurn(provider, 'hi');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.equal(finalText(run.events), 'the whole answer');
    assert.equal(run.sleeps.length, 1);
  });

  it('does not retry an invalid_request_error event mid-stream', async () => {
    server.enqueue(
      sse(anthropicSse([{ type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long' } }])),
    );
    const run = await runProviderTurn(provider, 'hi');
    // "prompt is too long" is a context overflow: with nothing to compact, the turn ends `error` once, with the provider's words.
    assert.equal(run.end.kind, 'error');
    assert.match(run.end.kind === 'error' ? run.end.message : '', /nothing left to compact.*prompt is too long$/);
    assert.equal(server.requests.length, 1);
  });

  it('retries a stream cut inside the tool input, and runs the tool once', async () => {
    const body = toolUseStream({
      thinking: ['Plan.'],
      signature: 'sig',
      text: ['Ok.'],
      toolId: 'toolu_cut',
      argumentPieces: splitAt(TODOS_ARGS, [3, 11, 30]),
    });
    const cutAfterBytes = body.indexOf('write the');
    assert.ok(cutAfterBytes > 0);
    server.enqueue(sse(body, { cutAfterBytes }), sse(body), sse(textStream('DONE')));
    const run = await runProviderTurn(provider, 'plan it');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.equal(eventsOf(run.events, 'tool/call').length, 1);
    assert.equal(eventsOf(run.events, 'todo/write').length, 1);
    assert.equal(server.requests.length, 3);
  });

  it('retries a body that ends before message_stop', async () => {
    const body = toolUseStream({
      thinking: ['Plan.'],
      signature: 'sig',
      text: ['Ok.'],
      toolId: 'toolu_eof',
      argumentPieces: [TODOS_ARGS],
    });
    const truncated = body.slice(0, body.indexOf('event: message_stop'));
    server.enqueue(sse(truncated), sse(body), sse(textStream('DONE')));
    const run = await runProviderTurn(provider, 'plan it');
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.equal(eventsOf(run.events, 'todo/write').length, 1);
    const reset = run.deltas.find((d) => d.kind === 'reset');
    assert.ok(reset?.kind === 'reset' && reset.message.includes('no message_stop'));
  });
});
