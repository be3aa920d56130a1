// API keys reach the server and nowhere else: not the session log, not the turn's
// error message, not an error thrown by the provider — even when the server echoes
// the key back in its error body, as some do.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelProvider } from '../../../extension/src/core/agent/provider';
import { AnthropicProvider } from '../../../extension/src/core/agent/providers/anthropic';
import { OpenAIProvider } from '../../../extension/src/core/agent/providers/openai';
import { ANTHROPIC_TEST_MODEL } from './anthropic-wire';
import { jsonReply, LoopbackServer } from './loopback-server';
import { runProviderTurn } from './support';

const KEY = 'sk-secret-DO-NOT-LEAK-5f1e2d3c4b5a';

const cases: { name: string; make: (url: string) => ModelProvider; reply: () => ReturnType<typeof jsonReply> }[] = [
  {
    name: 'openai',
    make: (url) => new OpenAIProvider({ model: 'gpt-test', apiKey: KEY, baseURL: `${url}/v1` }),
    reply: () =>
      jsonReply(401, {
        error: {
          message: `Incorrect API key provided: ${KEY}. You can find your API key at the dashboard.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }),
  },
  {
    name: 'anthropic',
    make: (url) => new AnthropicProvider({ model: ANTHROPIC_TEST_MODEL, apiKey: KEY, baseURL: url }),
    reply: () =>
      jsonReply(401, { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } }),
  },
];

describe('API keys never leak', () => {
  let server: LoopbackServer;
  before(async () => {
    server = await LoopbackServer.start();
  });
  after(async () => server.close());

  for (const c of cases) {
    it(`${c.name}: a 401 echoing the key ends the turn with the key redacted, and the log never holds it`, async () => {
      server.requests.length = 0;
      server.enqueue(c.reply());
      const run = await runProviderTurn(c.make(server.url), 'hi');
      const sent = server.requests[0]?.headers;
      assert.ok(sent?.authorization === `Bearer ${KEY}` || sent?.['x-api-key'] === KEY, 'the key did reach the server');
      assert.equal(run.end.kind, 'error');
      assert.ok(
        run.end.kind === 'error' && run.end.message.startsWith('401 ') && run.end.message.includes('[redacted]'),
        JSON.stringify(run.end),
      );
      assert.ok(!JSON.stringify(run.end).includes(KEY));
      assert.ok(!run.logText.includes(KEY));
      assert.deepEqual(run.sleeps, [], 'a 401 is not retried');
    });

    it(`${c.name}: a refused connection reports no key`, async () => {
      const closed = await LoopbackServer.start();
      const url = closed.url;
      await closed.close();
      const run = await runProviderTurn(c.make(url), 'hi', { retry: { attempts: 2 } });
      assert.equal(run.end.kind, 'error');
      assert.ok(run.end.kind === 'error' && /connection failed/.test(run.end.message), JSON.stringify(run.end));
      assert.ok(!JSON.stringify(run.end).includes(KEY));
      assert.ok(!run.logText.includes(KEY));
      assert.equal(run.sleeps.length, 1, 'a refused connection is retried');
    });
  }
});
