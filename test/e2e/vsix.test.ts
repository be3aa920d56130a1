// The packaged extension (run by `run-e2e.mjs --vsix`): `npm run package`'s VSIX,
// installed with `code-server --install-extension` into a clean server, and the
// workbench (with no development path) activates it: the Agent view shows the demo
// label, the bundled demo session plays to its end, its plan in the status bar, the
// strip and the Plan tree; then an OpenAI-compatible server on 127.0.0.1 that answers
// `429` (retry-after: 0) first: the turn retries, completes and its plan shows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { makeTempDir } from '../../scripts/vscode-server/server.mjs';
import { installVsix, packagedVsix } from '../../scripts/vscode-server/vsix.mjs';
import type { TodoItem } from '../../extension/src/core/domain-literals';
import { LoopbackModel } from '../integration/loopback-model';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  INSTALLED_VSIX,
  openContainer,
  openWorkbench,
  readStatusBar,
  readStrip,
  readTree,
  runCommand,
  screenshot,
  until,
  type Workbench,
} from './workbench';

const DEMO_PLAN = [
  'List the files at the top of the workspace',
  'Read one of those files',
  'Search the workspace for TODO and FIXME notes',
  "Find the workspace's Markdown files",
];
const PROVIDER_PLAN: TodoItem[] = [
  { content: 'Read the rate limiter', status: 'completed' },
  { content: 'Retry after the server says so', status: 'completed' },
];
const PROVIDER_ANSWER = 'Done after one retry.';

/** "Set API Key…" as a user with a local server that needs no key: the openai entry, then an empty key. */
async function storeEmptyOpenAIKey(page: Page): Promise<void> {
  await runCommand(page, 'Agent Checklist: Set API Key…');
  await page.locator('.quick-input-list .monaco-list-row:visible[aria-label^="openai"]').click();
  await answerInputBox(page, 'API key for openai', '');
}

describe('the packaged VSIX in a clean code-server', () => {
  let workbench: Workbench | undefined;
  let vsix: string;
  let userDataDir: string;

  before(() => {
    vsix = INSTALLED_VSIX ?? packagedVsix();
    assert.ok(vsix.endsWith('.vsix') && fs.existsSync(vsix), `a VSIX was written (${vsix})`);
    userDataDir = makeTempDir('vsix-ud');
  });

  after(async () => {
    await workbench?.close();
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('installs with --install-extension', () => {
    const root = installVsix(vsix, userDataDir).extensionPath;
    for (const file of [
      'package.json',
      'dist/extension.js',
      'dist/cli.js',
      'dist/mcp.js',
      'dist/markdown-worker.js',
      'dist/webview/main.js',
      'dist/demo/demo-script.json',
    ]) {
      assert.ok(fs.existsSync(path.join(root, file)), `${file} is in the VSIX`);
    }
    assert.ok(!fs.existsSync(path.join(root, 'extension', 'src')), 'sources are not shipped');
  });

  it('activates in the workbench and plays the demo session to the end', async () => {
    const wb = await openWorkbench({ userDataDir, extensionsDir: path.join(userDataDir, 'extensions') });
    workbench = wb;
    const { page } = wb;
    assert.doesNotMatch(
      await page.title(),
      /Extension Development Host/,
      'the installed extension, not a development one',
    );
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.banner-demo').waitFor({ timeout: 60_000 });
    assert.match(await frame.locator('.banner-demo').innerText(), /Demo model/);

    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Show me how the plan works');
    const status = await until(
      () => readStatusBar(page),
      (t) => t === '4/4',
      'the demo plan to finish in the status bar',
      90_000,
    );
    assert.equal(status, '4/4');
    await until(
      () => readStrip(frame),
      (s) => s.header === 'Plan 4 completed',
      'the strip to show the finished plan',
    );
    await expandStrip(frame); // collapsed to its header by default
    const strip = await readStrip(frame);
    assert.deepEqual(
      strip.items,
      DEMO_PLAN.map((content) => ({ content, status: 'completed' })),
    );
    const rows = await until(
      () => readTree(page),
      (r) => r.length === DEMO_PLAN.length,
      'the Plan tree rows',
    );
    assert.deepEqual(
      rows.map((r) => r.label),
      DEMO_PLAN,
    );
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Nothing in your workspace was changed' })
      .waitFor({ timeout: 60_000 });
    await frame.locator('.composer button[type=submit]').waitFor(); // the turn has ended: Send is back
    // The answers' Markdown, parsed by the installed dist/markdown-worker.js (a worker thread started at the first answer).
    await frame
      .locator('.item-assistant .assistant-text strong', { hasText: 'demo model' })
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot(page, 'vsix-demo.png');
  });

  it('an OpenAI-compatible server that answers 429 (retry-after: 0) first: the turn retries and its plan shows everywhere', async () => {
    await workbench?.close(); // the demo's workbench: one at a time
    workbench = undefined;
    const model = new LoopbackModel([
      { error: { status: 429, headers: { 'retry-after': '0' }, message: 'rate limited' } },
      { todos: PROVIDER_PLAN },
      { text: PROVIDER_ANSWER },
    ]);
    const baseUrl = await model.listen();
    try {
      // A clean server with the VSIX installed and the user's settings naming the endpoint.
      const providerUserData = makeTempDir('vsix-openai-ud');
      const { extensionsDir } = installVsix(vsix, providerUserData);
      const wb = await openWorkbench({
        userDataDir: providerUserData,
        extensionsDir,
        settings: {
          'agentChecklist.provider': 'openai',
          'agentChecklist.openai.baseUrl': baseUrl,
          'agentChecklist.openai.model': 'loopback-model',
        },
      });
      workbench = wb;
      const { page } = wb;
      await openContainer(page);
      const frame = agentFrame(page);
      await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
      await storeEmptyOpenAIKey(page);
      await runCommand(page, 'Agent Checklist: New Session');
      await runCommand(page, 'Agent Checklist: Send Prompt…');
      await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Plan the retry.');
      await until(
        async () => ({ status: await readStatusBar(page), requests: model.requests.length }),
        (seen) => seen.status === '2/2',
        'the plan the server sent after its 429, in the status bar',
        60_000,
      );
      await frame
        .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: PROVIDER_ANSWER })
        .waitFor({ timeout: 60_000 });
      assert.equal(model.requests.length, 3, 'the 429, its retry (the plan), and the answer after the tool result');
      assert.deepEqual(model.requests[1], model.requests[0], 'the retry sent the same request again');
      await until(
        () => readStrip(frame),
        (strip) => strip.header === 'Plan 2 completed',
        'the strip to show the plan',
      );
      const rows = await until(
        () => readTree(page),
        (r) => r.length === PROVIDER_PLAN.length,
        'the Plan tree rows',
      );
      assert.deepEqual(
        rows.map((r) => r.label),
        PROVIDER_PLAN.map((t) => t.content),
      );
      await screenshot(page, 'vsix-openai-429.png');
    } finally {
      model.close();
    }
  });
});
