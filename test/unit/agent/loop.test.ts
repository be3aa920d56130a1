// The full loop with the scripted model: the same code path a real provider takes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { LiveDelta } from '../../../extension/src/core/session/live-delta';
import type { ModelProvider, ModelRequest } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore, type WritableSession } from '../../../extension/src/core/store/session-store';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';
import { foldStandingPlan } from '../support/plan-folds';

function recording(inner: ModelProvider, requests: ModelRequest[]): ModelProvider {
  return {
    id: inner.id,
    model: inner.model,
    stream: (req, signal) => (requests.push(structuredClone(req)), inner.stream(req, signal)),
  };
}

async function withSession<T>(fn: (opened: WritableSession, store: SessionStore) => Promise<T>): Promise<T> {
  const store = new SessionStore(tempDir());
  const opened = store.create();
  try {
    return await fn(opened, store);
  } finally {
    opened.dispose();
    if (opened.session.lastSeq > 0) loadLogFile(opened.path); // every log these tests leave must load
  }
}

const results = (events: readonly SessionEvent[]) => events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));
const writes = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.type === 'todo/write' ? [e.data.todos] : []));

function tools(extra?: (r: ReturnType<typeof buildToolRegistry>['registry']) => void) {
  const set = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: false });
  extra?.(set.registry);
  return set.registry;
}

