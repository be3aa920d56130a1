// Issue 10 in the real VS Code (code-server) and a real browser: a scripted turn that
// stops at the step limit offers Continue; "Agent Checklist: Compact Conversation"
// from the palette summarizes (the scripted model's next answer is the summary) and
// the transcript shows the divider "Earlier conversation summarized", collapsed,
// expanding to the summary; the header shows the context meter; the plan strip and the
// Plan tree are unchanged by the compaction; a window reload restores the divider,
// the meter and the plan, and Continue then starts the next turn with the continue
// prompt. Screenshot in test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  openContainer,
  openScriptedWorkbench,
  readStrip,
  readTree,
  reloadWindow,
  runCommand,
  screenshot,
  sessionLogFiles,
  until,
  type ScriptedWorkbench,
} from './workbench';
import { CONTINUE_PROMPT } from '../../extension/src/core/domain-literals';

const ITEMS = ['Read the parser', 'Guard empty input', 'Add a regression test'];
const SUMMARY =
  'The user asked to fix the parser crash on empty input. The parser was read; guarding empty input is next.';
const SCRIPT = {
  responses: [
    {
      text: 'Planning first.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: ITEMS.map((content, i) => ({ content, status: ['completed', 'in_progress', 'pending'][i] })),
          },
        },
      ],
    },
    // The compaction request (Compact Conversation) takes the next answer.
    { text: SUMMARY },
  ],
};
const COUNTS = '1 completed · 1 in progress · 1 pending';
const CONTINUED = 'Picking up where I stopped.';

async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [r.label, r.icon]);
}

const DIVIDER = 'Earlier conversation summarized';

/** The divider's head: its <summary>, found by what it reads. */
const dividerHead = (frame: FrameLocator) => frame.getByText(DIVIDER, { exact: true });

async function divider(frame: FrameLocator): Promise<{ count: number; head: string; open: boolean; summary: string }> {
  const heads = dividerHead(frame);
  const count = await heads.count();
  if (count === 0) return { count, head: '', open: false, summary: '' };
  const details = heads.first().locator('xpath=..');
  return {
    count,
    head: (await heads.first().innerText()).trim(),
    open: (await details.getAttribute('open')) !== null,
    summary: (await details.locator('.compaction-summary').textContent()) ?? '',
  };
}

/** Continue, on the turn end that stopped at the step limit. */
const continueButton = (frame: FrameLocator) =>
  frame
    .getByRole('listitem')
    .filter({ hasText: 'Stopped at the step limit' })
    .getByRole('button', { name: 'Continue', exact: true });

describe('compaction in the Agent view, across a reload (issue 10)', () => {
  let scripted: ScriptedWorkbench | undefined;

  before(async () => {
    scripted = await openScriptedWorkbench(SCRIPT, {
      'agentChecklist.maxSteps': 1,
      'agentChecklist.contextWindow': 32_000,
    });
  });

  after(async () => {
    await scripted?.close();
  });

  it('offers Continue after max-steps, shows the divider and the meter after Compact Conversation, plan unchanged, and restores them after a reload', async () => {
    assert.ok(scripted);
    const { page } = scripted.workbench;
    await openContainer(page);
    let frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'The parser crashes on empty input; fix it');

    await continueButton(frame).waitFor({ timeout: 60_000 });
    await expandStrip(frame);
    const strip = await until(
      () => readStrip(frame),
      (s) => s.counts === COUNTS && s.items.length === 3,
      'the plan in the strip',
    );
    const tree = await until(
      () => treeShape(page),
      (t) => t.length === 3,
      'the Plan tree',
    );
    const meter = frame.getByText(/^\s*· context /);
    assert.match(
      (await meter.innerText()).trim(),
      /^· context \d+(k)? \/ 32k$/,
      'the context meter over the 32k window',
    );

    await runCommand(page, 'Agent Checklist: Compact Conversation');
    const shown = await until(
      () => divider(frame),
      (d) => d.count === 1,
      'the divider',
      60_000,
    );
    assert.deepEqual(
      shown,
      { count: 1, head: 'Earlier conversation summarized', open: false, summary: SUMMARY },
      'collapsed, the summary inside',
    );
    await dividerHead(frame).click();
    assert.equal((await divider(frame)).open, true, 'a click expands it');
    assert.equal(await frame.getByText(SUMMARY, { exact: true }).isVisible(), true, 'the summary shows');
    assert.deepEqual(await readStrip(frame), strip, 'the plan strip is unchanged by compaction');
    assert.deepEqual(await treeShape(page), tree, 'and the Plan tree');
    assert.equal(
      await frame.getByRole('button', { name: 'Continue', exact: true }).count(),
      1,
      'Continue is still offered for the stopped turn',
    );
    // No usage from the scripted model: the estimate of the next request, with the system prompt and the tool schemas it carries.
    assert.match((await meter.innerText()).trim(), /^· context \d+k \/ 32k$/, 'the summary alone would be under 1k');
    await screenshot(page, 'context-compaction-light.png');

    // A reload starts a new extension host whose scripted model plays its file from the top: what Continue gets.
    fs.writeFileSync(scripted.scriptPath, JSON.stringify({ responses: [{ text: CONTINUED }] }));
    await reloadWindow(page); // the workbench's reload, which awaits its state write (see reloadWindow)
    await openContainer(page);
    frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const restored = await until(
      () => divider(frame),
      (d) => d.count === 1,
      'the restored divider',
      60_000,
    );
    assert.deepEqual(restored, { count: 1, head: 'Earlier conversation summarized', open: false, summary: SUMMARY });
    await until(
      () => meter.count(),
      (n) => n === 1,
      'the restored meter',
    );
    assert.match((await frame.getByText(/^\s*· context /).innerText()).trim(), /^· context \d+(k)? \/ 32k$/);
    await expandStrip(frame);
    assert.deepEqual(
      await until(
        () => readStrip(frame),
        (s) => s.counts === COUNTS && s.items.length === 3,
        'the restored strip',
      ),
      strip,
    );
    assert.deepEqual(
      await until(
        () => treeShape(page),
        (t) => t.length === 3,
        'the restored tree',
      ),
      tree,
    );

    // Continue, still offered after the reload, starts the next turn with the continue prompt.
    await continueButton(frame).click();
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: CONTINUED })
      .waitFor({ timeout: 60_000 });
    await frame.getByRole('button', { name: 'Send', exact: true }).waitFor();
    const [logPath] = sessionLogFiles(scripted.workbench.server.userDataDir);
    assert.ok(logPath, 'the session log');
    const lines = fs
      .readFileSync(logPath, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            data?: { turn?: number; message?: { text?: string }; reason?: { kind?: string } };
          },
      );
    const turn2 = lines.filter((l) => l.data?.turn === 2);
    assert.equal(turn2.find((l) => l.type === 'user/message')?.data?.message?.text, CONTINUE_PROMPT);
    assert.equal(turn2.find((l) => l.type === 'turn/end')?.data?.reason?.kind, 'completed');
    assert.equal(
      await frame.getByRole('button', { name: 'Continue', exact: true }).count(),
      0,
      'no offer once the next turn completed',
    );
  });
});
