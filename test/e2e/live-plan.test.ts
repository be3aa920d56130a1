// Issue 5 in the real VS Code (code-server) and a real browser: a scripted turn with
// two items in progress shows its plan LIVE (while the turn still runs) in the
// webview strip, the todo_write row (with its separate `+1`), the Plan tree and the
// status bar (spinning); after Stop the plan stands; reloading the window restores it
// in every surface; the next turn, whose script writes no plan, clears it everywhere.
// Screenshots in light, dark and high-contrast themes go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  agentFrame,
  answerInputBox,
  DARK_THEME_LABEL,
  HIGH_CONTRAST_THEME_LABEL,
  LIGHT_THEME_LABEL,
  openContainer,
  openScriptedWorkbench,
  readStatusBarItem,
  readStrip,
  expandStrip,
  readTodoRows,
  readTree,
  reloadWindow,
  runCommand,
  screenshot,
  setTheme,
  statusBarCount,
  until,
  type ScriptedWorkbench,
  type Workbench,
} from './workbench';

const ITEMS = [
  'Reproduce the crash on empty input',
  'Guard the parser against empty input',
  'Add a regression test',
  'Update the changelog',
];
const plan = (statuses: string[]) => ({ todos: ITEMS.map((content, i) => ({ content, status: statuses[i] })) });
const SECOND_ANSWER = 'Nothing here needs a plan.';
/** Turn 1: two writes, then a model that never answers until Stop (the turn stays running while we look). */
const FIRST_TURN = {
  responses: [
    {
      text: 'I will plan this first.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['in_progress', 'pending', 'pending', 'pending']) }],
    },
    {
      text: 'Reproduced; guarding and testing in parallel.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['completed', 'in_progress', 'in_progress', 'pending']) }],
    },
    { delayMs: 600_000, text: 'never reached: the test stops the turn' },
  ],
};
/**
 * Turn 2, after the reload: no todo_write at all. A reload starts a new extension
 * host, whose scripted model starts its file from the top, so the file is rewritten
 * to hold what the model answers next.
 */
const SECOND_TURN = { responses: [{ text: SECOND_ANSWER }] };

const COUNTS = '1 completed · 2 in progress · 1 pending';
const STRIP_ITEMS = [
  { content: ITEMS[0], status: 'completed' },
  { content: ITEMS[1], status: 'in_progress' },
  { content: ITEMS[2], status: 'in_progress' },
  { content: ITEMS[3], status: 'pending' },
];
const ROWS = [
  { summary: `0/4 done · ${ITEMS[0]}`, more: null },
  { summary: `1/4 done · ${ITEMS[1]}`, more: '+1' },
];
const STATUS_TEXT = `1/4 · ${ITEMS[1]} +1`;

/** The tree rows as [label, description, icon, level]; elapsed seconds vary, so `· Ns` is normalized. */
async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [
    r.label,
    r.description.replace(/ · \d+(h|m|s).*$/, ' · <elapsed>'),
    r.spinning ? `${r.icon}~spin` : r.icon,
    r.level ?? '',
  ]);
}

const treeWith = (activeIcon: string): string[][] => [
  [ITEMS[0] ?? '', 'completed · no work recorded', 'warning', '1'], // the scripted model completed it with no tool call: flagged
  [ITEMS[1] ?? '', 'in progress · <elapsed>', activeIcon, '1'],
  [ITEMS[2] ?? '', 'in progress · <elapsed>', activeIcon, '1'],
  [ITEMS[3] ?? '', '', 'circle-large-outline', '1'],
];