describe('agent loop with the scripted model', () => {
  it("logs a write_file's content once (on the announcing message), not again on tool/call or the result", async () => {
    await withSession(async (opened) => {
      const ws = tempDir();
      const content = `${'x'.repeat(1000)}-unique-marker-${'y'.repeat(1000)}`;
      const set = buildToolRegistry({
        tools: ['write_file'],
        cwd: ws,
        approvals: new Approvals({ gate: null, autoApprove: true }),
      });
      const responses: ScriptedResponse[] = [
        { toolCalls: [{ name: 'write_file', arguments: { path: 'big.txt', content } }] },
        { text: 'Written.' },
      ];
      assert.deepEqual(
        await runTurn(opened.session, 'write', {
          provider: new ScriptedProvider({ responses }),
          tools: set.registry,
          maxSteps: 5,
        }),
        { kind: 'completed' },
      );
      assert.equal(fs.readFileSync(path.join(ws, 'big.txt'), 'utf8'), content);
      assert.equal(fs.readFileSync(opened.path, 'utf8').split('-unique-marker-').length - 1, 1);
    });
  });

  it('lands a todo_write and a second call replaces it; the turn completes and the plan stands', async () => {
    await withSession(async ({ session }) => {
      const responses: ScriptedResponse[] = [
        write([todo('a', 'in_progress'), todo('b')]),
        write([todo('a', 'completed'), todo('b', 'in_progress')]),
        { text: 'All done.' },
      ];
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses }),
        tools: tools(),
        maxSteps: 10,
      });
      assert.deepEqual(reason, { kind: 'completed' });
      assert.deepEqual(writes(session.events), [
        [todo('a', 'in_progress'), todo('b')],
        [todo('a', 'completed'), todo('b', 'in_progress')],
      ]);
      assert.deepEqual(foldStandingPlan(session.events), [todo('a', 'completed'), todo('b', 'in_progress')]);
      assert.equal(session.events.at(-1)?.type, 'turn/end');
    });
  });

  it("lets a subscriber's timer for a step's result run before the next request is built", async () => {
    // The editor's posts to its webview leave on a later tick; the next request's derivation is
    // linear in the session, so a step's rows must not wait behind it (bench live, latest page).
    await withSession(async ({ session }) => {
      const sent: number[] = [];
      const seenAtRequest: number[][] = [];
      session.subscribe((event) => {
        if (event.type === 'tool/result') setTimeout(() => sent.push(event.seq), 0);
      });
      const inner = new ScriptedProvider({
        responses: [write([todo('a', 'in_progress')]), write([todo('a', 'completed')]), { text: 'done' }],
      });
      const provider: ModelProvider = {
        id: inner.id,
        model: inner.model,
        stream: (req, signal) => (seenAtRequest.push([...sent]), inner.stream(req, signal)),
      };
      await runTurn(session, 'work', { provider, tools: tools(), maxSteps: 10 });
      const resultSeqs = session.events.flatMap((e) => (e.type === 'tool/result' ? [e.seq] : []));
      assert.deepEqual(seenAtRequest, [[], resultSeqs.slice(0, 1), resultSeqs]);
    });
  });

  it('an invalid call returns an error result and the corrected call on the next step succeeds', async () => {
    await withSession(async ({ session }) => {
      const requests: ModelRequest[] = [];
      const provider = recording(
        new ScriptedProvider({
          responses: [
            write([todo('a', 'in_progress'), todo('b', 'in_progress')]),
            write([todo('a', 'in_progress'), todo('b')]),
            { text: 'ok' },
          ],
        }),
        requests,
      );
      await runTurn(session, 'work', { provider, tools: tools(), maxSteps: 10 });
      const [first, second] = results(session.events);
      assert.deepEqual(first && { isError: first.isError, content: first.content }, {
        isError: true,
        content: 'Error: invalid todos: at most one task may be in_progress (got 2)',
      });
      assert.equal(second?.isError, false);
      assert.equal(writes(session.events).length, 1);
      // The model saw its error before it corrected itself.
      assert.deepEqual(requests[1]?.messages.at(-1), {
        role: 'tool',
        callId: first!.callId,
        isError: true,
        content: first!.content,
      });
      assert.deepEqual(
        requests[0]?.tools.map((t) => t.name),
        ['todo_write'],
      );
    });
  });

  it('malformed JSON arguments and an unknown tool become error results, never a write', async () => {
    await withSession(async ({ session }) => {
      const responses: ScriptedResponse[] = [
        {
          toolCalls: [
            { name: 'todo_write', arguments: '{"todos": [' },
            { name: 'no_such_tool', arguments: {} },
          ],
        },
        { text: 'ok' },
      ];
      await runTurn(session, 'work', { provider: new ScriptedProvider({ responses }), tools: tools(), maxSteps: 10 });
      const [bad, unknown] = results(session.events);
      assert.match(bad!.content, /^Error: invalid arguments: not valid JSON/);
      assert.equal(unknown!.content, 'Error: unknown tool "no_such_tool"; available tools: todo_write');
      assert.equal(writes(session.events).length, 0);
    });
  });

  it("runs several calls of one step in the model's order, each tool/call before its result", async () => {
    await withSession(async ({ session }) => {
      const responses: ScriptedResponse[] = [
        {
          toolCalls: [
            { id: 'x1', name: 'todo_write', arguments: { todos: [todo('one')] } },
            { id: 'x2', name: 'todo_write', arguments: { todos: [todo('two')] } },
          ],
        },
        { text: 'ok' },
      ];
      await runTurn(session, 'work', { provider: new ScriptedProvider({ responses }), tools: tools(), maxSteps: 10 });
      const order = session.events
        .filter((e) => ['tool/call', 'todo/write', 'tool/result'].includes(e.type))
        .map((e) => `${e.type}:${'callId' in e.data ? e.data.callId : ''}`);
      assert.deepEqual(order, [
        'tool/call:x1',
        'todo/write:',
        'tool/result:x1',
        'tool/call:x2',
        'todo/write:',
        'tool/result:x2',
      ]);
      assert.deepEqual(foldStandingPlan(session.events), [todo('two')]);
    });
  });

  it('Stop mid-tool ends the turn aborted: the running call gets a result, later calls "not started", the log stays valid', async () => {
    await withSession(async ({ session }) => {
      const controller = new AbortController();
      const registry = tools((r) =>
        r.register({
          name: 'wait',
          description: 'waits until stopped',
          parameters: { type: 'object' },
          execute: (_args, ctx) =>
            new Promise((_, reject) => {
              ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
              controller.abort(); // the user presses Stop while this tool runs
            }),
        }),
      );
      const responses: ScriptedResponse[] = [
        write([todo('a', 'in_progress')]),
        {
          toolCalls: [
            { id: 'w', name: 'wait', arguments: {} },
            { id: 'after', name: 'todo_write', arguments: { todos: [] } },
          ],
        },
      ];
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses }),
        tools: registry,
        maxSteps: 10,
        signal: controller.signal,
      });
      assert.deepEqual(reason, { kind: 'aborted' });
      const byCall = Object.fromEntries(results(session.events).map((r) => [r.callId, r.content]));
      assert.equal(byCall.w, 'Error: the call was stopped by the user');
      assert.equal(byCall.after, 'Error: this call was not started: the user stopped the turn.');
      assert.deepEqual(foldStandingPlan(session.events), [todo('a', 'in_progress')]);
    });
  });

  it('Stop ends the turn even when a running tool ignores its signal', async () => {
    await withSession(async ({ session }) => {
      const controller = new AbortController();
      const registry = buildToolRegistry({ tools: [], stopGraceMs: 20 }).registry;
      registry.register({
        name: 'stubborn',
        description: 'never settles',
        parameters: { type: 'object' },
        execute: () => {
          controller.abort();
          return new Promise(() => {});
        },
      });
      const responses: ScriptedResponse[] = [{ toolCalls: [{ id: 's', name: 'stubborn', arguments: {} }] }];
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses }),
        tools: registry,
        maxSteps: 10,
        signal: controller.signal,
      });
      assert.deepEqual(reason, { kind: 'aborted' });
      assert.equal(results(session.events)[0]?.content, 'Error: the call was stopped by the user');
    });
  });

  it('Stop during the model stream keeps the partial text, runs no tool and ends aborted', async () => {
    await withSession(async ({ session }) => {
      const controller = new AbortController();
      const deltas: LiveDelta[] = [];
      const responses: ScriptedResponse[] = [
        { text: 'one two three four', toolCalls: [{ name: 'todo_write', arguments: { todos: [todo('x')] } }] },
      ];
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses }),
        tools: tools(),
        maxSteps: 10,
        signal: controller.signal,
        onDelta: (d) => {
          deltas.push(d);
          if (deltas.length === 2) controller.abort();
        },
      });
      assert.deepEqual(reason, { kind: 'aborted' });
      const assistant = session.events.find((e) => e.type === 'assistant/message');
      assert.deepEqual(assistant?.type === 'assistant/message' && assistant.data.message.content, [
        { type: 'text', text: 'one two ' },
      ]);
      assert.equal(
        session.events.some((e) => e.type === 'tool/call'),
        false,
      );
    });
  });

  it('ends max-steps when the model keeps calling tools, every call answered', async () => {
    await withSession(async ({ session }) => {
      const responses = [write([todo('a')]), write([todo('b')]), write([todo('c')])];
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses }),
        tools: tools(),
        maxSteps: 2,
      });
      assert.deepEqual(reason, { kind: 'max-steps', maxSteps: 2 });
      assert.equal(writes(session.events).length, 2);
    });
  });

  it("retries a retryable provider failure with the server's delay, then ends error with the provider's message", async () => {
    await withSession(async ({ session }) => {
      const waits: number[] = [];
      const deltas: LiveDelta[] = [];
      const responses: ScriptedResponse[] = [
        { error: { message: 'rate limited', retryable: true, retryAfterMs: 1234 } },
        { text: 'ok' },
        { error: { message: 'boom 1', retryable: true } },
        { error: { message: 'boom 2', retryable: true } },
      ];
      const provider = new ScriptedProvider({ responses });
      const retry = { attempts: 2, sleep: async (ms: number) => void waits.push(ms) };
      assert.deepEqual(
        await runTurn(session, 'one', { provider, tools: tools(), maxSteps: 5, retry, onDelta: (d) => deltas.push(d) }),
        { kind: 'completed' },
      );
      assert.deepEqual(waits, [1234]);
      assert.equal(deltas.filter((d) => d.kind === 'reset').length, 1);
      assert.deepEqual(await runTurn(session, 'two', { provider, tools: tools(), maxSteps: 5, retry }), {
        kind: 'error',
        message: 'boom 2',
      });
    });
  });

  it('a script that runs out is a provider error with a clear message, and the log stays valid', async () => {
    await withSession(async ({ session }) => {
      const reason = await runTurn(session, 'work', {
        provider: new ScriptedProvider({ responses: [write([todo('a')])] }),
        tools: tools(),
        maxSteps: 5,
      });
      assert.deepEqual(reason, {
        kind: 'error',
        message: 'the scripted model has no response left: request 2, but the script has 1',
      });
    });
  });

  it('a new turn sees the prior history (resume) and starts with no standing plan', async () => {
    await withSession(async (opened, store) => {
      await runTurn(opened.session, 'first', {
        provider: new ScriptedProvider({ responses: [write([todo('a')]), { text: 'ok' }] }),
        tools: tools(),
        maxSteps: 5,
      });
      opened.dispose();
      const again = store.openForWrite(opened.session.id);
      try {
        const requests: ModelRequest[] = [];
        await runTurn(again.session, 'second', {
          provider: recording(new ScriptedProvider({ responses: [{ text: 'hello again' }] }), requests),
          tools: tools(),
          maxSteps: 5,
        });
        assert.deepEqual(
          requests[0]?.messages.filter((m) => m.role === 'user'),
          [
            { role: 'user', text: 'first' },
            { role: 'user', text: 'second' },
          ],
        );
        assert.equal(foldStandingPlan(again.session.events), null);
      } finally {
        again.dispose();
      }
    });
  });
});

