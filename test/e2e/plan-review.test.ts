// Plan review in the real workbench (code-server + Chromium), the scripted model: the
// user comments on an item from the strip row's menu (Comment on Item…, a text box
// under the row); the comment shows under its item, unresolved; Send Comments sends it
// as the next prompt; the model rewords the item, and the comment reads addressed, with
// the strip's changes since the user's last look. Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { openAgentView, openForSuite } from './suite-setup';
import { agentFrame, expandStrip, openScriptedWorkbench, screenshot, until } from './workbench';

const ITEMS = ['Read the parser', 'Guard the last token'];
const plan = (items: string[]) => ({ todos: items.map((content) => ({ content, status: 'pending' })) });
const FIRST_TURN = {
  responses: [
    { text: 'Planning.', toolCalls: [{ name: 'todo_write', arguments: plan(ITEMS) }] },
    { text: 'Planned; over to you.' },
  ],
};
/** The answer to the comments: the commented item reworded. */
const SECOND_TURN = {
  responses: [
    {
      text: 'Revising.',
      toolCalls: [{ name: 'todo_write', arguments: plan(['Read the parser', 'Guard the last token in the lexer']) }],
    },
    { text: 'Revised as you asked.' },
  ],
};

describe('plan review in the real workbench', () => {
  const opened = openForSuite(() => openScriptedWorkbench(FIRST_TURN));

  it('comments from the strip row’s menu; after Send Comments and the revision the comment reads addressed', async () => {
    const { workbench, scriptPath } = opened();
    const { page } = workbench;
    await openAgentView(page);
    const frame = agentFrame(page);
    const composer = frame.getByRole('textbox', { name: 'Prompt' });
    await composer.fill('The parser drops the last token; fix it');
    await composer.press('Enter');
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Planned; over to you.' })
      .waitFor({ timeout: 60_000 });
    await expandStrip(frame);

    await frame.getByRole('button', { name: 'Actions for Guard the last token' }).click();
    await frame.getByRole('menuitem', { name: 'Comment on Item…' }).click();
    const box = frame.getByRole('textbox', { name: 'Comment on Guard the last token' });
    await box.fill('Which token, exactly?');
    await box.press('Enter');
    const comments = frame.getByRole('list', { name: 'Comments on Guard the last token' });
    await until(
      async () => (await comments.innerText().catch(() => '')).replace(/\s+/g, ' '),
      (t) => t.includes('unresolved') && t.includes('Which token, exactly?'),
      'the comment under its item, unresolved',
    );
    await screenshot(page, 'plan-review-comment.png');

    fs.writeFileSync(scriptPath, JSON.stringify(SECOND_TURN));
    await frame.getByRole('button', { name: 'Send Comments' }).click();
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Revised as you asked.' })
      .waitFor({ timeout: 60_000 });
    const after = frame.getByRole('list', { name: 'Comments on Guard the last token in the lexer' });
    await until(
      async () => (await after.innerText().catch(() => '')).replace(/\s+/g, ' '),
      (t) => t.includes('addressed') && t.includes('Which token, exactly?'),
      'the comment addressed by the revision',
    );
    assert.equal(await frame.getByRole('button', { name: 'Send Comments' }).count(), 0, 'nothing unresolved to send');
    const changes = frame.getByRole('button', { name: /^Changes since you last looked/ });
    await changes.click();
    assert.match(
      (await frame.locator('.plan-changes-rows').innerText()).replace(/\s+/g, ' '),
      /Reworded: Guard the last token → Guard the last token in the lexer/,
    );
    await screenshot(page, 'plan-review-addressed.png');
  });
});
