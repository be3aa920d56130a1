// Issue 12 in the real VS Code (code-server) and a real browser: the plan strip's
// checkbox is a user edit (the log gets todo/user-edit; the strip, the Plan tree and
// the status bar agree), the keys and row menu of a focused row edit too, and the
// plan history in the Agent view lists every version (the model's writes and the
// user's edits) with the item a model write dropped marked. Screenshots go to
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
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
  runCommand,
  screenshot,
  sessionLogFiles,
  setTheme,
  until,
  type ScriptedWorkbench,
  type Workbench,
} from './workbench';

const ITEMS = ['Reproduce the crash', 'Guard the parser', 'Add a regression test'] as const;
const FINAL_TEXT = 'The guard is in; over to you.';
/** Two model writes; the second leaves out the unfinished third item (a drop). */
const SCRIPT = {
  responses: [
    {
      text: 'Planning.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: [
              { content: ITEMS[0], status: 'in_progress' },
              { content: ITEMS[1], status: 'pending' },
              { content: ITEMS[2], status: 'pending' },
            ],
          },
        },
      ],
    },
    {
      text: 'Reproduced.',
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
    { text: FINAL_TEXT },
  ],
};

const planEventSchema = z.object({
  type: z.enum(['todo/write', 'todo/user-edit']),
  data: z.object({ todos: z.array(z.object({ content: z.string(), status: z.string() })) }),
});

/** The plan events of the session's log, in order: [type, the list as `status:content`]. */
function planEvents(userDataDir: string): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const file of sessionLogFiles(userDataDir)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"todo/')) continue;
      const parsed = planEventSchema.safeParse(JSON.parse(line));
      if (parsed.success) out.push([parsed.data.type, parsed.data.data.todos.map((t) => `${t.status}:${t.content}`)]);
    }
  }
  return out;
}

describe('plan edits in the strip and the plan history (issue 12)', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;

  before(async () => {
    scripted = await openScriptedWorkbench(SCRIPT);
    workbench = scripted.workbench;
  });

  after(async () => {
    await scripted?.close();
  });

  it("checks an item's checkbox in the strip: the log gets todo/user-edit and the strip, tree and status bar agree", async () => {
    const { page } = workbench;
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser crashes on empty input; fix it');
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: FINAL_TEXT })
      .waitFor({ timeout: 60_000 });
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await until(
      () => readStatusBar(page),
      (t) => t === `1/2 · ${ITEMS[1]}`,
      'the status bar after the model',
    );

    await expandStrip(frame);
    const box = frame.getByRole('checkbox', { name: ITEMS[1] });
    assert.equal(await box.isChecked(), false);
    await box.click(); // the page puts the box back until the host's plan says it is completed
    await until(
      () => readStrip(frame),
      (s) => s.counts === '2 completed',
      'the strip to show the edit',
    );
    assert.equal(await box.isChecked(), true);
    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === '2/2',
        'the status bar to follow the edit',
      ),
      '2/2',
    );
    const rows = await until(
      () => readTree(page),
      (r) => r.length >= 2 && r[1]?.description === 'completed',
      'the Plan tree to follow the edit',
    );
    assert.deepEqual(
      rows.slice(0, 2).map((r) => [r.label, r.description]),
      [
        [ITEMS[0], 'completed · no work recorded'], // the model completed it with no tool call: flagged
        [ITEMS[1], 'completed'], // the user's edit is never flagged
      ],
    );
    const events = await until(
      async () => planEvents(workbench.server.userDataDir),
      (e) => e.length === 3,
      'the user edit in the log',
    );
    assert.deepEqual(events[2], ['todo/user-edit', [`completed:${ITEMS[0]}`, `completed:${ITEMS[1]}`]]);
    await page.mouse.move(800, 450);
    await screenshot(page, 'plan-edit-light.png');
  });

  it('edits from the keyboard: Insert adds an item below the focused row, Alt+Up moves it, the row menu marks it in progress', async () => {
    const { page } = workbench;
    const frame = agentFrame(page);
    await frame.getByRole('checkbox', { name: ITEMS[1] }).focus();
    await page.keyboard.press('Insert');
    const input = frame.getByRole('textbox', { name: 'New item' });
    await input.fill(ITEMS[2]);
    await page.keyboard.press('Enter');
    await until(
      () => readStrip(frame),
      (s) => s.items.length === 3,
      'the added item',
    );
    await frame.getByRole('checkbox', { name: ITEMS[2] }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await until(
      () => readStrip(frame),
      (s) => s.items[1]?.content === ITEMS[2],
      'the item to move up',
    );
    await frame.getByRole('button', { name: `Actions for ${ITEMS[2]}` }).click();
    await frame.getByRole('menuitem', { name: 'Mark In Progress' }).click();
    const strip = await until(
      () => readStrip(frame),
      (s) => s.items[1]?.status === 'in_progress',
      'the row menu edit',
    );
    assert.deepEqual(strip.items, [
      { content: ITEMS[0], status: 'completed' },
      { content: ITEMS[2], status: 'in_progress' },
      { content: ITEMS[1], status: 'completed' },
    ]);
    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === `2/3 · ${ITEMS[2]}`,
        'the status bar',
      ),
      `2/3 · ${ITEMS[2]}`,
    );
    assert.deepEqual(
      planEvents(workbench.server.userDataDir).map((e) => e[0]),
      ['todo/write', 'todo/write', 'todo/user-edit', 'todo/user-edit', 'todo/user-edit', 'todo/user-edit'],
    );
  });

  it('shows every version in the plan history, the dropped item marked, each expandable to its plan', async () => {
    const { page } = workbench;
    const frame = agentFrame(page);
    await frame.getByRole('button', { name: 'Plan History' }).click();
    const versions = frame.locator('.plan-version');
    await until(
      () => versions.count(),
      (n) => n === 6,
      'every version in the history',
    );
    const who = await versions.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-by')));
    assert.deepEqual(
      who,
      ['user', 'user', 'user', 'user', 'model', 'model'],
      'newest first: four edits, two model writes',
    );
    const second = versions.nth(4);
    assert.match(
      (await second.locator('.plan-version-header').innerText()).replace(/\s+/g, ' '),
      /^Version 2 · .+ · by the model · 1 completed · 1 in progress$/,
    );
    const dropped = second.locator('.plan-change[data-kind="dropped"]');
    assert.equal(((await dropped.textContent()) ?? '').replace(/\s+/g, ' ').trim(), `dropped ${ITEMS[2]}`); // shown in capitals (CSS), the words as they are
    const edit = versions.nth(3);
    assert.match(
      (await edit.locator('.plan-change').first().innerText()).replace(/\s+/g, ' '),
      new RegExp(`status changed ${ITEMS[1]} in progress → completed`),
    );
    await second.locator('.plan-version-header').click();
    assert.deepEqual(await second.locator('.plan-version-items .plan-item-content').allInnerTexts(), [
      ITEMS[0],
      ITEMS[1],
    ]);
    await page.mouse.move(800, 450);
    await screenshot(page, 'plan-history-light.png');
    await setTheme(page, DARK_THEME_LABEL, true);
    await screenshot(page, 'plan-history-dark.png');
    await setTheme(page, LIGHT_THEME_LABEL, false);
    await frame.locator('.plan-history-back').click();
    await frame.locator('.transcript').waitFor();
  });
});
