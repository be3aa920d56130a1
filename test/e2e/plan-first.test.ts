// Plan first (issue 25) in the real workbench (code-server + Chromium), our agent on
// the `openai` provider talking to a loopback OpenAI-compatible model this test owns
// (the model edge; the key is set through Set API Key…, as a user does):
// - the composer's Plan first toggle turns it on (a toggle button, pressed);
// - a prompt plans with the read-only tools and todo_write only, and the strip shows
//   the proposed plan with Approve, Edit and Reject with Feedback…; the status bar
//   and the Plan view say it is proposed;
// - Reject with Feedback… asks in the page; the feedback reaches the model once and
//   it replans in the same turn; Approve goes on with every tool;
// - a later plan write that rewords an approved item and adds one is marked "not in
//   the approved plan" in the plan history;
// - axe-core reports no violation in the page with the proposal, the feedback box and
//   the history's drift marks.
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { LoopbackModel, messageText, toolNames, type ModelRequest } from '../integration/loopback-model';
import { axeAudit } from './axe-audit';
import { openAgentView, openForSuite } from './suite-setup';
import { openWorkbench, readStatusBar, readTree, runCommand, screenshot, until, type Workbench } from './workbench';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';

const PLAN = [
  { content: 'Read the parser', status: 'pending' as const },
  { content: 'Guard the last token', status: 'pending' as const },
];
const REVISED = [...PLAN, { content: 'Add a regression test', status: 'pending' as const }];
/** After the approval the model rewords an approved item in place and adds one: drift. */
const DRIFTED = [
  { content: 'Read the parser', status: 'completed' as const },
  { content: 'Guard the final token', status: 'in_progress' as const },
  { content: 'Add a regression test', status: 'pending' as const },
  { content: 'Update the changelog', status: 'pending' as const },
];
const FEEDBACK = 'Add a regression test before the fix';
const PLANNING_TOOLS = ['read_file', 'list_files', 'grep', 'todo_write'];

/** The user-role texts of a request that carry the user's feedback. */
const feedbackNotes = (request: ModelRequest | undefined): string[] =>
  (request?.messages ?? [])
    .filter((m) => m.role === 'user' && messageText(m.content).includes(FEEDBACK))
    .map((m) => messageText(m.content));

/** Stores the loopback key through Set API Key… (the provider's pick, then the password box). */
async function setApiKey(page: Page): Promise<void> {
  await runCommand(page, 'Agent Checklist: Set API Key…');
  await page.locator('.quick-input-list .monaco-list-row:visible', { hasText: 'openai' }).first().click();
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'API key for openai' }).waitFor();
  await page.locator('.quick-input-widget .quick-input-box input').fill('sk-loopback-plan-first');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

async function auditClean(frame: Frame, what: string): Promise<void> {
  const { violations, passed } = await axeAudit(frame);
  assert.ok(passed.length > 10, `axe ran its rules over ${what}`);
  assert.deepEqual(violations, [], `axe-core: no violation with ${what}`);
}

