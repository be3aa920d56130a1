// In the real workbench (code-server + Chromium): "Agent Checklist: Open Plan Board"
// from the Command Palette opens the board in an editor tab; the session the scripted
// model planned in is a card (a list item named by its title); the text filter hides
// it and brings it back; its Open button shows that session in the Agent view again
// after New Session left it. With a session that waits for an approval (under Needs
// you, beside the first one's, flagged) and another, axe-core finds no violation in the light, dark and high-contrast
// themes, Tab reaches every control (each with a name) and the arrow keys move between
// the cards of a list. Elements by role and accessible name. Screenshots go to
// test-results/e2e/. Also run against the installed VSIX (run-e2e.mjs --vsix).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { axeAudit } from './axe-audit';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import {
  DARK_THEME_LABEL,
  HIGH_CONTRAST_THEME_LABEL,
  LIGHT_THEME_LABEL,
  agentPageFrame,
  openScriptedWorkbench,
  runWorkbenchCommand,
  screenshot,
  setTheme,
} from './workbench';

const SCRIPT = {
  responses: [
    {
      text: 'Planning.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: [
              { content: 'Read the parser', status: 'completed' },
              { content: 'Fix the bug', status: 'in_progress' },
            ],
          },
        },
      ],
    },
    { text: 'Planned; over to you.' },
  ],
};

/** What the scripted model plays for the next session (each session's turns play the file from its start). */
const RENAME = {
  responses: [
    {
      text: 'Renaming.',
      toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'Rename the loader', status: 'pending' }] } }],
    },
    { text: 'Renaming planned.' },
  ],
};
const TEST_SUITE = {
  responses: [
    {
      text: 'Testing.',
      toolCalls: [
        { name: 'todo_write', arguments: { todos: [{ content: 'Run the suite', status: 'in_progress' }] } },
        { name: 'bash', arguments: { command: 'npm test' } },
      ],
    },
  ],
};

describe('the Plan Board', () => {
  const scripted = openForSuite(() => openScriptedWorkbench(SCRIPT));

  it('opens from the Command Palette, filters, and opens a card’s session', async () => {
    const { page } = scripted().workbench;
    const agent = await openAgentView(page);
    await sendPrompt(agent, 'Fix the parser bug', 'Planned; over to you.');
    await runWorkbenchCommand(page, 'Agent Checklist: New Session');

    await runWorkbenchCommand(page, 'Agent Checklist: Open Plan Board');
    const board = await agentPageFrame(page, 'editor');
    const card = board.getByRole('listitem', { name: 'Fix the parser bug' });
    await card.waitFor({ timeout: 30_000 });
    assert.match((await card.textContent()) ?? '', /1\/2/);
    assert.match((await card.textContent()) ?? '', /In progress: Fix the bug/);
    await screenshot(page, 'plan-board.png');

    const filter = board.getByRole('searchbox', { name: 'Filter plans' });
    await filter.fill('no such plan');
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    await board.getByText('No plan matches.').waitFor({ timeout: 10_000 });
    await filter.fill('parser');
    await card.waitFor({ timeout: 10_000 });

    await card.getByRole('button', { name: 'Open: Fix the parser bug' }).click();
    const view = await agentPageFrame(page, 'view');
    await view
      .locator('.item-assistant .assistant-text', { hasText: 'Planned; over to you.' })
      .waitFor({ timeout: 30_000 });
  });

  it('is axe clean in the three themes and keyboard-navigable', async () => {
    const { workbench, scriptPath } = scripted();
    const { page } = workbench;
    await runWorkbenchCommand(page, 'Agent Checklist: New Session');
    const agent = await openAgentView(page);
    fs.writeFileSync(scriptPath, JSON.stringify(RENAME));
    await sendPrompt(agent, 'Rename the config loader', 'Renaming planned.');
    await runWorkbenchCommand(page, 'Agent Checklist: New Session');
    fs.writeFileSync(scriptPath, JSON.stringify(TEST_SUITE));
    await sendPrompt(agent, 'Run the test suite');
    await agent.locator('.approval').waitFor({ timeout: 30_000 });

    await runWorkbenchCommand(page, 'Agent Checklist: Open Plan Board');
    const board = await agentPageFrame(page, 'editor');
    await board.getByRole('searchbox', { name: 'Filter plans' }).fill('');
    const needsYou = board.getByRole('list', { name: 'Needs you' });
    await needsYou.getByRole('listitem', { name: 'Run the test suite' }).waitFor({ timeout: 30_000 });
    await auditThemes(page, board);
    await checkKeyboard(board);
  });
});

