// "Too long" answers: mapped to their own ProviderError kind, with the window the
// provider stated; and a request that still does not fit ends the turn `error` once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ProviderError } from '../../../extension/src/core/agent/provider';
import { contextLimitFrom, providerErrorFor } from '../../../extension/src/core/agent/providers/provider-errors';
import { compactions, logEvents, runCli, writeSurveyFiles } from './long-task';
import { WindowedModelServer } from './windowed-model-server';

describe('context overflow errors', () => {
  it('OpenAI/DeepSeek context_length_exceeded and Anthropic "prompt is too long" are kind context-overflow, never retryable', () => {
    const openai = providerErrorFor(
      {
        status: 400,
        headers: undefined,
        code: 'context_length_exceeded',
        message: "This model's maximum context length is 131072 tokens. However, you requested 140000 tokens.",
      },
      undefined,
    );
    assert.equal(openai.kind, 'context-overflow');
    assert.equal(openai.retryable, false);
    assert.equal(openai.contextLimit, 131072);
    const anthropic = providerErrorFor(
      { status: 400, headers: undefined, message: 'prompt is too long: 208310 tokens > 200000 maximum' },
      undefined,
    );
    assert.equal(anthropic.kind, 'context-overflow');
    assert.equal(anthropic.contextLimit, 200000);
    // DeepSeek words it without a code.
    const deepseek = providerErrorFor(
      {
        status: 400,
        headers: undefined,
        message: "This model's maximum context length is 65536 tokens. However, you requested 71248 tokens",
      },
      undefined,
    );
    assert.equal(deepseek.kind, 'context-overflow');
  });

  it('other 400s, 429s and 5xx keep their kind', () => {
    assert.equal(
      providerErrorFor({ status: 400, headers: undefined, message: 'invalid tool schema' }, undefined).kind,
      'failure',
    );
    assert.equal(
      providerErrorFor({ status: 429, headers: undefined, message: 'too many tokens per minute' }, undefined).kind,
      'failure',
    );
    assert.equal(
      providerErrorFor({ status: 500, headers: undefined, message: 'context window service down' }, undefined)
        .retryable,
      true,
    );
    assert.equal(contextLimitFrom('no number here'), undefined);
    assert.equal(new ProviderError('x', { kind: 'context-overflow', retryable: true }).retryable, false);
  });

  it('a request still too long right after a compaction ends the turn `error` once, with a clear message, never a loop', async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-overflow-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.mkdirSync(path.join(dir, 'ws'));
    const files = writeSurveyFiles(path.join(dir, 'ws'), 3);
    // Room for the tool schemas and a plan, not for a 20 KB file nor for the summary beside the tools.
    const server = await WindowedModelServer.start('openai', 2320, files);
    try {
      const run = await runCli(dir, [
        'run',
        '--provider',
        'openai',
        '--base-url',
        `${server.url}/v1`,
        '--model',
        'test-model',
        '--api-key-env',
        'NO_KEY',
        '--cwd',
        path.join(dir, 'ws'),
        '--session-dir',
        path.join(dir, 'sessions'),
        '--allow-parallel-in-progress',
        'false',
        '--json',
        'Survey the files.',
      ]);
      assert.equal(run.code, 1);
      assert.equal(run.json.turnEnd.kind, 'error');
      assert.match(
        run.json.turnEnd.message ?? '',
        /^the request does not fit the model's context window \(2320 tokens\) even right after the conversation was compacted; .*maximum context length is 2320 tokens/,
      );
      const events = logEvents(run.json.logPath);
      assert.equal(compactions(events).length, 1);
      assert.equal(
        server.requests.filter((r) => r.rejected).length,
        2,
        'the first refusal compacts, the second ends the turn',
      );
      assert.equal(events.filter((e) => e.type === 'turn/end').length, 1);
    } finally {
      await server.close();
    }
  });
});
