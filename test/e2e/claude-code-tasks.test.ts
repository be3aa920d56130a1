// Issue 41 in the real VS Code (code-server) and a real browser, with the REAL Claude
// Code 2.1.328 (devDependency) offline against a loopback model server this test owns:
// run as a user runs it (its default model, its task list not turned on), it offers
// its model no plan tool, and its followed session says so where the plan would be
// (the Agent view's note, the Plan view's empty view) as soon as it is seen, with no
// pick from the session list (issue 48). The note's button runs Turn On
// Claude Code's Task List: its dialog shows the change, Turn On merges it into the
// server's CLAUDE_CONFIG_DIR/settings.json (every other key kept), and the next Claude
// Code session, offered its task list, shows its plan. Screenshot:
// test-results/e2e/claude-code-tasks-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../../scripts/vscode-server/server.mjs';
import { AGENT_SCRIPTS, runClaude, ScriptedModelServer } from '../unit/import/agent-runs';
import { openForSuite } from './suite-setup';
import { agentFrame, openContainer, openWorkbench, readTree, screenshot, until } from './workbench';

const NOTICE = /No plan: Claude Code did not offer its model its task list/;

async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [r.label, r.icon]);
}

describe("Claude Code's hidden task list in the workbench (issue 41)", () => {
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));
  let model: ScriptedModelServer;
  before(async () => {
    model = await ScriptedModelServer.start();
  });
  after(() => model.close());

  it('explains the missing plan, turns the task list on after Turn On, and follows the next session’s plan', async () => {
    const { page, workspace, server } = workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const configDir = agentHomesOf(server.userDataDir).CLAUDE_CONFIG_DIR;
    fs.mkdirSync(configDir, { recursive: true });
    const settingsFile = path.join(configDir, 'settings.json');
    const before = { permissions: { allow: ['Bash(ls)'] }, env: { OTHER: 'kept' } };
    fs.writeFileSync(settingsFile, `${JSON.stringify(before, null, 2)}\n`);

    model.script({ text: 'Fixed.' });
    await runClaude(model, workspace, { configDir, tools: 'default' }, 'fix the bug');
    assert.equal(model.left, 0);
    assert.doesNotMatch(model.requests.at(-1)!, /TaskCreate|TodoWrite/, 'Claude Code offered no plan tool');

    // Seen, it is shown as a plan write would be (issue 48): the note and the empty view, no pick.
    const select = frame.getByRole('combobox', { name: 'Sessions', exact: true });
    const note = frame.getByRole('note', { name: 'Plan' });
    await note.waitFor({ timeout: 30_000 });
    assert.match(await note.innerText(), NOTICE);
    await page.getByText(NOTICE).first().waitFor(); // the Plan view's empty view
    const shown = await select.evaluate(
      (e) =>
        (e as unknown as { selectedOptions: { textContent: string | null }[] }).selectedOptions[0]?.textContent ?? '',
    );
    assert.match(shown.trim(), /^Claude Code/);
    await page.mouse.move(800, 450);
    await screenshot(page, 'claude-code-tasks-light.png');

    await note.getByRole('button', { name: 'Turn On Claude Code\u2019s Task List' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const asked = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.ok(asked.includes(settingsFile), asked);
    assert.ok(asked.includes('"env": { "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1" }'), asked);
    assert.deepEqual(JSON.parse(fs.readFileSync(settingsFile, 'utf8')), before, 'nothing written before Turn On');
    await dialog.getByRole('button', { name: 'Turn On', exact: true }).click();
    const merged = await until(
      async () => JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as unknown,
      (s) => JSON.stringify(s) !== JSON.stringify(before),
      'the settings merged',
    );
    assert.deepEqual(merged, { ...before, env: { OTHER: 'kept', CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' } });

    model.script(...AGENT_SCRIPTS.tasks);
    await runClaude(model, workspace, { configDir, tools: 'default' }, 'fix it again');
    assert.equal(model.left, 0);
    assert.match(model.requests.at(-1)!, /TaskCreate/, 'Claude Code offered its task list');
    assert.deepEqual(
      await until(
        () => treeShape(page),
        (t) => t.length === 3,
        'the new session\u2019s plan in the Plan tree',
      ),
      [
        ['Read the code', 'pass'],
        ['Dropped', 'tree-item-expanded'], // the task Claude Code deleted
        ['Fix the bug', 'circle-slash'],
      ],
    );
    assert.equal(await frame.getByRole('note', { name: 'Plan' }).count(), 0, 'no notice once a plan stands');
  });
});