/** axe-core over the board in each theme: no violation, and enough rules ran to mean it. */
async function auditThemes(page: Page, board: Frame): Promise<void> {
  const found: Record<string, unknown> = {};
  for (const [label, kind] of [
    [LIGHT_THEME_LABEL, false],
    [DARK_THEME_LABEL, true],
    [HIGH_CONTRAST_THEME_LABEL, 'high-contrast'],
  ] as const) {
    await page.locator('.activitybar').click({ position: { x: 24, y: 700 } });
    await setTheme(page, label, kind);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the page's theme variables follow the workbench's
    const { violations, passed, incomplete } = await axeAudit(board, 'main.board');
    assert.ok(passed.length >= 10, `axe ran its rules over the board (${passed.length} passed)`);
    await screenshot(page, `plan-board-axe-${label.toLowerCase().replace(/\s+/g, '-')}.png`);
    console.log(`[axe] board, ${label}: ${JSON.stringify(violations)}; could not decide: ${incomplete.join(', ')}`);
    found[label] = violations;
  }
  assert.deepEqual(found, { [LIGHT_THEME_LABEL]: [], [DARK_THEME_LABEL]: [], [HIGH_CONTRAST_THEME_LABEL]: [] });
}

/** The focused element's accessible name (aria-label, else its label's text, else its own text). */
async function focusedName(board: Frame): Promise<string> {
  return board.locator('body').evaluate((body) => {
    const el = body.ownerDocument.activeElement;
    if (!el || el === body) return '';
    const labels = (el as unknown as { labels?: ArrayLike<{ textContent: string | null }> }).labels;
    return (el.getAttribute('aria-label') ?? labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });
}

/** Tab from the filter reaches the filters, Fetch and every card's buttons, each named; arrows move between cards. */
async function checkKeyboard(board: Frame): Promise<void> {
  const filter = board.getByRole('searchbox', { name: 'Filter plans' });
  await filter.focus();
  const names = [await focusedName(board)];
  const buttons = await board.locator('main.board button').count();
  for (let i = 0; i < buttons + 2; i++) {
    await board.locator('body').press('Tab');
    names.push(await focusedName(board));
  }
  console.log(`[keyboard] board tab order: ${names.join(' | ')}`);
  for (const name of ['Filter plans', 'Open: Run the test suite', 'Open: Rename the config loader'])
    assert.ok(names.includes(name), `Tab reaches ${name}`);
  assert.ok(
    names.some((n) => n.startsWith('State')) && names.some((n) => n.startsWith('Agent')),
    'Tab reaches the selects',
  );
  assert.ok(!names.slice(0, buttons + 1).includes(''), 'every control Tab reaches has a name');

  const others = board.getByRole('list', { name: 'Needs you' }).getByRole('listitem');
  const first = (await others.first().getAttribute('aria-label')) ?? '';
  const second = (await others.nth(1).getAttribute('aria-label')) ?? '';
  await others
    .first()
    .getByRole('button', { name: `Open: ${first}` })
    .focus();
  await board.page().keyboard.press('ArrowDown');
  assert.equal(await focusedName(board), `Open: ${second}`, 'ArrowDown moves to the next card');
  await board.page().keyboard.press('ArrowUp');
  assert.equal(await focusedName(board), `Open: ${first}`, 'ArrowUp moves back');
}