describe('the standing plan, live, across a reload and the next turn (issue 5)', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;
  let scriptPath: string;

  before(async () => {
    scripted = await openScriptedWorkbench(FIRST_TURN);
    workbench = scripted.workbench;
    scriptPath = scripted.scriptPath;
  });

  after(async () => {
    await scripted?.close();
  });

  it('shows the plan with two items in progress in the strip, the row, the tree and the status bar while the turn runs', async () => {
    const { page } = workbench;
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    assert.equal(await readStatusBarItem(page), null, 'no status bar item before the first plan');

    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser crashes on empty input; fix it');

    await until(
      () => readStrip(frame),
      (s) => s.counts === COUNTS,
      'the strip to show the second write',
      60_000,
    );
    await expandStrip(frame);
    const strip = await readStrip(frame);
    // Still running: the model is waiting, Stop is offered; everything below is the live state.
    await frame.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    assert.equal(strip.visible, true);
    assert.equal(strip.expanded, 'true', 'the header button says it is expanded');
    assert.deepEqual(strip.items, STRIP_ITEMS, 'every item, both active ones included');

    const rows = await until(
      () => readTodoRows(frame),
      (r) => r.length === 2,
      'two todo_write rows',
    );
    assert.deepEqual(rows, ROWS, 'each row: done/total and the first active item; +1 apart');

    const tree = await until(
      () => treeShape(page),
      (t) => t.length === 4 && t[0]?.[1]?.startsWith('completed') === true,
      'the Plan tree',
    );
    assert.deepEqual(tree, treeWith('sync~spin'), 'in-progress items spin while their turn runs');

    const status = await until(
      () => readStatusBarItem(page),
      (s) => s?.text === STATUS_TEXT,
      'the status bar item',
    );
    assert.deepEqual(status?.icons, ['loading~spin'], 'a spinner while the turn runs');
    assert.equal(await statusBarCount(page), 1, 'exactly one status bar item');

    const announced = await frame.getByRole('status').filter({ hasText: 'Completed: ' }).innerText();
    assert.match(
      announced,
      new RegExp(`Completed: ${ITEMS[0]}`),
      'the polite live region announces the completed item',
    );
    await screenshot(page, 'live-plan-running-light.png');
  });

  it('keeps the plan standing when the turn is stopped (the spinner goes)', async () => {
    const { page } = workbench;
    const frame = agentFrame(page);
    await frame.getByRole('button', { name: 'Stop', exact: true }).click();
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
    const status = await until(
      () => readStatusBarItem(page),
      (s) => s?.icons[0] === 'checklist',
      'the spinner to stop',
    );
    assert.deepEqual(status, { text: STATUS_TEXT, icons: ['checklist'] });
    assert.equal((await readStrip(frame)).counts, COUNTS);
    const tree = await until(
      () => treeShape(page),
      (t) => t[1]?.[2] === 'debug-start',
      'the tree to mark the turn over',
    );
    assert.deepEqual(tree, treeWith('debug-start'));
  });

  it('restores the plan in the strip, the rows, the tree and the status bar after the window reloads', async () => {
    const { page } = workbench;
    fs.writeFileSync(scriptPath, JSON.stringify(SECOND_TURN));
    await reloadWindow(page); // the workbench's reload, which awaits its state write (see reloadWindow)
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });

    await until(
      () => readStrip(frame),
      (s) => s.counts === COUNTS,
      'the restored strip',
      60_000,
    );
    await expandStrip(frame);
    const strip = await readStrip(frame);
    assert.deepEqual(strip.items, STRIP_ITEMS);
    assert.deepEqual(
      await until(
        () => readTodoRows(frame),
        (r) => r.length === 2,
        'the restored rows',
      ),
      ROWS,
    );
    assert.deepEqual(
      await until(
        () => treeShape(page),
        (t) => t.length === 4,
        'the restored tree',
      ),
      treeWith('debug-start'),
    );
    const status = await until(
      () => readStatusBarItem(page),
      (s) => s !== null,
      'the restored status bar item',
    );
    assert.deepEqual(status, { text: STATUS_TEXT, icons: ['checklist'] });

    await screenshot(page, 'live-plan-light.png');
    await setTheme(page, DARK_THEME_LABEL, true);
    await screenshot(page, 'live-plan-dark.png');
    await setTheme(page, HIGH_CONTRAST_THEME_LABEL, 'high-contrast');
    await screenshot(page, 'live-plan-high-contrast.png');
    await setTheme(page, LIGHT_THEME_LABEL, false);
  });

  it('clears the plan everywhere when the next turn starts and writes none', async () => {
    const { page } = workbench;
    const frame = agentFrame(page);
    await frame.locator('.composer-input').fill('Thanks, that is all for now.');
    await frame.locator('.composer-input').press('Enter');
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: SECOND_ANSWER })
      .waitFor({ timeout: 60_000 });
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor();

    const strip = await until(
      () => readStrip(frame),
      (s) => !s.visible,
      'the strip to hide',
    );
    assert.equal(strip.visible, false);
    assert.deepEqual(
      await until(
        () => readTree(page),
        (r) => r.length === 0,
        'the tree to empty',
      ),
      [],
    );
    assert.equal(
      await until(
        () => readStatusBarItem(page),
        (s) => s === null,
        'the status bar item to hide',
      ),
      null,
    );
    assert.equal((await statusBarCount(page)) <= 1, true);
    // The transcript keeps the earlier turn's rows: clearing the plan is not clearing history.
    assert.equal((await readTodoRows(frame)).length, 2);
  });
});
