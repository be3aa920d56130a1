// The Plan tree's keyboard shortcuts in the real workbench (code-server + Chromium):
// real key presses while the tree has focus. Each shortcut acts on the FOCUSED row
// (the arrow keys move the focus, not the selection) and is one todo/user-edit:
// Alt+Up/Down move, Ctrl+Enter / Alt+Enter / Shift+Enter mark completed / in progress
// / pending, F2 edits the text, Insert adds an item after the row, Delete removes
// it. Enter and Space keep the tree's own meaning. A screenshot goes to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { after, before, describe, it } from 'node:test';
import {
  agentFrame,
  answerInputBox,
  openContainer,
  openScriptedWorkbench,
  readStatusBar,
  readTree,
  runCommand,
  screenshot,
  sessionLogFiles,
  until,
  type ScriptedWorkbench,
} from './workbench';

const ITEMS = ['Reproduce the bug', 'Fix the parser', 'Add a regression test'];
const SCRIPT = {
  responses: [
    {
      text: 'Planning.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: { todos: ITEMS.map((content, i) => ({ content, status: i === 0 ? 'in_progress' : 'pending' })) },
        },
      ],
    },
    { text: 'Planned; over to you.' },
  ],
};

interface Item {
  content: string;
  status: string;
}

/** The todos of every todo/user-edit in the workbench's one session log, in order. */
function userEdits(userDataDir: string): Item[][] {
  const files = sessionLogFiles(userDataDir);
  assert.equal(files.length, 1, `one session log: ${files.join(', ')}`);
  const edits: Item[][] = [];
  for (const line of fs.readFileSync(files[0] ?? '', 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const parsed = JSON.parse(line) as { type?: unknown; data?: { todos?: Item[] } };
    if (parsed.type === 'todo/user-edit' && parsed.data?.todos) edits.push(parsed.data.todos);
  }
  return edits;
}

const row = (page: Page, label: string) =>
  page
    .locator('.pane:has(.pane-header[aria-label*="Plan"]) .monaco-list-row[role=treeitem]', {
      has: page.locator('.label-name', { hasText: label }),
    })
    .first();

/**
 * Clicks the row (selecting and focusing it) once the tree has settled from the last
 * edit, and waits until the workbench shows it focused: the extension host hears of
 * the focus over the same channel as the key's command, a moment later than the DOM.
 * First the mouse leaves the tree, so that the tooltip of the row it rested on (an
 * edit redraws only the rows it changed, so that hover stays open) covers no other row.
 */
async function pick(page: Page, label: string): Promise<void> {
  await page.mouse.move(1, 1);
  await page.locator('.context-view .monaco-hover').waitFor({ state: 'hidden', timeout: 10_000 });
  await page.waitForTimeout(300);
  await row(page, label).click();
  await until(
    async () => row(page, label).evaluate((e) => e.classList.contains('focused')),
    (f) => f,
    `${label} focused`,
  );
  await page.waitForTimeout(150);
}

describe('the Plan tree from the keyboard, in the real workbench', () => {
  let scripted: ScriptedWorkbench | undefined;

  before(async () => {
    scripted = await openScriptedWorkbench(SCRIPT);
  });

  after(async () => {
    await scripted?.close();
  });

  it('each shortcut is one todo/user-edit on the focused row', async () => {
    const { page, server } = scripted!.workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser drops the last token; fix it');
    await until(
      () => readStatusBar(page),
      (t) => t === '0/3 · Reproduce the bug',
      'the plan in the status bar',
    );
    await agentFrame(page)
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Planned; over to you.' })
      .waitFor({ timeout: 60_000 });

    let count = 0;
    /** Presses `key` and waits for the next todo/user-edit; returns its list as `content:status`. */
    const press = async (key: string): Promise<string[]> => {
      await page.keyboard.press(key);
      count += 1;
      const edits = await until(
        async () => userEdits(server.userDataDir),
        (e) => e.length >= count,
        `the todo/user-edit of ${key}`,
      );
      assert.equal(edits.length, count, `${key}: one edit`);
      return (edits.at(-1) ?? []).map((t) => `${t.content}:${t.status}`);
    };
    const labels = async (expected: string[]): Promise<void> => {
      await until(
        async () => (await readTree(page)).map((r) => r.label),
        (l) => JSON.stringify(l) === JSON.stringify(expected),
        `the tree to read ${expected.join(', ')}`,
      );
    };

    // Click selects (and focuses) the first row; ArrowDown moves only the focus: Alt+Up moves the FOCUSED row.
    await pick(page, ITEMS[0]!);
    await page.keyboard.press('ArrowDown');
    await until(
      async () => row(page, ITEMS[1]!).evaluate((e) => e.classList.contains('focused')),
      (f) => f,
      'the focus on the second row',
    );
    assert.ok(
      await row(page, ITEMS[0]!).evaluate((e) => e.classList.contains('selected')),
      'the selection stays on the first row',
    );
    await page.waitForTimeout(150);
    assert.deepEqual(await press('Alt+ArrowUp'), [
      'Fix the parser:pending',
      'Reproduce the bug:in_progress',
      'Add a regression test:pending',
    ]);
    await labels(['Fix the parser', 'Reproduce the bug', 'Add a regression test']);

    await pick(page, 'Fix the parser');
    assert.deepEqual(await press('Alt+ArrowDown'), [
      'Reproduce the bug:in_progress',
      'Fix the parser:pending',
      'Add a regression test:pending',
    ]);
    await labels(ITEMS);

    await pick(page, 'Reproduce the bug');
    assert.deepEqual(
      await press('Control+Enter'),
      ['Reproduce the bug:completed', 'Fix the parser:pending', 'Add a regression test:pending'],
      'Ctrl+Enter: completed',
    );
    await pick(page, 'Fix the parser');
    assert.deepEqual(
      await press('Alt+Enter'),
      ['Reproduce the bug:completed', 'Fix the parser:in_progress', 'Add a regression test:pending'],
      'Alt+Enter: in progress',
    );
    await until(
      () => readStatusBar(page),
      (t) => t === '1/3 · Fix the parser',
      'the status bar to agree',
    );
    await pick(page, 'Reproduce the bug');
    assert.deepEqual(
      await press('Shift+Enter'),
      ['Reproduce the bug:pending', 'Fix the parser:in_progress', 'Add a regression test:pending'],
      'Shift+Enter: pending',
    );

    // F2 and Insert ask for the text in VS Code's input box, as the menu items do.
    await pick(page, 'Add a regression test');
    await page.keyboard.press('F2');
    await answerInputBox(page, 'Agent Checklist: Edit Plan Item', 'Add a regression test for the last token');
    count += 1;
    await until(
      async () => userEdits(server.userDataDir),
      (e) => e.length === count,
      'the edit of F2',
    );
    await labels(['Reproduce the bug', 'Fix the parser', 'Add a regression test for the last token']);

    await pick(page, 'Reproduce the bug');
    await page.keyboard.press('Insert');
    await answerInputBox(page, 'Agent Checklist: Add Plan Item', 'Write down the input that fails');
    count += 1;
    await until(
      async () => userEdits(server.userDataDir),
      (e) => e.length === count,
      'the edit of Insert',
    );
    await labels([
      'Reproduce the bug',
      'Write down the input that fails',
      'Fix the parser',
      'Add a regression test for the last token',
    ]);
    await screenshot(page, 'plan-keys.png');

    await pick(page, 'Write down the input that fails');
    assert.deepEqual(await press('Delete'), [
      'Reproduce the bug:pending',
      'Fix the parser:in_progress',
      'Add a regression test for the last token:pending',
    ]);
    await labels(['Reproduce the bug', 'Fix the parser', 'Add a regression test for the last token']);

    // A key that does not fit the row changes nothing: Alt+Up on the first row.
    await pick(page, 'Reproduce the bug');
    await page.keyboard.press('Alt+ArrowUp');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(userEdits(server.userDataDir).length, count, 'the first row cannot move up: no edit');
  });
});