describe('retry policy', () => {
  it('sits out a Retry-After longer than its own backoff cap, and gives up at once past the longest wait', async () => {
    const { withRetries } = await import('../../../extension/src/core/agent/retry');
    const { ProviderError } = await import('../../../extension/src/core/agent/provider');
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    let calls = 0;
    const flaky = async () => {
      if (calls++ === 0)
        throw new ProviderError('429 rate limited', { retryable: true, retryAfterMs: 60_000, status: 429 });
      return 'ok';
    };
    assert.equal(await withRetries(flaky, { sleep, maxDelayMs: 30_000 }), 'ok');
    assert.deepEqual(waits, [60_000]);
    await assert.rejects(
      withRetries(
        async () => {
          throw new ProviderError('429 rate limited', { retryable: true, retryAfterMs: 3_600_000, status: 429 });
        },
        { sleep },
      ),
      /429 rate limited \(the server asks to retry after 3600 s; try again later\)/,
    );
    assert.deepEqual(waits, [60_000]);
  });

  it('backs off exponentially up to its cap when the server names no delay: 4 attempts by default', async () => {
    const { withRetries } = await import('../../../extension/src/core/agent/retry');
    const { ProviderError } = await import('../../../extension/src/core/agent/provider');
    const failing = async () => {
      throw new ProviderError('500', { retryable: true });
    };
    const waitsOf = async (options: { attempts?: number }) => {
      const waits: number[] = [];
      await assert.rejects(
        withRetries(failing, { ...options, sleep: async (ms) => void waits.push(ms) }),
        /^ProviderError: 500$/,
      );
      return waits;
    };
    assert.deepEqual(await waitsOf({}), [500, 1000, 2000]);
    assert.deepEqual(await waitsOf({ attempts: 10 }), [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
