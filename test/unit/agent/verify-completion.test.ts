// agentChecklist.verifyCompletion through the real loop and the scripted model: the
// items the model marked completed with no work recorded are told once, in the very
// next request (a plan/verify-completion the loop appends, made a note by
// deriveMessages), never repeated; off, nothing is told or logged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { ModelProvider, ModelRequest } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { verifyCompletionNote } from '../../../extension/src/core/plan/plan-flags';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { write } from '../support/scripted-turns';
import { memorySession, todo } from '../support/sessions';

const NOTE_HEAD = 'These todo items you marked completed need a second look:';

async function run(
  verifyCompletion: boolean | undefined,
): Promise<{ requests: ModelRequest[]; types: string[]; events: ReturnType<typeof memorySession>['events'] }> {
  const s = memorySession();
  const requests: ModelRequest[] = [];
  const inner = new ScriptedProvider({
    responses: [
      write([todo('a', 'in_progress'), todo('b')]),
      write([todo('a', 'completed'), todo('b', 'in_progress')]),
      write([todo('a', 'completed'), todo('b', 'completed')]),
      { text: 'done' },
    ],
  });
  const provider: ModelProvider = {
    id: inner.id,
    model: inner.model,
    stream: (req, signal) => {
      requests.push(structuredClone(req));
      return inner.stream(req, signal);
    },
  };
  const { registry, owned } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: false });
  try {
    await runTurn(s, 'work', {
      provider,
      tools: registry,
      maxSteps: 6,
      ...(verifyCompletion === undefined ? {} : { verifyCompletion }),
    });
  } finally {
    owned.dispose();
  }
  return { requests, types: s.events.map((e) => e.type), events: s.events };
}

const notes = (r: ModelRequest): string[] =>
  r.messages.flatMap((m) => (m.role === 'user' && m.text.startsWith(NOTE_HEAD) ? [m.text] : []));

describe('verifyCompletion: the model is told once', () => {
  it('tells each flagged item in exactly one note, at the next request, and never repeats it (on by default)', async () => {
    const { requests, types, events } = await run(undefined);
    assert.equal(requests.length, 4);
    const a = verifyCompletionNote([{ content: 'a', flag: { reason: 'no-work' } }]);
    const b = verifyCompletionNote([{ content: 'b', flag: { reason: 'no-work' } }]);
    assert.deepEqual(
      requests.map(notes),
      [[], [], [a], [a, b]],
      "a's note first in request 3, kept in place (once) in request 4 beside b's",
    );
    assert.equal(
      requests[2]!.messages.at(-1)?.role,
      'user',
      'the note is the last message of the request after the completion',
    );
    assert.equal(types.filter((t) => t === 'plan/verify-completion').length, 2);
    const told = types.indexOf('plan/verify-completion');
    assert.equal(types[told - 1], 'step/end', 'between steps');
    assert.equal(types[told + 1], 'step/start');
    assert.deepEqual(
      deriveMessages(events),
      deriveMessages(structuredClone([...events])),
      'a replay tells it the same way',
    );
    assert.equal(
      a,
      'These todo items you marked completed need a second look:\n- "a": no work recorded\nCheck each one. If it is not really done, reopen it with todo_write and finish it; if it is, go on.',
    );
  });

  it('off: nothing is told and nothing is logged', async () => {
    const { requests, types } = await run(false);
    assert.deepEqual(requests.map(notes), [[], [], [], []]);
    assert.equal(types.includes('plan/verify-completion'), false);
  });
});
