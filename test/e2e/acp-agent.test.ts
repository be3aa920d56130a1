// Issue 22 in the real VS Code (code-server) and a real browser, with the REAL
// claude-agent-acp (a devDependency, bundling Claude Code) offline against a loopback
// Anthropic server this test owns (test/unit/import/agent-runs.ts). The user settings
// override the built-in `claude-code` ACP agent's command and environment; the user
// picks it with the Agent view's "Choose Agent" title button; the header names it; a
// prompt runs it: its TodoWrite plans drive the strip, the Plan tree and the status
// bar, its Write asks on our approval card and, approved, is written in the open
// folder; the session list names the agent; New Session leaves no agent process
// (checked in /proc). Screenshots: test-results/e2e/acp-agent-approval-light.png and
// acp-agent-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { claudeEnv, ScriptedModelServer, type ModelStep } from '../unit/import/agent-runs';
import { agentProcesses } from '../unit/support/processes';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import {
  agentFrame,
  expandStrip,
  openWorkbench,
  readStatusBarItem,
  readStrip,
  readTree,
  screenshot,
  until,
  type Workbench,
} from './workbench';

const NOTE = 'acp-note.txt';
const item = (content: string, status: string) => ({ content, status, activeForm: content });
const ANSWER = 'The note is written.';

/** A workbench whose user settings point the built-in `claude-code` agent at the real claude-agent-acp and the loopback model. */
async function openAcpWorkbench(): Promise<Workbench & { model: ScriptedModelServer; marker: string }> {
  const model = await ScriptedModelServer.start();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-acp-e2e-'));
  const command = path.join(REPO_ROOT, 'node_modules', '.bin', 'claude-agent-acp');
  try {
    const workbench = await openWorkbench({
      extensionDevelopmentPath: REPO_ROOT,
      settings: { 'agentChecklist.acpAgents': { 'claude-code': { command, env: claudeEnv(model, home) } } },
    });
    const close = async (): Promise<void> => {
      await workbench.close();
      await model.close();
      fs.rmSync(home, { recursive: true, force: true });
    };
    return { ...workbench, model, marker: `CLAUDE_CONFIG_DIR=${home}`, close };
  } catch (error) {
    await model.close();
    fs.rmSync(home, { recursive: true, force: true });
    throw error;
  }
}

describe('an ACP agent chosen and run in the workbench (issue 22)', () => {
  const opened = openForSuite(openAcpWorkbench);

  it('picks Claude Code (ACP), approves its Write on our card, follows its plan, names it, and ends it on New Session', async () => {
    const { page, workspace, server, model, marker } = opened();
    const view = await openAgentView(page);
    const frame = agentFrame(page);
    const header = view.getByText('Agent: Claude Code (ACP)', { exact: true });
    assert.equal(await header.count(), 0, 'our own agent until the user picks another');

    // Choose Agent, from the Agent view's title bar (its actions show while the header is hovered).
    const agentPane = page.locator('.pane:has(.pane-header[aria-label^="Agent"])');
    await agentPane.locator('.pane-header').hover();
    await agentPane.getByRole('button', { name: 'Choose Agent', exact: true }).click();
    await page.getByRole('option', { name: /^Claude Code \(ACP\)/ }).click();
    await header.waitFor({ timeout: 30_000 });
    const userSettings = JSON.parse(
      fs.readFileSync(path.join(server.userDataDir, 'User', 'settings.json'), 'utf8'),
    ) as Record<string, unknown>;
    assert.equal(userSettings['agentChecklist.agent'], 'claude-code', 'the choice is the user setting');
    assert.deepEqual(agentProcesses(marker), [], 'nothing is started before a prompt');

    const note = path.join(workspace, NOTE);
    const steps: ModelStep[] = [
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'in_progress'), item('Check it', 'pending')] } },
      { tool: 'Write', input: { file_path: note, content: 'hello\n' } },
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'completed'), item('Check it', 'in_progress')] } },
      { text: ANSWER },
    ];
    model.script(...steps);
    await sendPrompt(view, 'Write a note.');

    // The agent's permission request is our approval card, named by the agent's title of the call.
    const card = view.getByRole('group', { name: `Allow Write ${NOTE}?`, exact: true });
    await card.waitFor({ timeout: 90_000 });
    assert.match(await card.innerText(), /\+hello/, 'the card shows what the Write would write');
    assert.equal(fs.existsSync(note), false, 'nothing written before the answer');
    assert.notDeepEqual(agentProcesses(marker), [], 'the agent runs while its session is shown');
    await until(
      () => readStatusBarItem(page),
      (s) => s?.text === '0/2 · Write the note',
      'the status bar to show the first plan',
    );
    await page.mouse.move(800, 450);
    await screenshot(page, 'acp-agent-approval-light.png');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();

    await view
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: ANSWER })
      .waitFor({ timeout: 90_000 });
    assert.equal(fs.readFileSync(note, 'utf8'), 'hello\n', 'the approved Write is written in the open folder');
    assert.equal(model.left, 0, 'the agent asked the model for every step');
    assert.equal(await card.count(), 0, 'the card is gone once answered');

    // The second plan everywhere; the status bar's icon is the checklist once the turn has ended (a spinner while it runs).
    const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
    await until(
      () => readStatusBarItem(page),
      (s) => same(s, { text: '1/2 · Check it', icons: ['checklist'] }),
      'the status bar to follow the second plan',
    );
    const shape = async () => (await readTree(page)).map((r) => [r.label, r.icon]);
    await until(
      shape,
      (t) =>
        same(t, [
          ['Write the note', 'pass'],
          ['Check it', 'debug-start'],
        ]),
      'the Plan tree to show the second plan',
    );
    await expandStrip(frame);
    const items = async () =>
      readStrip(frame).then((s) => [s.counts, ...s.items.map((i) => `${i.status ?? ''}: ${i.content}`)]);
    await until(
      items,
      (s) => same(s, ['1 completed · 1 in progress', 'completed: Write the note', 'in_progress: Check it']),
      'the strip to show the second plan',
    );
    const sessions = view.getByRole('combobox', { name: 'Sessions', exact: true });
    const shown = await sessions.locator('option:checked').innerText();
    assert.match(shown, /^Claude Code \(ACP\) · /, 'the session list names the agent');
    await page.mouse.move(800, 450);
    await screenshot(page, 'acp-agent-light.png');

    // New Session ends the agent.
    await view.getByRole('button', { name: 'New Session', exact: true }).click();
    await until(
      async () => agentProcesses(marker),
      (left) => left.length === 0,
      'no agent process once its session closed',
      15_000,
    );
  });
});
