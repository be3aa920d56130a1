// In the real VS Code (code-server) and a real browser: "Agent Checklist: Send
// Prompt…" from the command palette runs a scripted session, and the plan it leaves
// standing shows in the webview strip, the Plan tree and the status bar, read from
// the page. Screenshots (light and dark) go to test-results/e2e/.
import * as assert from 'node:assert/strict';
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
const FINAL_TEXT = 'Stopping here so you can review the guard.';
const SCRIPT = {
  responses: [
    {
      text: 'I will plan this first.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['in_progress', 'pending', 'pending', 'pending']) }],
    },
    {
      text: 'Reproduced.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['completed', 'in_progress', 'pending', 'pending']) }],
    },
    {
      text: 'Guard added.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['completed', 'completed', 'in_progress', 'pending']) }],
    },
    { text: FINAL_TEXT },
  ],
};

describe('the plan in the real workbench', () => {
  let scripted: ScriptedWorkbench | undefined;
  let workbench: Workbench;

  before(async () => {
    scripted = await openScriptedWorkbench(SCRIPT);
    workbench = scripted.workbench;
  });

  after(async () => {
    await scripted?.close();
  });

  it('shows no plan anywhere before the first prompt', async () => {
    const { page } = workbench;
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    assert.equal((await readStrip(frame)).visible, false, 'no strip');
    assert.deepEqual(await readTree(page), [], 'no tree rows');
    assert.equal(await readStatusBar(page), null, 'no status bar item');
  });

  it('runs Send Prompt… from the palette and shows the standing plan in the strip, the tree and the status bar', async () => {
    const { page } = workbench;
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser crashes on empty input; fix it');
    const frame = agentFrame(page);
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: FINAL_TEXT })
      .waitFor({ timeout: 60_000 });
    await frame.locator('.composer button[type=submit]').waitFor(); // the turn has ended: Send is back

    // The status bar: `$(checklist) <done>/<total> · <first active>` (the codicon renders as a glyph, not text).
    const status = await until(
      () => readStatusBar(page),
      (t) => t === '2/4 · Add a regression test',
      'the status bar item',
    );
    assert.equal(status, '2/4 · Add a regression test');
    assert.equal(await statusBarCount(page), 1, 'exactly one status bar item');

    const collapsed = await until(
      () => readStrip(frame),
      (s) => s.header.includes('2 completed'),
      'the plan strip',
    );
    assert.equal(collapsed.visible, true);
    assert.equal(collapsed.header, 'Plan 2 completed · 1 in progress · 1 pending');
    assert.equal(collapsed.expanded, 'false', 'collapsed to its one-line header by default');
    assert.deepEqual(collapsed.items, []);
    await expandStrip(frame);
    const strip = await readStrip(frame);
    assert.equal(strip.expanded, 'true');
    assert.deepEqual(strip.items, [
      { content: ITEMS[0], status: 'completed' },
      { content: ITEMS[1], status: 'completed' },
      { content: ITEMS[2], status: 'in_progress' },
      { content: ITEMS[3], status: 'pending' },
    ]);

    const rows = await until(
      () => readTree(page),
      (r) => r.length === 4 && r[1]?.description.startsWith('completed') === true,
      'the Plan tree rows',
    );
    // In-progress rows carry their elapsed time (`in progress · 3s`) and, once the turn is over, a play mark.
    assert.deepEqual(
      rows.map((r) => [r.label, r.description.replace(/ · \d+(h|m|s).*$/, ' · <elapsed>'), r.icon]),
      [
        // The scripted model completed both with no tool call: flagged.
        [ITEMS[0], 'completed · no work recorded', 'warning'],
        [ITEMS[1], 'completed · no work recorded', 'warning'],
        [ITEMS[2], 'in progress · <elapsed>', 'debug-start'],
        [ITEMS[3], '', 'circle-large-outline'],
      ],
    );

    await screenshot(page, 'plan-light.png');
    await setTheme(page, DARK_THEME_LABEL, true);
    await screenshot(page, 'plan-dark.png');
    await setTheme(page, LIGHT_THEME_LABEL, false);
  });

  it('collapses the strip from its header button (aria-expanded follows)', async () => {
    const frame = agentFrame(workbench.page);
    await frame.locator('.plan-strip .plan-header').click();
    const strip = await readStrip(frame);
    assert.equal(strip.expanded, 'false');
    assert.deepEqual(strip.items, []);
    assert.equal(strip.header, 'Plan 2 completed · 1 in progress · 1 pending');
    await frame.locator('.plan-strip .plan-header').click();
  });
});
