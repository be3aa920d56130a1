// Stop while the model is still streaming: the AbortSignal reaches the HTTP request
// (the server sees its connection go away), the turn ends `aborted`, the log stays
// valid, and what the user already saw is kept.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelProvider } from '../../../extension/src/core/agent/provider';
import { AnthropicProvider } from '../../../extension/src/core/agent/providers/anthropic';
import { OpenAIProvider } from '../../../extension/src/core/agent/providers/openai';
import { ANTHROPIC_TEST_MODEL, anthropicSse } from './anthropic-wire';
import { LoopbackServer, sse } from './loopback-server';
import { openAISse } from './openai-wire';
import { eventsOf, runProviderTurn } from './support';

const openAIPartial = openAISse(
  [{ choices: [{ index: 0, delta: { role: 'assistant', content: 'Working on ' } }] }],
  false,
);
const anthropicPartial = anthropicSse([
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
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Working on ' } },
]);

describe('Stop during a model stream', () => {
  let server: LoopbackServer;
  before(async () => {
    server = await LoopbackServer.start();
  });
  after(async () => server.close());

  const cases: { name: string; body: string; make: () => ModelProvider }[] = [
    {
      name: 'openai',
      body: openAIPartial,
      make: () => new OpenAIProvider({ model: 'm', apiKey: 'k-abort', baseURL: `${server.url}/v1` }),
    },
    {
      name: 'anthropic',
      body: anthropicPartial,
      make: () => new AnthropicProvider({ model: ANTHROPIC_TEST_MODEL, apiKey: 'k-abort', baseURL: server.url }),
    },
  ];

  for (const c of cases) {
    it(
      `${c.name}: aborts the request, ends the turn aborted and keeps the text already shown`,
      { timeout: 20_000 },
      async () => {
        server.requests.length = 0;
        server.enqueue(sse(c.body, { holdOpen: true }));
        const controller = new AbortController();
        const run = await runProviderTurn(c.make(), 'hi', {
          signal: controller.signal,
          onDelta: (d) => {
            if (d.kind === 'text') controller.abort(new Error('stopped by the user'));
          },
        });
        assert.equal(run.end.kind, 'aborted');
        // The server's side of the request closes only because the client went away: the stream was held open.
        await server.requests[0]?.closed;
        assert.equal(server.requests.length, 1, 'an aborted step is not retried');
        assert.deepEqual(run.sleeps, []);
        const shown = eventsOf(run.events, 'assistant/message').flatMap((m) => m.data.message.content);
        assert.deepEqual(shown, [{ type: 'text', text: 'Working on ' }]);
      },
    );
  }
});
