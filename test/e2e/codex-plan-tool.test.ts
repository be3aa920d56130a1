// Issue 48 in the real VS Code (code-server) and a real browser, with the REAL Codex
// 0.169 (devDependency) offline against a loopback Responses API this test owns: with
// a config.toml that leaves tools.update_plan unset, Codex offers its model no
// update_plan, and its followed session is shown as soon as it is seen, saying so where
// the plan would be (the Agent view's note, the Plan view's empty view). The note's
// button runs Turn On Codex's Plan Tool: its dialog names the file and the lines, Turn
// On adds them to the server's CODEX_HOME/config.toml (every other byte kept), the notes
// go, and the next Codex session, offered update_plan, shows its plan. Screenshot:
// test-results/e2e/codex-plan-tool-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../../scripts/vscode-server/server.mjs';
import { AGENT_SCRIPTS, codexHome, runCodex, ScriptedModelServer } from '../unit/import/agent-runs';
import { openForSuite } from './suite-setup';
import { agentFrame, openContainer, openWorkbench, readTree, screenshot, until } from './workbench';

const NOTICE =
  /No plan: Codex did not offer its model its plan tool \(update_plan\), which is off by default since 0\.152/;
const PLAN_TABLE = '\n[tools.update_plan]\nenabled = true\n';
const OFFERED = /"name":"update_plan"/;

describe("Codex's plan tool, off by default, in the workbench (issue 48)", () => {
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));
  let model: ScriptedModelServer;
  before(async () => {
    model = await ScriptedModelServer.start();
  });
  after(() => model.close());

  it('explains the missing plan as soon as the session is seen, turns update_plan on after Turn On, follows the next plan', async () => {
    const { page, workspace, server } = workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const home = codexHome(agentHomesOf(server.userDataDir).CODEX_HOME, model);
    const file = path.join(home, 'config.toml');
    const written = fs.readFileSync(file, 'utf8');
    assert.ok(written.endsWith(PLAN_TABLE));
    const before = `# my Codex config\n${written.slice(0, -PLAN_TABLE.length)}`;
    fs.writeFileSync(file, before);

    model.script({ text: 'Fixed.' });
    await runCodex(home, workspace, 'fix the bug');
    assert.equal(model.left, 0);
    assert.doesNotMatch(model.requests.at(-1)!, OFFERED, 'Codex offered no update_plan');

    const note = frame.getByRole('note', { name: 'Plan' });
    await note.waitFor({ timeout: 30_000 });
    assert.match(await note.innerText(), NOTICE);
    await page.getByText(NOTICE).first().waitFor(); // the Plan view's empty view
    await page.mouse.move(800, 450);
    await screenshot(page, 'codex-plan-tool-light.png');

    await note.getByRole('button', { name: 'Turn On Codex\u2019s Plan Tool' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const asked = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.ok(asked.includes(file), asked);
    assert.ok(asked.includes('[tools.update_plan] enabled = true'), asked);
    assert.equal(fs.readFileSync(file, 'utf8'), before, 'nothing written before Turn On');
    await dialog.getByRole('button', { name: 'Turn On', exact: true }).click();
    const after = await until(
      async () => fs.readFileSync(file, 'utf8'),
      (text) => text !== before,
      'the config written',
    );
    assert.equal(after, `${before}${PLAN_TABLE}`);
    // The config now turns the tool on: the old session's note goes (Agent view and Plan view).
    await until(
      async () => (await note.count()) + (await page.getByText(NOTICE).count()),
      (n) => n === 0,
      'the notes gone once the tool is on',
    );

    model.script(...AGENT_SCRIPTS.updatePlan);
    await runCodex(home, workspace, 'fix it again');
    assert.equal(model.left, 0);
    assert.match(model.requests.at(-1)!, OFFERED, 'the next session offered update_plan');
    const labels = await until(
      async () => (await readTree(page)).map((r) => r.label),
      (t) => t.length === 2,
      'the new session\u2019s plan in the Plan tree',
    );
    assert.deepEqual(labels, ['Read the code', 'Fix the bug']);
    assert.equal(await frame.getByRole('note', { name: 'Plan' }).count(), 0, 'no notice once a plan stands');
  });
});
