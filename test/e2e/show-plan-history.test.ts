// In the real workbench (code-server + Chromium): "Agent Checklist: Show Plan History"
// reaches the plan history when no plan stands (the strip, whose header has the
// history button, is gone then). From the Command Palette before any session it says
// why there is nothing to show; once the session has a plan version, the Plan tree's
// title offers it, and so does its empty view after the next turn cleared the plan;
// either opens the history in the Agent view. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import { openScriptedWorkbench, runWorkbenchCommand, screenshot, until } from './workbench';

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
    { text: 'A plain answer, no plan.' },
  ],
};

const planPane = (page: Page) => page.locator('.pane:has(.pane-header[aria-label^="Plan"])');
/** The Plan tree's title action (shown while the pane header is hovered). */
const titleAction = (page: Page) =>
  planPane(page).locator('.pane-header .actions .action-label[aria-label="Show Plan History"]');

describe('Show Plan History when no plan stands', () => {
  const scripted = openForSuite(() => openScriptedWorkbench(SCRIPT));

  it('explains itself from the palette with no session, and opens the history from the Plan tree once the plan no longer stands', async () => {
    const { page } = scripted().workbench;
    const frame = await openAgentView(page);

    await runWorkbenchCommand(page, 'Agent Checklist: Show Plan History');
    const toast = page.locator('.notifications-toasts .notification-toast', {
      hasText: 'there is no session yet, so no plan history',
    });
    await toast.waitFor({ timeout: 20_000 });
    await planPane(page).locator('.pane-header').hover();
    assert.equal(await titleAction(page).count(), 0, 'not offered in the Plan tree without a history');
    await toast
      .locator('.codicon-notifications-clear, .codicon-close')
      .first()
      .click()
      .catch(() => undefined);

    await sendPrompt(frame, 'Fix the parser bug', 'Planned; over to you.');
    await planPane(page).locator('.pane-header').hover();
    await titleAction(page).waitFor({ timeout: 20_000 });

    await sendPrompt(frame, 'Anything else?', 'A plain answer, no plan.');
    await frame.getByRole('region', { name: 'Plan', exact: true }).waitFor({ state: 'detached' }); // no plan stands: no strip, no history button
    const welcomeButton = planPane(page).locator('.welcome-view-content .monaco-button', {
      hasText: 'Show Plan History',
    });
    await welcomeButton.waitFor({ timeout: 20_000 });
    await screenshot(page, 'show-plan-history-welcome.png');
    await welcomeButton.click();
    const versions = frame.locator('.plan-version');
    assert.equal(
      await until(
        () => versions.count(),
        (n) => n === 1,
        'the history in the Agent view',
      ),
      1,
    );
    await screenshot(page, 'show-plan-history-open.png');

    await frame.locator('.plan-history-back').click();
    await frame.locator('.transcript').waitFor();
    await planPane(page).locator('.pane-header').hover();
    await titleAction(page).click();
    assert.equal(
      await until(
        () => versions.count(),
        (n) => n === 1,
        'the history again, from the title action',
      ),
      1,
    );
  });
});
