// Items' checks in the real workbench (code-server + Chromium), the scripted model
// (issue 52): Set Check… from the strip row's menu asks for the command in VS Code's
// input box; the user completes the item by its checkbox; the check runs in the
// workspace (bash's sandbox) and the strip shows the item verified (its checkbox's
// accessible name) and the header `1/2 · 1 verified`. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAgentView, openForSuite } from './suite-setup';
import { agentFrame, answerInputBox, expandStrip, openScriptedWorkbench, screenshot } from './workbench';

const ITEMS = ['Read the parser', 'Guard the last token'];
const FIRST_TURN = {
  responses: [
    {
      text: 'Planning.',
      toolCalls: [
        { name: 'todo_write', arguments: { todos: ITEMS.map((content) => ({ content, status: 'pending' })) } },
      ],
    },
    { text: 'Planned; over to you.' },
  ],
};

describe('items’ checks in the real workbench', () => {
  const opened = openForSuite(() => openScriptedWorkbench(FIRST_TURN));

  it('Set Check… from the strip row’s menu, the item completed: the strip shows it verified', async () => {
    const { page } = opened().workbench;
    await openAgentView(page);
    const frame = agentFrame(page);
    const composer = frame.getByRole('textbox', { name: 'Prompt' });
    await composer.fill('The parser drops the last token; fix it');
    await composer.press('Enter');
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Planned; over to you.' })
      .waitFor({ timeout: 60_000 });
    await expandStrip(frame);

    await frame.getByRole('button', { name: 'Actions for Read the parser' }).click();
    await frame.getByRole('menuitem', { name: 'Set Check…' }).click();
    await answerInputBox(page, 'Agent Checklist: Set Check', 'echo the parser reads');

    const box = frame.getByRole('checkbox', { name: /^Read the parser\b/ });
    assert.equal(await box.isChecked(), false);
    await box.click();
    await frame
      .getByRole('checkbox', { name: /^Read the parser\W+completed\W+verified$/ })
      .waitFor({ timeout: 60_000 });
    await frame.getByRole('button', { name: /1\/2 · 1 verified/ }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'plan-checks-verified.png');
  });
});
