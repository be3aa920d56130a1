// Acceptance, for each wire format: a task that needs several times the model's
// window completes through the real CLI, the real loop and the real SDK, against a
// loopback server that refuses over-long requests as that provider does.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as os from 'node:os';
import {
  compactions,
  FILE_BYTES,
  FILE_COUNT,
  logEvents,
  planAt,
  runCli,
  writeSurveyFiles,
  type CliRun,
} from './long-task';
import { FINAL_TEXT, REPORT_PROMPT } from './survey-model';
import { WindowedModelServer, type WireFormat } from './windowed-model-server';

const WINDOW = 24_000;
const PROMPT = `Survey all ${FILE_COUNT} files of the workspace.`;

function providerArgs(format: WireFormat, url: string): string[] {
  return format === 'openai'
    ? ['--provider', 'openai', '--base-url', `${url}/v1`, '--model', 'test-model', '--api-key-env', 'NO_KEY']
    : ['--provider', 'anthropic', '--base-url', url, '--model', 'claude-test', '--api-key-env', 'ANTHROPIC_TEST_KEY'];
}

export function describeLongTask(format: WireFormat, overflowWords: RegExp): void {
  const baseArgs = (url: string, dir: string): string[] => [
    'run',
    ...providerArgs(format, url),
    '--cwd',
    path.join(dir, 'ws'),
    '--session-dir',
    path.join(dir, 'sessions'),
    '--allow-parallel-in-progress',
    'false',
    '--json',
  ];

  describe(`a long task over the ${format} wire with a 24,000-token window`, () => {
    let dir: string;
    let files: string[];
    let server: WindowedModelServer;
    let first: CliRun;

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-long-'));
      fs.mkdirSync(path.join(dir, 'ws'));
      files = writeSurveyFiles(path.join(dir, 'ws'));
      server = await WindowedModelServer.start(format, WINDOW, files);
      first = await runCli(dir, [...baseArgs(server.url, dir), '--context-window', String(WINDOW), PROMPT]);
    });
    after(async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it(`completes reading ${FILE_COUNT} files of ${FILE_BYTES / 1024} KB (${Math.round((FILE_COUNT * FILE_BYTES) / 4 / WINDOW)}x the window)`, () => {
      assert.equal(first.code, 0, first.stderr);
      assert.deepEqual(first.json.turnEnd, { kind: 'completed' });
      assert.equal(first.json.finalText, FINAL_TEXT);
      const events = logEvents(first.json.logPath);
      const plan = planAt(events, events.length);
      assert.equal(plan?.length, FILE_COUNT);
      assert.ok(plan?.every((i) => i.status === 'completed'));
    });

    it('compacts several times, each a context/compact in the log, and no request passes the window', () => {
      const events = logEvents(first.json.logPath);
      const found = compactions(events);
      assert.ok(found.length >= 3, `expected several compactions, got ${found.length}`);
      assert.equal(first.json.context.compactions, found.length);
      assert.deepEqual(
        server.requests.filter((r) => r.rejected),
        [],
      );
      assert.ok(server.requests.every((r) => r.tokens <= WINDOW));
      assert.equal(
        server.requests.filter((r) => !r.hasTools).length,
        found.length,
        'one tool-less summary request per compaction',
      );
    });

    it('the request after each compaction carries its summary and every standing plan item with its status', () => {
      const events = logEvents(first.json.logPath);
      const found = compactions(events);
      const summaryRequests = server.requests.flatMap((r, i) => (r.hasTools ? [] : [i]));
      found.forEach((compact, k) => {
        const next = server.requests[summaryRequests[k]! + 1]!;
        assert.ok(next.hasTools);
        const firstUser = next.userTexts[0] ?? '';
        assert.ok(firstUser.includes(compact.data.summary), `request after compaction ${k + 1} lacks its summary`);
        const plan = planAt(events, compact.seq);
        assert.ok(plan && plan.length === FILE_COUNT);
        const lines = plan.map((item, i) => `${i + 1}. [${item.status}] ${item.content}`).join('\n');
        assert.ok(firstUser.includes(lines), `request after compaction ${k + 1} lacks the standing plan`);
        for (const item of plan) assert.ok(firstUser.includes(`[${item.status}] ${item.content}`));
      });
    });

    it('the log passes check', async () => {
      const check = await runCli(dir, ['check', first.json.logPath]);
      assert.equal(check.code, 0, check.stderr);
    });

    it('a second turn (run --session) starts from the compacted history and fits', async () => {
      const before = server.requests.length;
      const second = await runCli(dir, [
        ...baseArgs(server.url, dir),
        '--context-window',
        String(WINDOW),
        '--session',
        first.json.sessionId,
        REPORT_PROMPT,
      ]);
      assert.equal(second.code, 0, second.stderr);
      assert.deepEqual(second.json.turnEnd, { kind: 'completed' });
      const request = server.requests[before]!;
      assert.equal(request.rejected, false);
      assert.ok(request.tokens <= WINDOW);
      const latest = compactions(logEvents(first.json.logPath)).at(-1)!;
      assert.ok(request.userTexts[0]?.includes(latest.data.summary), 'the new turn starts from the latest summary');
      assert.equal(request.userTexts.at(-1), REPORT_PROMPT);
      assert.equal(second.json.context.window, WINDOW);
      assert.ok(second.json.context.promptTokens > 0 && second.json.context.promptTokens <= WINDOW);
    });
  });

  describe(`a long task over the ${format} wire when the model window is smaller than the loop was told`, () => {
    it(`recovers from the provider's overflow error (${overflowWords.source}) by compacting, once per refusal, and completes`, async (t) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-long-'));
      t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
      fs.mkdirSync(path.join(dir, 'ws'));
      const files = writeSurveyFiles(path.join(dir, 'ws'), 12);
      const server = await WindowedModelServer.start(format, WINDOW, files);
      try {
        // No --context-window: the loop assumes the provider's default (128k / 200k) until the server says otherwise.
        const run = await runCli(dir, [...baseArgs(server.url, dir), 'Survey all 12 files of the workspace.']);
        assert.deepEqual(run.json.turnEnd, { kind: 'completed' });
        assert.equal(run.code, 0, run.stderr);
        const rejected = server.requests.flatMap((r, i) => (r.rejected ? [i] : []));
        assert.ok(rejected.length >= 1, 'the server refused at least one request');
        assert.ok(server.rejections.every((body) => overflowWords.test(body)));
        // Each refusal is followed by a summary request that fits (no retry of the same request).
        for (const i of rejected)
          assert.equal(
            server.requests[i + 1]?.hasTools,
            false,
            `request ${i + 1} was refused and not followed by a compaction`,
          );
        assert.ok(compactions(logEvents(run.json.logPath)).length >= 2);
        const check = await runCli(dir, ['check', run.json.logPath]);
        assert.equal(check.code, 0, check.stderr);
      } finally {
        await server.close();
      }
    });
  });
}
