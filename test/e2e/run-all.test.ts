// In the real workbench (code-server + Chromium): Run All Items from the Plan view's
// title menu ("More Actions…") runs the pending items one after another, each its own
// turn on the scripted model (a list_files call, the item completed, a word); the Plan
// view's message says where the run is and the tree shows each item's progress until
// every item is ticked. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { after, before, describe, it } from 'node:test';
import {
  agentFrame,
  answerInputBox,
  openContainer,
  openScriptedWorkbench,
  readTree,
  runCommand,
  screenshot,
  sessionLogFiles,
  until,
  type ScriptedWorkbench,
} from './workbench';

const ITEMS = ['Reproduce the bug', 'Fix the parser', 'Add a regression test'];
const plan = (done: number) => ({
  todos: ITEMS.map((content, i) => ({ content, status: i < done ? 'completed' : 'pending' })),
});
const listFiles = { toolCalls: [{ name: 'list_files', arguments: {} }] };
const FIRST_TURN = {
  responses: [
    { text: 'Planning.', toolCalls: [{ name: 'todo_write', arguments: plan(0) }] },
    { text: 'Planned; over to you.' },
  ],
};
/** Each item's turn: its work (slow enough to be seen), the item completed, a word. */
const RUN = {
  responses: [1, 2, 3].flatMap((n) => [
    { delayMs: 1500, ...listFiles },
    { toolCalls: [{ name: 'todo_write', arguments: plan(n) }] },
    { text: `Done with item ${n}.` },
  ]),
};

const planPane = (page: Page) => page.locator('.pane:has(.pane-header[aria-label^="Plan"])');
const treeStatuses = async (page: Page): Promise<string[][]> => (await readTree(page)).map((r) => [r.label, r.icon]);

/** Picks `action` from the Plan view's title overflow menu ("More Actions…"), as a user does. */
async function titleMenu(page: Page, action: string): Promise<void> {
  const pane = planPane(page);
  await pane.locator('.pane-header').hover();
  await pane.locator('.pane-header .actions .action-label.codicon-toolbar-more').click();
  const item = page
    .locator('.context-view .monaco-menu .action-item .action-label', { hasText: new RegExp(`^${action}$`) })
    .first();
  await item.waitFor({ timeout: 10_000 });
  await screenshot(page, 'run-all-title-menu.png');
  await item.hover();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').waitFor({ state: 'hidden' });
}

describe('Run All Items in the real workbench', () => {
  let scripted: ScriptedWorkbench | undefined;

  before(async () => {
    scripted = await openScriptedWorkbench(FIRST_TURN, { 'agentChecklist.todo.allowParallelInProgress': false });
  });

  after(async () => {
    await scripted?.close();
  });

  it('from the Plan view title menu: each item in turn, the progress in the view, every item ticked', async () => {
    const { page } = scripted!.workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser drops the last token; fix it');
    await agentFrame(page)
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Planned; over to you.' })
      .waitFor({ timeout: 60_000 });
    fs.writeFileSync(scripted!.scriptPath, JSON.stringify(RUN));

    await titleMenu(page, 'Run All Items');
    const message = planPane(page).locator('.message', { hasText: /^Running all items: \d of 3$/ });
    await message.waitFor({ timeout: 30_000 });
    // The first item in progress while its turn runs; the ones after it still pending.
    await until(
      () => treeStatuses(page),
      (t) => t.some(([, icon]) => icon === 'debug-start' || icon === 'pass'),
      'an item under way',
    );
    await screenshot(page, 'run-all-progress.png');
    const done = await until(
      () => treeStatuses(page),
      (t) => t.length === 3 && t.every(([, icon]) => icon === 'pass'),
      'every item ticked',
      120_000,
    );
    assert.deepEqual(
      done,
      ITEMS.map((label) => [label, 'pass']),
    );
    await message.waitFor({ state: 'hidden', timeout: 30_000 });
    const files = sessionLogFiles(scripted!.workbench.server.userDataDir);
    assert.equal(files.length, 1);
    const prompts = fs
      .readFileSync(files[0] ?? '', 'utf8')
      .split('\n')
      .filter((l) => l.includes('"type":"user/message"'));
    assert.equal(prompts.length, 4, 'the first prompt and one turn per item');
    ITEMS.forEach((item, i) =>
      assert.match(prompts[i + 1] ?? '', new RegExp(`Work on item ${i + 1} of the plan now: ${item}`)),
    );
    await screenshot(page, 'run-all-done.png');
  });
});
