// In the real workbench (code-server + Chromium): "Agent Checklist: Open Plan Board"
// from the Command Palette opens the board in an editor tab; the session the scripted
// model planned in is a card (a list item named by its title); the text filter hides
// it and brings it back; its Open button shows that session in the Agent view again
// after New Session left it. Elements by role and accessible name. Screenshots go to
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import { agentPageFrame, openScriptedWorkbench, runWorkbenchCommand, screenshot } from './workbench';

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
});
