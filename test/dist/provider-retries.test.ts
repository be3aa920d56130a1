// The built CLI against provider failures from loopback servers this test owns: each
// retryable failure (OpenAI-compatible 429 with Retry-After, 503, a stream cut
// mid-way; Anthropic 529 overloaded_error) is retried and the run completes, and a
// context overflow (OpenAI `context_length_exceeded`, Anthropic `prompt is too long`)
// compacts the conversation once and goes on. The providers are lazily loaded bundles,
// so these decisions cross a bundle boundary (an error made by the provider's bundle,
// judged by the loop's): each run exits 0, the server saw the retried request, and the
// log passes `agent-checklist check`.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { jsonReply, LoopbackServer, sse, type Reply } from '../unit/providers/loopback-server';
import { textStep, toolCallStep } from '../unit/providers/openai-wire';
import { ANTHROPIC_TEST_MODEL, textStream, toolUseStream } from '../unit/providers/anthropic-wire';
import { assertLogChecks, logEvents, runBuiltCli, runEnv, runReport, standingPlan, tempDir } from './support/built-cli';

const PLAN = [{ content: 'Answer the question', status: 'in_progress' }];
const PLAN_ARGUMENTS = JSON.stringify({ todos: PLAN });

type Wire = 'openai' | 'anthropic';

const planStep: Record<Wire, () => Reply> = {
  openai: () => sse(toolCallStep('call_plan', 'todo_write', [PLAN_ARGUMENTS])),
  anthropic: () =>
    sse(
      toolUseStream({
        thinking: ['Plan first.'],
        signature: 'sig',
        text: ['Planning.'],
        toolId: 'toolu_plan',
        argumentPieces: [PLAN_ARGUMENTS],
      }),
    ),
};
const textReply: Record<Wire, (text: string) => Reply> = {
  openai: (text) => sse(textStep(text)),
  anthropic: (text) => sse(textStream(text)),
};

/** `run --provider <wire> --json` against `server`, in a fresh folder; the report and the server's requests. */
async function runAgainst(wire: Wire, replies: Reply[]) {
  const server = await LoopbackServer.start(replies);
  after(() => server.close());
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'ws'));
  const result = await runBuiltCli(
    [
      'run',
      '--provider',
      wire,
      '--base-url',
      wire === 'openai' ? `${server.url}/v1` : server.url,
      '--model',
      wire === 'openai' ? 'test-model' : ANTHROPIC_TEST_MODEL,
      '--api-key-env',
      'TEST_KEY',
      '--tools',
      'todo_write',
      '--allow-parallel-in-progress',
      'false',
      '--session-dir',
      path.join(dir, 'sessions'),
      '--json',
      'What is the answer?',
    ],
    path.join(dir, 'ws'),
    runEnv(dir),
  );
  assert.equal(result.code, 0, `exit 0; stdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
  const report = runReport(result);
  assert.deepEqual(report.turnEnd, { kind: 'completed' });
  assert.equal(report.finalText, 'Done.');
  assert.equal(server.pending, 0, 'every reply was asked for');
  assert.deepEqual(
    (await standingPlan(report.logPath)).map(({ content, status }) => ({ content, status })),
    PLAN,
  );
  await assertLogChecks(report.logPath);
  return { report, requests: server.requests, events: logEvents(report.logPath) };
}

/** A failure first, then the plan and the answer: the failed request is sent again as it was. */
async function assertRetried(wire: Wire, failure: Reply): Promise<void> {
  const { requests, events } = await runAgainst(wire, [failure, planStep[wire](), textReply[wire]('Done.')]);
  assert.equal(requests.length, 3, 'the failed request, its retry, the next step');
  assert.deepEqual(requests[1]!.json, requests[0]!.json, 'the retry is the same request');
  assert.equal(events.filter((e) => e.type === 'context/compact').length, 0);
}

/** The plan, then an overflow answer: a compaction (its summary request), then the step again, which completes. */
async function assertCompacted(wire: Wire, overflow: Reply): Promise<void> {
  const { requests, events } = await runAgainst(wire, [
    planStep[wire](),
    overflow,
    textReply[wire]('The user asked a question; a plan was written.'),
    textReply[wire]('Done.'),
  ]);
  assert.equal(requests.length, 4, 'the plan step, the refused step, the summary, the step again');
  assert.equal(events.filter((e) => e.type === 'context/compact').length, 1, 'one context/compact on the log');
  assert.match(
    requests[3]!.body,
    /The user asked a question; a plan was written\./,
    'the step again carries the summary',
  );
}

describe('the built CLI retries provider failures and compacts on overflow', () => {
  it('OpenAI-compatible 429 with retry-after: 0, then success', () =>
    assertRetried(
      'openai',
      jsonReply(
        429,
        { error: { message: 'rate limited', type: 'rate_limit_error', code: null } },
        { 'retry-after': '0' },
      ),
    ));

  it('OpenAI-compatible 503, then success', () =>
    assertRetried('openai', jsonReply(503, { error: { message: 'service unavailable', type: 'server_error' } })));

  it('OpenAI-compatible stream cut mid-way, then success', () =>
    assertRetried('openai', sse(toolCallStep('call_cut', 'todo_write', [PLAN_ARGUMENTS]), { cutAfterBytes: 180 })));

  it('OpenAI-compatible 400 context_length_exceeded: compaction, then success', () =>
    assertCompacted(
      'openai',
      jsonReply(400, {
        error: {
          message: "This model's maximum context length is 65536 tokens. However, you requested 70000 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      }),
    ));

  it('Anthropic 529 overloaded_error, then success', () =>
    assertRetried(
      'anthropic',
      jsonReply(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ));

  it('Anthropic 400 prompt is too long: compaction, then success', () =>
    assertCompacted(
      'anthropic',
      jsonReply(400, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'prompt is too long: 208310 tokens > 200000 maximum' },
      }),
    ));
});
