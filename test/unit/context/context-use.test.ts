// The context meter's number (core/agent/context-budget.ts `contextUse`): the provider's
// count of the last request when a response since the latest compaction reported one,
// and only otherwise the estimate of the next request, whose messages are derived
// (linear in the session) only then. The meter is read after every transcript change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contextUse, estimateRequestTokens } from '../../../extension/src/core/agent/context-budget';
import { memorySession } from '../support/sessions';

function oneStep(usage: boolean) {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  s.append('step/start', { turn: 1, step: 1 });
  s.append('assistant/message', {
    turn: 1,
    step: 1,
    message: { content: [{ type: 'text', text: 'done' }] },
    model: { provider: 'scripted', model: 'scripted' },
    ...(usage ? { usage: { inputTokens: 1234, outputTokens: 5, cachedInputTokens: 0 } } : {}),
    finishReason: 'stop',
  });
  s.append('step/end', { turn: 1, step: 1 });
  return s;
}

describe('the context meter', () => {
  it("reads the provider's count without building the next request", () => {
    let built = 0;
    const use = contextUse(
      oneStep(true).events,
      () => {
        built++;
        return estimateRequestTokens({ system: 'sys', tools: [], messages: [] });
      },
      8000,
    );
    assert.deepEqual(use, { promptTokens: 1234, window: 8000, estimated: false });
    assert.equal(built, 0, 'the request is not derived');
  });

  it('estimates the next request, built once, when no response reported a count', () => {
    let built = 0;
    const use = contextUse(
      oneStep(false).events,
      () => {
        built++;
        return estimateRequestTokens({
          system: 'a system prompt',
          tools: [],
          messages: [{ role: 'user', text: 'go' }],
        });
      },
      8000,
    );
    assert.equal(use.estimated, true);
    assert.ok(use.promptTokens > 0);
    assert.equal(built, 1);
  });
});
