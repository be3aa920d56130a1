// In the real workbench (code-server + Chromium): the user marks an item completed
// from the Plan tree's CONTEXT MENU; the log gets a todo/user-edit, the webview strip,
// the tree and the status bar agree, a reload restores it, and the next turn keeps it.
// A later model write drops an unfinished item: it shows under "Dropped", and its
// Restore action (from the context menu too) brings it back. Screenshots go to
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'playwright-core';
import { after, before, describe, it } from 'node:test';
import {
  agentFrame,
  answerInputBox,
  DARK_THEME_LABEL,
  expandStrip,
  LIGHT_THEME_LABEL,
  openContainer,
  openScriptedWorkbench,
  readStatusBar,
  readStrip,
  readTree,
  reloadWindow,
  runCommand,
  screenshot,
  sessionLogFiles,
  setTheme,
  STATE_DEADLINE_MS,
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
const SECOND_TURN = { responses: [{ text: 'Your plan stands.' }] };
// The model goes on with item 2 and leaves out item 3, unfinished: dropped.
const THIRD_TURN = {
  responses: [
    {
      text: 'Fixing.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: [
              { content: ITEMS[0], status: 'completed' },
              { content: ITEMS[1], status: 'in_progress' },
            ],
          },
        },
      ],
    },
    { text: 'Fixed the parser.' },
  ],
};

