// A remote provider from the catalog knows its id, model, window and key at once and
// loads its implementation (with its SDK) only at its first request, then streams
// through it as the implementation itself does, over real HTTP on 127.0.0.1.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lazyProvider } from '../../../extension/src/core/agent/providers/lazy-provider';
import { REMOTE_PROVIDERS } from '../../../extension/src/core/agent/providers/remote-catalog';
import type { ModelProvider, ModelRequest, StreamPart } from '../../../extension/src/core/agent/provider';
import { LoopbackServer, sse } from './loopback-server';
import { textStep } from './openai-wire';

const REQUEST: ModelRequest = { system: '', messages: [{ role: 'user', text: 'Hello' }], tools: [], sessionId: 's1' };

async function collect(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('a lazily loaded remote provider', () => {
  it('answers id, model, window and secrets before its implementation loads, and loads it once, at its first request', async () => {
    let loads = 0;
    const inner: ModelProvider = {
      id: 'openai',
      model: 'm',
      async *stream() {
        yield { type: 'text-delta', text: 'hi' } satisfies StreamPart;
      },
    };
    const provider = lazyProvider({ id: 'openai', model: 'm', contextWindow: 1000, apiKey: 'sk-1' }, () => {
      loads++;
      return Promise.resolve(inner);
    });
    assert.deepEqual(
      [provider.id, provider.model, provider.contextWindow, provider.secretValues?.()],
      ['openai', 'm', 1000, ['sk-1']],
    );
    assert.equal(loads, 0, 'nothing loaded yet');
    await collect(provider.stream(REQUEST, new AbortController().signal));
    await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.equal(loads, 1);
  });

  it("is what the catalog makes: the openai entry streams a loopback model's answer", async () => {
    const server = await LoopbackServer.start([sse(textStep('Hello there.'))]);
    try {
      const provider = REMOTE_PROVIDERS.openai.create({
        model: 'gpt-4.1-mini',
        apiKey: 'sk-test',
        baseURL: `${server.url}/v1`,
      });
      assert.ok((provider.contextWindow ?? 0) > 0, 'a known window before anything loads');
      assert.deepEqual(provider.secretValues?.(), ['sk-test']);
      const parts = await collect(provider.stream(REQUEST, new AbortController().signal));
      const text = parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : [])).join('');
      assert.equal(text, 'Hello there.');
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  });
});
