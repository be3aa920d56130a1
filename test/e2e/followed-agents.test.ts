// Issue 23 in the real VS Code (code-server) and a real browser, with the REAL agents
// (devDependencies) offline against a loopback model server this test owns
// (test/unit/import/agent-runs.ts): `claude -p` and `codex exec`, run in the open
// folder after the window started, with the server's CLAUDE_CONFIG_DIR and CODEX_HOME
// (empty folders under its user data). The status bar, the Plan tree and the strip
// show Claude Code's plan; its resume is followed; then Codex's run takes over; the
// session list names both; the banner offers the agent's own file; the agents' files
// are byte-identical afterwards (what they wrote is only read). Screenshot:
// test-results/e2e/followed-agents-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../../scripts/vscode-server/server.mjs';
import {
  AGENT_SCRIPTS,
  claudeTranscript,
  codexHome,
  codexRollout,
  runClaude,
  runCodex,
  ScriptedModelServer,
} from '../unit/import/agent-runs';
import { openForSuite } from './suite-setup';
import {
  agentFrame,
  expandStrip,
  openContainer,
  openWorkbench,
  readStatusBarItem,
  readStrip,
  readTree,
  screenshot,
  until,
} from './workbench';

async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [r.label, r.spinning ? `${r.icon}~spin` : r.icon]);
}

describe('other agents followed from their own files in the workbench (issue 23)', () => {
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));
  let model: ScriptedModelServer;
  before(async () => {
    model = await ScriptedModelServer.start();
  });
  after(() => model.close());

  it('follows real Claude Code runs (a run and its resume), then a real Codex run, names both, and leaves their files as written', async () => {
    const { page, workspace, server } = workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const homes = agentHomesOf(server.userDataDir);

    model.script(...AGENT_SCRIPTS.todoWrite);
    await runClaude(model, workspace, { configDir: homes.CLAUDE_CONFIG_DIR, tools: 'todo' }, 'fix the bug');
    assert.equal(model.left, 0, 'Claude Code asked the model for every step');
    const transcript = claudeTranscript(homes.CLAUDE_CONFIG_DIR);
    assert.equal(
      path.basename(path.dirname(transcript)),
      workspace.replace(/[^A-Za-z0-9]/g, '-'),
      'the transcript of the open folder',
    );
    await until(
      () => readStatusBarItem(page),
      (s) => s?.text === '1/2 · Fix the bug',
      'the status bar to show Claude Code\u2019s plan',
      30_000,
    );
    assert.deepEqual(
      await until(
        () => treeShape(page),
        (t) => t.length === 2,
        'the Plan tree to show it',
      ),
      [
        ['Read the code', 'pass'],
        ['Fix the bug', 'debug-start'], // Claude Code's run ended: the item waits for its next one
      ],
    );
    await until(
      () => readStrip(frame),
      (s) => s.counts === '1 completed · 1 in progress',
      'the strip to show it',
    );
    const banner = (await frame.locator('.banner-readonly').innerText()).replace(/\s+/g, ' ');
    assert.match(banner, /This session belongs to Claude Code; it is shown read-only here\./);
    assert.equal(await frame.getByRole('button', { name: 'Open the agent\u2019s file' }).count(), 1);

    // Comment on Item… from the strip row's menu, the one edit made here (beside our log of it, issue 51).
    await expandStrip(frame);
    await frame.getByRole('button', { name: 'Actions for Fix the bug' }).click();
    assert.deepEqual(await frame.getByRole('menuitem').allInnerTexts(), ['Comment on Item…']);
    await frame.getByRole('menuitem', { name: 'Comment on Item…' }).click();
    const box = frame.getByRole('textbox', { name: 'Comment on Fix the bug' });
    await box.fill('Add a test first');
    await box.press('Enter');
    const comments = frame.getByRole('list', { name: 'Comments on Fix the bug' });
    const commentText = async () => (await comments.innerText().catch(() => '')).replace(/\s+/g, ' ');
    await until(
      commentText,
      (t) => t.includes('unresolved') && t.includes('Add a test first'),
      'the comment under its item, unresolved',
    );

    // The resumed run appends; the tree follows it.
    const claudeBefore = fs.readFileSync(transcript, 'utf8');
    model.script(...AGENT_SCRIPTS.todoWriteResumed);
    await runClaude(
      model,
      workspace,
      { configDir: homes.CLAUDE_CONFIG_DIR, tools: 'todo' },
      'finish it',
      path.basename(transcript, '.jsonl'),
    );
    assert.ok(fs.readFileSync(transcript, 'utf8').startsWith(claudeBefore), 'the resume appended');
    await until(
      () => treeShape(page),
      (t) => t.length === 2 && t.every((r) => r[1] === 'pass'),
      'the resumed run\u2019s plan in the tree',
    );
    const claudeText = fs.readFileSync(transcript, 'utf8');
    await until(
      commentText,
      (t) => t.includes('addressed') && t.includes('Add a test first'),
      'the comment addressed: the resumed run completed its item',
    );

    // A Codex run in the same folder takes over.
    model.script(...AGENT_SCRIPTS.updatePlan);
    await runCodex(codexHome(homes.CODEX_HOME, model), workspace, 'fix the bug');
    assert.equal(model.left, 0, 'Codex asked the model for every step');
    const rollout = codexRollout(homes.CODEX_HOME);
    const codexText = fs.readFileSync(rollout, 'utf8');
    const select = frame.getByRole('combobox', { name: 'Sessions', exact: true });
    const options = await until(
      () =>
        select
          .locator('option')
          .evaluateAll((os) =>
            os.map((o) => ({ text: (o.textContent ?? '').trim(), selected: o.matches(':checked') })),
          ),
      (os) =>
        os.some((o) => o.selected && o.text.startsWith('Codex')) && os.some((o) => o.text.startsWith('Claude Code')),
      'the session list to show the Codex session, with Claude Code\u2019s beside it',
      30_000,
    );
    assert.equal(
      options.filter((o) => o.text.startsWith('Claude Code (MCP)')).length,
      0,
      'followed, not an MCP session',
    );
    await until(
      () => readStatusBarItem(page),
      (s) => s?.text === '1/2 · Fix the bug',
      'Codex\u2019s plan on the status bar',
    );

    assert.equal(fs.readFileSync(transcript, 'utf8'), claudeText, 'the transcript is as Claude Code wrote it');
    assert.equal(fs.readFileSync(rollout, 'utf8'), codexText, 'the rollout is as Codex wrote it');
    assert.equal(fs.existsSync(path.join(workspace, '.agent-checklist')), false, 'nothing written in the workspace');
    await page.mouse.move(800, 450);
    await screenshot(page, 'followed-agents-light.png');
  });
});