/** The log lines of the workbench's one session log, parsed. */
function logTypes(workbench: Workbench): { type: string; data?: unknown }[] {
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

/** Opens the context menu of the Plan tree row labelled `label` and picks `action`. */
async function contextMenu(page: Page, label: string, action: string): Promise<void> {
  const row = page
    .locator('.pane:has(.pane-header[aria-label*="Plan"]) .monaco-list-row[role=treeitem]', {
      has: page.locator('.label-name', { hasText: label }),
    })
    .first();
  const item = page
    .locator('.context-view .monaco-menu .action-item .action-label', { hasText: new RegExp(`^${action}$`) })
    .first();
  // A right-click while the tree redraws its rows opens no menu: right-click again
  // until the menu shows the action (each try given a few seconds, all STATE_DEADLINE_MS).
  const end = Date.now() + STATE_DEADLINE_MS;
  for (;;) {
    await row.click({ button: 'right' });
    const shown = await item.waitFor({ timeout: 10_000 }).then(
      () => true,
      (error: unknown) => (Date.now() < end ? false : Promise.reject(error)),
    );
    if (shown) break;
    await page.keyboard.press('Escape');
  }
  await screenshot(page, `plan-edit-menu-${action.toLowerCase().replace(/\W+/g, '-')}.png`);
  // Chosen with the keyboard, as a user may: VS Code's menu ignores a mouse-up that comes
  // too soon after it opened, and under load a click could land in that window.
  await item.hover();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').waitFor({ state: 'hidden' });
}

async function sendPrompt(page: Page, text: string, finalText: string): Promise<void> {
  await runCommand(page, 'Agent Checklist: Send Prompt…');
  await answerInputBox(page, 'Agent Checklist: Send Prompt', text);
  const frame = agentFrame(page);
  await frame.locator('.item-assistant:not(.streaming) .assistant-text', { hasText: finalText }).waitFor();
  await frame.locator('.composer button[type=submit]').waitFor();
}

const shape = async (page: Page): Promise<string[][]> =>
  (await readTree(page)).map((r) => [r.label, r.description.replace(/ · \d+(h|m|s).*$/, ''), r.icon, r.level ?? '']);

describe('editing the plan from the Plan tree, in the real workbench', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;

  before(async () => {
    scripted = await openScriptedWorkbench(FIRST_TURN);
    workbench = scripted.workbench;
  });

  after(async () => {
    await scripted?.close();
  });

  it('marks an item completed from the context menu: one todo/user-edit; the strip, the tree and the status bar agree', async () => {
    const { page } = workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor();
    await sendPrompt(page, 'The parser drops the last token; fix it', 'Planned; over to you.');
    await until(
      () => readStatusBar(page),
      (t) => t === '0/3 · Reproduce the bug',
      'the status bar item',
    );

    await contextMenu(page, ITEMS[0] ?? '', 'Mark Completed');
    const edits = await until(
      async () => logTypes(workbench).filter((l) => l.type === 'todo/user-edit'),
      (e) => e.length === 1,
      'a todo/user-edit in the log',
    );
    assert.deepEqual(edits[0]?.data, plan(['completed', 'pending', 'pending']));

    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === '1/3',
        'the status bar',
      ),
      '1/3',
    );
    const tree = await until(
      () => shape(page),
      (t) => t[0]?.[1] === 'completed',
      'the tree',
    );
    assert.deepEqual(tree, [
      [ITEMS[0], 'completed', 'pass', '1'],
      [ITEMS[1], '', 'circle-large-outline', '1'],
      [ITEMS[2], '', 'circle-large-outline', '1'],
    ]);
    const frame = agentFrame(page);
    await expandStrip(frame);
    const strip = await until(
      () => readStrip(frame),
      (s) => s.items[0]?.status === 'completed',
      'the strip',
    );
    assert.deepEqual(strip.items, [
      { content: ITEMS[0], status: 'completed' },
      { content: ITEMS[1], status: 'pending' },
      { content: ITEMS[2], status: 'pending' },
    ]);
    await screenshot(page, 'plan-edit-light.png');
    await setTheme(page, DARK_THEME_LABEL, true);
    await screenshot(page, 'plan-edit-dark.png');
    await setTheme(page, LIGHT_THEME_LABEL, false);
  });

  it('restores the edited plan after a reload, and the next turn keeps it', async () => {
    const { page } = workbench;
    fs.writeFileSync(scripted?.scriptPath ?? '', JSON.stringify(SECOND_TURN));
    await reloadWindow(page); // the workbench's reload, which awaits its state write (see reloadWindow)
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor();
    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === '1/3',
        'the restored status bar',
      ),
      '1/3',
    );
    assert.equal(
      (
        await until(
          () => shape(page),
          (t) => t.length === 3,
          'the restored tree',
        )
      )[0]?.[2],
      'pass',
    );

    await sendPrompt(page, 'Carry on', 'Your plan stands.');
    const types = logTypes(workbench).map((l) => l.type);
    assert.equal(types.filter((t) => t === 'turn/start').length, 2, 'a second turn ran');
    // The surfaces settle after the turn's end reaches them: wait for the carried plan, not for a moment.
    const carried = await until(
      () => readStatusBar(page),
      (t) => t === '1/3',
      'the user-edited plan carried into the new turn (status bar)',
    );
    assert.equal(carried, '1/3');
    const tree = await until(
      () => shape(page),
      (t) => t[0]?.[1] === 'completed',
      'the user-edited plan carried into the new turn (tree)',
    );
    assert.equal(tree[0]?.[1], 'completed');
  });

  it('shows an item a model write dropped under "Dropped"; Restore from its context menu brings it back', async () => {
    const { page } = workbench;
    fs.writeFileSync(scripted?.scriptPath ?? '', JSON.stringify(THIRD_TURN));
    await sendPrompt(page, 'Fix it now', 'Fixed the parser.');
    // Waits for the whole expected tree, not just a sign of the change: a read while
    // the tree redraws can show a passing frame (seen once, 2026-12-01: right after
    // Restore, four rows with the first item twice). A tree that never settles there
    // still fails, with the last tree seen.
    const dropped = [
      [ITEMS[0], 'completed', 'pass', '1'],
      [ITEMS[1], 'in progress', 'debug-start', '1'],
      ['Dropped', '1', 'tree-item-expanded', '1'], // readTree sees its twistie first: shown expanded
      [ITEMS[2], 'dropped while pending', 'circle-slash', '2'],
    ];
    assert.deepEqual(
      await until(
        () => shape(page),
        (t) => isDeepStrictEqual(t, dropped),
        'the Dropped node',
      ),
      dropped,
    );
    await screenshot(page, 'plan-edit-dropped.png');

    await contextMenu(page, ITEMS[2] ?? '', 'Restore');
    const restored = [
      [ITEMS[0], 'completed', 'pass', '1'],
      [ITEMS[1], 'in progress', 'debug-start', '1'],
      [ITEMS[2], '', 'circle-large-outline', '1'],
    ];
    assert.deepEqual(
      await until(
        () => shape(page),
        (t) => isDeepStrictEqual(t, restored),
        'the item back in the plan',
      ),
      restored,
    );
    const last = logTypes(workbench)
      .filter((l) => l.type === 'todo/user-edit')
      .at(-1);
    assert.deepEqual(
      last?.data,
      plan(['completed', 'in_progress', 'pending']),
      'Restore is a user edit: the item back where it was, as it was',
    );
    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === '1/3 · Fix the parser',
        'the status bar after Restore',
      ),
      '1/3 · Fix the parser',
    );
    await screenshot(page, 'plan-edit-restored.png');
  });

  it('asks for the text of Add Item… (view title) and Edit Text… (context menu), refusing a duplicate in the input box', async () => {
    const { page } = workbench;
    const pane = page.locator('.pane:has(.pane-header[aria-label*="Plan"])');
    await pane.locator('.pane-header').hover();
    // The label starts with the title; VS Code appends the action's keybinding, e.g. "Add Item… (Insert)".
    await pane.locator('.pane-header .action-label[aria-label^="Add Item…"]').click();
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await page
      .locator('.quick-input-widget .quick-input-title', { hasText: 'Agent Checklist: Add Plan Item' })
      .waitFor();
    await input.fill(` ${ITEMS[1]} `);
    const message = page.locator('.quick-input-widget .quick-input-message');
    await until(
      async () => (await message.innerText()).trim(),
      (t) => t === 'The plan already has this item.',
      'the duplicate refused in the input box',
    );
    await screenshot(page, 'plan-edit-add-duplicate.png');
    await input.fill('Ship the fix');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await until(
      () => shape(page),
      (t) => t.at(-1)?.[0] === 'Ship the fix',
      'the added item at the end',
    );

    await contextMenu(page, 'Ship the fix', 'Edit Text…');
    await answerInputBox(page, 'Agent Checklist: Edit Plan Item', '  Ship the fix today  ');
    const rows = await until(
      () => shape(page),
      (t) => t.at(-1)?.[0] === 'Ship the fix today',
      'the reworded item',
    );
    assert.deepEqual(
      rows.map((r) => r[0]),
      [...ITEMS, 'Ship the fix today'],
    );
    const last = logTypes(workbench)
      .filter((l) => l.type === 'todo/user-edit')
      .at(-1);
    assert.deepEqual(
      last?.data,
      {
        todos: [
          ...plan(['completed', 'in_progress', 'pending']).todos,
          { content: 'Ship the fix today', status: 'pending' },
        ],
      },
      'trimmed, as todo_write trims',
    );
  });
});
