// vscode.lm failures: the words Copilot (and bridged OpenAI/Anthropic models) use for
// a prompt longer than the window are a `context-overflow`, so the loop compacts and
// goes on; the other failures keep their kind. And the model's `maxInputTokens` is
// the window when agentChecklist.contextWindow is 0 (the setting wins above 0).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { resolveContextWindow } from '../../../extension/src/core/agent/context-window';
import type { ModelProvider, ModelRequest, StreamPart } from '../../../extension/src/core/agent/provider';
import {
  vscodeLmContextWindow,
  vscodeLmProviderError,
} from '../../../extension/src/core/agent/providers/vscode-lm-errors';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { memorySession } from '../support/sessions';

const SUMMARY_HEADING = '[Earlier conversation, summarized because the context window filled up]';

const COPILOT_TOO_LONG = [
  'Message exceeds token limit.',
  'Request Failed: 400 {"error":{"message":"prompt token count of 130412 exceeds the limit of 128000","code":"model_max_prompt_tokens_exceeded"}}',
  "This model's maximum context length is 64000 tokens. However, your messages resulted in 70211 tokens.",
  'prompt is too long: 208310 tokens > 200000 maximum',
];

describe('vscode.lm errors', () => {
  it('recognises the context-too-long answers as context-overflow, never retryable, with the stated window', () => {
    for (const message of COPILOT_TOO_LONG) {
      const error = vscodeLmProviderError({ message });
      assert.equal(error.kind, 'context-overflow', message);
      assert.equal(error.retryable, false, message);
      assert.equal(error.message, `vscode-lm: ${message}`);
    }
    assert.equal(vscodeLmProviderError({ message: COPILOT_TOO_LONG[1]! }).contextLimit, 128000);
    assert.equal(vscodeLmProviderError({ message: COPILOT_TOO_LONG[2]! }).contextLimit, 64000);
    assert.equal(
      vscodeLmProviderError({ message: COPILOT_TOO_LONG[0]! }).contextLimit,
      undefined,
      'no number in the words',
    );
    // A LanguageModelError whose code says it, with a vague message.
    assert.equal(
      vscodeLmProviderError({ message: 'Request failed', languageModelCode: 'model_max_prompt_tokens_exceeded' }).kind,
      'context-overflow',
    );
  });

  it('keeps other failures as they were: LanguageModelErrors final, transient words retryable, the rest final', () => {
    const denied = vscodeLmProviderError({ message: 'The user did not allow it', languageModelCode: 'NoPermissions' });
    assert.deepEqual(
      [denied.kind, denied.retryable, denied.message],
      ['failure', false, 'vscode-lm: NoPermissions: The user did not allow it'],
    );
    const limited = vscodeLmProviderError({ message: 'Server error: 429 rate limit exceeded' });
    assert.deepEqual([limited.kind, limited.retryable], ['failure', true]);
    const tokensPerMinute = vscodeLmProviderError({ message: 'rate limit: too many tokens per minute' });
    assert.equal(tokensPerMinute.kind, 'failure', 'a rate limit on tokens is not a window overflow');
    const other = vscodeLmProviderError({ message: 'model not found' });
    assert.deepEqual([other.kind, other.retryable], ['failure', false]);
  });

  it('an overflow the vscode.lm adapter throws makes the loop compact once and complete the turn', async () => {
    const requests: ModelRequest[] = [];
    let refused = 0;
    // At the model edge: what the adapter throws for Copilot's answer, then a summary, then the answer.
    const provider: ModelProvider = {
      id: 'vscode-lm',
      model: 'copilot-gpt-4o',
      contextWindow: vscodeLmContextWindow(128_000),
      async *stream(request): AsyncIterable<StreamPart> {
        requests.push(structuredClone(request));
        if (request.tools.length === 0) {
          yield { type: 'text-delta', text: 'The user asked twice to look at the code.' };
        } else if (requests.length === 1) {
          refused++;
          throw vscodeLmProviderError({ message: COPILOT_TOO_LONG[1]! });
        } else {
          yield { type: 'text-delta', text: 'Done.' };
        }
        yield { type: 'finish', reason: 'stop' };
      },
    };
    const session = memorySession();
    // An earlier turn, so there is something to summarize.
    session.append('turn/start', { turn: 1 });
    session.append('user/message', { turn: 1, message: { text: 'Look at the code.' } });
    session.append('step/start', { turn: 1, step: 1 });
    session.append('assistant/message', {
      turn: 1,
      step: 1,
      message: { content: [{ type: 'text', text: 'Looked.' }] },
      model: { provider: 'vscode-lm', model: 'copilot-gpt-4o' },
    });
    session.append('step/end', { turn: 1, step: 1 });
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    const tools = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: false }).registry;
    const reason = await runTurn(session, 'Look again.', {
      provider,
      tools,
      maxSteps: 5,
      context: { window: resolveContextWindow(0, provider) },
    });
    assert.deepEqual(reason, { kind: 'completed' });
    assert.equal(refused, 1);
    assert.deepEqual(
      requests.map((r) => r.tools.length > 0),
      [true, false, true],
      'refused, summary without tools, then the retry',
    );
    assert.equal(session.events.filter((e) => e.type === 'context/compact').length, 1);
    const retry = requests[2]!.messages[0];
    assert.ok(retry?.role === 'user' && retry.text.startsWith(SUMMARY_HEADING), 'the retry starts from the summary');
  });
});

describe('vscode.lm context window', () => {
  it("the model's maxInputTokens is the window when the setting is 0; the setting wins above 0", () => {
    const provider = { contextWindow: vscodeLmContextWindow(64_000) };
    assert.equal(resolveContextWindow(0, provider), 64_000);
    assert.equal(resolveContextWindow(undefined, provider), 64_000);
    assert.equal(resolveContextWindow(32_000, provider), 32_000);
  });

  it('a model reporting no maxInputTokens leaves the window unknown (0: compact only on a "too long")', () => {
    assert.equal(vscodeLmContextWindow(0), undefined);
    assert.equal(vscodeLmContextWindow(Number.NaN), undefined);
    assert.equal(resolveContextWindow(0, { contextWindow: vscodeLmContextWindow(0) }), 0);
  });
});
