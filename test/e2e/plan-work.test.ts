// In the real workbench (code-server + Chromium), the plan drives the work: Start This
// Item from the Plan tree's CONTEXT MENU puts the item in progress (one user edit, the
// item in progress before back to pending) and starts a turn whose prompt names it;
// then the plan file (agentChecklist.planFile) opened in an editor, a box ticked and
// saved, is one user edit from the file that the strip and the tree follow.
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { after, before, describe, it } from 'node:test';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  openContainer,
  openScriptedWorkbench,
  readStrip,
  readTree,
  runCommand,
  screenshot,
  sessionLogFiles,
  until,
  type ScriptedWorkbench,
  type Workbench,
} from './workbench';

const ITEMS = ['Reproduce the bug', 'Fix the parser', 'Add a regression test'];
const plan = (statuses: string[]) => ({ todos: ITEMS.map((content, i) => ({ content, status: statuses[i] })) });
const FIRST_TURN = {
  responses: [
    { text: 'Planning.', toolCalls: [{ name: 'todo_write', arguments: plan(['in_progress', 'pending', 'pending']) }] },
    { text: 'Planned; over to you.' },
  ],
};
const ITEM_TURN = { responses: [{ text: 'Fixing the parser now.' }] };

/** The log lines of the workbench's one session log, parsed. */
function logLines(workbench: Workbench): { type: string; data?: unknown }[] {
  const files = sessionLogFiles(workbench.server.userDataDir);
  assert.equal(files.length, 1, `one session log: ${files.join(', ')}`);
  return fs
    .readFileSync(files[0] ?? '', 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const parsed: unknown = JSON.parse(l);
      return typeof parsed === 'object' && parsed !== null && 'type' in parsed && typeof parsed.type === 'string'
        ? { type: parsed.type, data: 'data' in parsed ? parsed.data : undefined }
        : { type: '' };
    });
}

const userEdits = (workbench: Workbench) => logLines(workbench).filter((l) => l.type === 'todo/user-edit');

/** Opens the context menu of the Plan tree row labelled `label` and picks `action` (with the keyboard, as plan-edit.test.ts does). */
async function contextMenu(page: Page, label: string, action: string): Promise<void> {
  const row = page
    .locator('.pane:has(.pane-header[aria-label*="Plan"]) .monaco-list-row[role=treeitem]', {
      has: page.locator('.label-name', { hasText: label }),
    })
    .first();
  await row.click({ button: 'right' });
  const item = page
    .locator('.context-view .monaco-menu .action-item .action-label', { hasText: new RegExp(`^${action}$`) })
    .first();
  await item.waitFor({ timeout: 10_000 });
  await screenshot(page, 'plan-work-start-item-menu.png');
  await item.hover();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').waitFor({ state: 'hidden' });
}

async function waitForAnswer(page: Page, finalText: string): Promise<void> {
  await agentFrame(page)
    .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: finalText })
    .waitFor({ timeout: 60_000 });
}

const treeStatuses = async (page: Page): Promise<string[][]> => (await readTree(page)).map((r) => [r.label, r.icon]);

describe('the plan drives the work, in the real workbench', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;

  before(async () => {
    scripted = await openScriptedWorkbench(FIRST_TURN, {
      'agentChecklist.planFile': 'PLAN.md',
      'agentChecklist.todo.allowParallelInProgress': false,
    });
    workbench = scripted.workbench;
  });

  after(async () => {
    await scripted?.close();
  });

  it('Start This Item from the Plan tree context menu: the item in progress by one user edit, and a turn on it', async () => {
    const { page } = workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser drops the last token; fix it');
    await waitForAnswer(page, 'Planned; over to you.');
    fs.writeFileSync(scripted?.scriptPath ?? '', JSON.stringify(ITEM_TURN));

    await contextMenu(page, ITEMS[1] ?? '', 'Start This Item');
    await waitForAnswer(page, 'Fixing the parser now.');
    const edits = userEdits(workbench);
    assert.equal(edits.length, 1);
    assert.deepEqual(edits[0]?.data, plan(['pending', 'in_progress', 'pending']));
    const prompt = logLines(workbench)
      .filter((l) => l.type === 'user/message')
      .at(-1);
    assert.match(JSON.stringify(prompt?.data), /Work on item 2 of the plan now: Fix the parser/);
    // The turn is over: the item in progress shows the play mark.
    assert.deepEqual(
      await until(
        () => treeStatuses(page),
        (t) => t[1]?.[1] === 'debug-start',
        'the tree',
      ),
      [
        [ITEMS[0], 'circle-large-outline'],
        [ITEMS[1], 'debug-start'],
        [ITEMS[2], 'circle-large-outline'],
      ],
    );
  });

  it('the plan file opened in an editor, a box ticked and saved: one user edit; the strip and the tree follow', async () => {
    const { page } = workbench;
    const file = path.join(workbench.workspace, 'PLAN.md');
    await until(
      async () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''),
      (t) => t === '- [ ] Reproduce the bug\n- [ ] **Fix the parser** _(in progress)_\n- [ ] Add a regression test\n',
      'the plan file',
    );
    // Opened from the Explorer, as a user would (the file is in the workspace folder).
    await runCommand(page, 'File: Focus on Files Explorer');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'PLAN.md' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor', { has: page.locator('.view-lines') }).first();
    await editor.locator('.view-line', { hasText: 'Add a regression test' }).waitFor();
    await editor.locator('.view-line', { hasText: 'Add a regression test' }).click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('x');
    await page.keyboard.press('Control+S');
    await openContainer(page);
    const edits = await until(
      async () => userEdits(workbench),
      (e) => e.length === 2,
      'the file edit in the log',
    );
    assert.deepEqual(edits[1]?.data, {
      ...plan(['pending', 'in_progress', 'completed']),
      origin: { kind: 'plan-file' },
    });
    await until(
      () => treeStatuses(page),
      (t) => t[2]?.[1] === 'pass',
      'the tree to show the tick',
    );
    const frame = agentFrame(page);
    await expandStrip(frame);
    const strip = await until(
      () => readStrip(frame),
      (s) => s.items[2]?.status === 'completed',
      'the strip',
    );
    assert.deepEqual(
      strip.items.map((i) => i.status),
      ['pending', 'in_progress', 'completed'],
    );
    await screenshot(page, 'plan-work-plan-file.png');
  });
});
