// In the real workbench (code-server + Chromium): Run Items in Parallel… from the Plan
// view's title menu ("More Actions…") on a git workspace, as a user picks it: the ready
// items (all picked), our agent, how many at once. The `openai` provider talks to a
// model on 127.0.0.1 this test owns that answers each child by the item its prompt
// names (it writes `<first word>.txt`, then completes its own item). The tree shows both
// running at once, each on its branch (the view's message says so), until both are
// completed and done on their branches; Merge Item's
// Branch from an item's context menu merges its branch into the workspace.
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { sse } from '../unit/providers/loopback-server';
import { textStep, toolCallStep } from '../unit/providers/openai-wire';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import { openWorkbench, readTree, runCommand, screenshot, until, type Workbench } from './workbench';

const ITEMS = ['alpha one', 'beta two'];
type Message = { role: string; content: unknown };

/** The plan's turn writes ITEMS; each child's turn writes its file, then completes its own item. */
function answer(messages: Message[]): string {
  const calls = messages.filter((m) => m.role === 'tool').length;
  const work = messages.find((m) => typeof m.content === 'string' && m.content.startsWith('Work on item'));
  if (work === undefined) {
    const todos = ITEMS.map((content) => ({ content, status: 'pending' }));
    return calls === 0 ? toolCallStep('p0', 'todo_write', [JSON.stringify({ todos })]) : textStep('Planned.');
  }
  const content = /^Work on item \d+ of the plan of session \S+ now: (.*)$/m.exec(work.content as string)![1]!;
  if (calls === 0)
    return toolCallStep('w0', 'write_file', [
      JSON.stringify({ path: `${content.split(' ')[0]!}.txt`, content: `${content}\n` }),
    ]);
  if (calls === 1)
    return toolCallStep('t1', 'todo_write', [JSON.stringify({ todos: [{ content, status: 'completed' }] })]);
  return textStep('Done.');
}

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=User', '-c', 'user.email=user@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

const planPane = (page: Page) => page.locator('.pane:has(.pane-header[aria-label^="Plan"])');

/** Picks `action` from the Plan view's title overflow menu ("More Actions…"), as a user does. */
async function titleMenu(page: Page, action: string): Promise<void> {
  const pane = planPane(page);
  await pane.locator('.pane-header').hover();
  await pane.locator('.pane-header .actions .action-label.codicon-toolbar-more').click();
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await item.waitFor({ timeout: 10_000 });
  await item.hover();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** Opens the context menu of the Plan tree row labelled `label` and picks `action` with the keyboard. */
async function contextMenu(page: Page, label: string, action: string): Promise<void> {
  const row = planPane(page)
    .locator('.monaco-list-row[role=treeitem]', { has: page.locator('.label-name', { hasText: label }) })
    .first();
  await row.click({ button: 'right' });
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await item.waitFor({ timeout: 10_000 });
  await screenshot(page, 'plan-parallel-merge-menu.png');
  await item.hover();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** Stores a key through Set API Key… (the provider's pick, then the password box). */
async function setApiKey(page: Page): Promise<void> {
  await runCommand(page, 'Agent Checklist: Set API Key…');
  await page.locator('.quick-input-list .monaco-list-row:visible', { hasText: 'openai' }).first().click();
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'API key for openai' }).waitFor();
  await page.locator('.quick-input-widget .quick-input-box input').fill('sk-loopback-parallel');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Waits for the quick input titled `title`, then accepts it as it stands (Enter). */
async function accept(page: Page, title: string): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
}

describe('Run Items in Parallel… in the real workbench', () => {
  const opened = openForSuite(async (): Promise<Workbench & { close(): Promise<void> }> => {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const { messages } = JSON.parse(body) as { messages: Message[] };
        const reply = sse(answer(messages));
        // A child's first step is slow enough for its progress to be seen in the tree.
        const first = messages.some((m) => m.role === 'tool') ? 0 : 1500;
        setTimeout(() => res.writeHead(200, reply.headers).end(reply.body), first);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const workbench = await openWorkbench({
      extensionDevelopmentPath: REPO_ROOT,
      settings: {
        'agentChecklist.provider': 'openai',
        'agentChecklist.openai.baseUrl': `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        'agentChecklist.openai.model': 'loopback-model',
        'agentChecklist.tools.autoApprove': true,
        'agentChecklist.checkpoints': false,
        'agentChecklist.verifyCompletion': false,
      },
    });
    return {
      ...workbench,
      close: async () => {
        server.closeAllConnections();
        server.close();
        await workbench.close();
      },
    };
  });

  it("from the Plan view: both items at once, their progress in the tree, then Merge Item's Branch", async () => {
    const { page, workspace } = opened();
    git(workspace, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(workspace, 'README.md'), 'hello\n');
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'start');
    const frame = await openAgentView(page);
    await setApiKey(page);
    await sendPrompt(frame, 'Plan two things', 'Planned.');
    await until(
      () => readTree(page),
      (t) => t.length === 2,
      'the plan in the tree',
    );

    await titleMenu(page, 'Run Items in Parallel…');
    await accept(page, 'Run Items in Parallel: the items');
    await accept(page, 'Run Items in Parallel: who works on each item?');
    await accept(page, 'Run Items in Parallel: how many at once?');
    await until(
      () => readTree(page),
      (t) => t.filter((r) => r.level === '1' && /running on its branch/.test(r.description)).length === 2,
      'both items running at once, each on its branch',
    );
    await planPane(page)
      .locator('.message', { hasText: /^2 of 2 items running, 0 done$/ })
      .waitFor();
    await screenshot(page, 'plan-parallel-running.png');
    const done = await until(
      () => readTree(page),
      (t) => t.length >= 2 && t.filter((r) => /done on its branch/.test(r.description)).length === 2,
      'both items done on their branches',
      120_000,
    );
    await screenshot(page, 'plan-parallel-done.png');
    const items = done.filter((r) => r.level === '1');
    assert.deepEqual(
      items.map((r) => [r.label, r.description]),
      [
        ['alpha one', 'completed · done on its branch 1-alpha-one'],
        ['beta two', 'completed · done on its branch 2-beta-two'],
      ],
    );
    assert.equal(git(workspace, 'status', '--porcelain'), '', 'the working tree is untouched');

    await contextMenu(page, 'alpha one', "Merge Item's Branch");
    await until(
      () => Promise.resolve(fs.existsSync(path.join(workspace, 'alpha.txt'))),
      (there) => there,
      'the branch merged into the workspace',
    );
    assert.match(git(workspace, 'log', '-1', '--format=%s'), /^Merge item 1: alpha one/);
    await until(
      () => readTree(page),
      (t) => !/on its branch/.test(t.find((r) => r.label === 'alpha one' && r.level === '1')?.description ?? 'x'),
      'the merged item no longer on a branch',
    );
    await screenshot(page, 'plan-parallel-merged.png');
  });
});