describe('plan first in the real workbench', () => {
  const model = new LoopbackModel([
    { todos: PLAN },
    { text: 'My plan: read, then guard.' },
    { todos: REVISED },
    { text: 'Revised: a test first.' },
    { todos: DRIFTED },
    { text: 'All done.' },
  ]);
  const opened = openForSuite(async (): Promise<Workbench & { close(): Promise<void> }> => {
    const baseUrl = await model.listen();
    const workbench = await openWorkbench({
      extensionDevelopmentPath: REPO_ROOT,
      settings: {
        'agentChecklist.provider': 'openai',
        'agentChecklist.openai.baseUrl': baseUrl,
        'agentChecklist.openai.model': 'loopback-model',
        // The drift after the approval is this suite's; asking again is test/integration/plan-first.test.ts's.
        'agentChecklist.reapproveOnScopeChange': false,
      },
    });
    return {
      ...workbench,
      close: async () => {
        model.close();
        await workbench.close();
      },
    };
  });

  it('toggle on, prompt: the proposed plan with its three buttons; reject with feedback (the model replans with it), then approve (every tool); drift marked in the history', async () => {
    const { page } = opened();
    const frame = await openAgentView(page);
    await setApiKey(page);

    const toggle = frame.getByRole('button', { name: 'Plan first' });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'off by default');
    await toggle.click();
    await until(
      () => toggle.getAttribute('aria-pressed'),
      (p) => p === 'true',
      'the toggle pressed (the setting written and posted back)',
    );

    const composer = frame.getByRole('textbox', { name: 'Prompt' });
    await composer.fill('The parser drops the last token; fix it');
    await composer.press('Enter');

    const review = frame.getByRole('group', { name: 'Proposed plan' });
    await review.waitFor({ timeout: 60_000 });
    for (const name of ['Approve', 'Edit', 'Reject with Feedback…'])
      await review.getByRole('button', { name, exact: true }).waitFor();
    assert.deepEqual(
      toolNames(model.requests[0]).sort(),
      [...PLANNING_TOOLS].sort(),
      'planning offers the read-only tools and todo_write only',
    );
    assert.equal(
      await until(
        () => readStatusBar(page),
        (t) => t === 'Plan proposed · 2 items',
        'the status bar',
      ),
      'Plan proposed · 2 items',
    );
    const planPane = page.locator('.pane:has(.pane-header[aria-label*="Plan"]) .pane-header');
    await until(
      async () => (await planPane.innerText()).replace(/\s+/g, ' '),
      (t) => t.includes('proposed · 0/2'),
      'the Plan view marked proposed',
    );
    // The pane's header and its rows come from separate calls to the tree provider: wait for the rows.
    const labels = PLAN.map((t) => t.content);
    await until(
      async () => (await readTree(page)).map((r) => r.label),
      (l) => JSON.stringify(l) === JSON.stringify(labels),
      'the proposed plan in the Plan tree',
    );
    await auditClean(frame, 'the proposed plan');
    await screenshot(page, 'plan-first-proposed.png');

    await review.getByRole('button', { name: 'Reject with Feedback…' }).click();
    const feedback = frame.getByRole('textbox', { name: 'What should the plan change?' });
    await feedback.waitFor();
    assert.equal(
      await feedback.evaluate((box) => box === box.ownerDocument.activeElement),
      true,
      'the feedback box has the focus',
    );
    await feedback.fill(FEEDBACK);
    await auditClean(frame, 'the feedback box open');
    await screenshot(page, 'plan-first-feedback.png');
    await frame.getByRole('button', { name: 'Send Feedback' }).click();

    await until(
      () => readStatusBar(page),
      (t) => t === 'Plan proposed · 3 items',
      'the revised plan proposed',
    );
    await review.getByRole('button', { name: 'Approve' }).waitFor();
    assert.equal(model.requests.length, 4, 'the replanning ran in the same turn');
    assert.deepEqual(
      model.requests.map((r) => feedbackNotes(r).length),
      [0, 0, 1, 1],
      'the feedback reaches the model in the request after the rejection, once (and stays in the conversation, once)',
    );
    assert.deepEqual(
      toolNames(model.requests[2]).sort(),
      [...PLANNING_TOOLS].sort(),
      'replanning: still the planning tools only',
    );

    await review.getByRole('button', { name: 'Approve' }).click();
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'All done.' })
      .waitFor({ timeout: 60_000 });
    assert.equal(model.requests.length, 6);
    const working = toolNames(model.requests[4]);
    for (const tool of ['write_file', 'edit_file', 'bash', ...PLANNING_TOOLS])
      assert.ok(working.includes(tool), `approved: ${tool} offered again (${working.join(', ')})`);
    assert.equal(await frame.getByRole('group', { name: 'Proposed plan' }).count(), 0, 'no longer proposed');
    await until(
      () => readStatusBar(page),
      (t) => t?.startsWith('1/4') === true,
      'the progress of the worked plan',
    );
    await screenshot(page, 'plan-first-approved.png');

    await frame.getByRole('button', { name: 'Plan History' }).click();
    const latest = frame.locator('.plan-version').first();
    await latest.waitFor();
    const drift = latest.locator('.plan-drift-item');
    await until(
      () => drift.count(),
      (n) => n === 2,
      "the latest version's drift marks",
    );
    assert.deepEqual(
      (await drift.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
      [
        'Not in the approved plan: Guard the final token (approved as Guard the last token)',
        'Not in the approved plan: Update the changelog (added)',
      ],
    );
    await auditClean(frame, 'the plan history with drift marks');
    await screenshot(page, 'plan-first-drift.png');
  });
});
