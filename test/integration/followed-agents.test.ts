// agentChecklist.followAgents in the real extension host: the runner points
// CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME and XDG_DATA_HOME (opencode's database)
// at empty folders (scripts/vscode-server/server.mjs);
// the test writes there what the real agents wrote (test/fixtures/agent-files), as the
// agents would while they run: a Claude Code run in the open folder, started after
// the window, shows live on the status bar and the Plan tree; then a Codex run takes
// over; the session list names both; the agents' files are left as they were written.
// The real Gemini CLI and the real opencode, run in the open folder against loopback
// model servers the tests own, are followed live too.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { claudeCode } from '../../extension/src/core/import/agents/claude-code';
import { loadLogFile } from '../../extension/src/core/store/log-file';
import {
  AGENT_SCRIPTS,
  GEMINI_PLAN_MODEL,
  geminiHome,
  runGemini,
  ScriptedModelServer,
} from '../unit/import/agent-runs';
import { ChatCompletionsServer, OPENCODE_SCRIPTS, opencodeDirs, runOpencode } from '../unit/import/opencode-runs';
import { EXTENSION_ID, getApi, waitFor } from './helpers';

const workspaceRoot = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const fixture = (name: string): string[] =>
  fs
    .readFileSync(
      path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test', 'fixtures', 'agent-files', name),
      'utf8',
    )
    .split('\n')
    .filter(Boolean);
const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

function agentHome(variable: 'CLAUDE_CONFIG_DIR' | 'CODEX_HOME' | 'GEMINI_CLI_HOME' | 'XDG_DATA_HOME'): string {
  const dir = process.env[variable];
  assert.ok(dir, `${variable} is set for the window (never the machine's own agents)`);
  return dir;
}

describe('other agents followed from their own session files', () => {
  it('a Claude Code run started after the window shows live, then a Codex run takes over; both are listed by name and read-only', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');

    // Claude Code's project folder for the open folder does not exist yet: the agent's first run makes it.
    assert.ok(claudeCode.reading.kind === 'jsonl');
    const project = claudeCode.reading.load().files.dirOf(agentHome('CLAUDE_CONFIG_DIR'), workspaceRoot())!;
    fs.mkdirSync(project, { recursive: true });
    const transcript = path.join(project, '5c8801a2-bbe5-4365-a22d-0cf171e209d8.jsonl');
    const claude = fixture('claude-todowrite-resumed.jsonl');
    const resumedAt = claude.findIndex((l, i) => i > 0 && /"content":"finish it"/.test(l));
    fs.writeFileSync(transcript, text(claude.slice(0, resumedAt)));
    await waitFor(
      () => api.statusBarText() === '$(checklist) 1/2 · Fix the bug',
      'the status bar to show Claude Code\u2019s plan',
    );
    // The run ended (its last answer closed the turn): the item in progress waits for the agent.
    assert.deepEqual(
      api.planTreeRows().map((r) => [r.label, r.icon]),
      [
        ['Read the code', 'pass'],
        ['Fix the bug', 'debug-start'],
      ],
    );
    const shown = api.session();
    assert.equal(shown?.readOnly, true, 'another agent\u2019s session is only shown');
    assert.equal(api.sessions().find((s) => s.id === shown?.id)?.source, 'Claude Code');

    // The banner's "Open the agent's file": the transcript itself, in an editor.
    await vscode.commands.executeCommand('agentChecklist.openAgentFile');
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, transcript);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // The resumed run appends to the same transcript: the same session follows it.
    fs.appendFileSync(transcript, text(claude.slice(resumedAt)));
    await waitFor(() => api.planTreeRows().every((r) => r.icon === 'pass'), 'the resumed run\u2019s plan on the tree');
    assert.equal(api.session()?.id, shown?.id);

    // A Codex run in the same folder takes over.
    const [meta, ...rest] = fixture('codex-update-plan-resumed.jsonl');
    const day = path.join(agentHome('CODEX_HOME'), 'sessions', '2026', '12', '03');
    fs.mkdirSync(day, { recursive: true });
    const rollout = path.join(day, 'rollout-2026-12-03T09-00-00-01a238fa-52b8-7c40-aba0-23952d9dde16.jsonl');
    const codex = [meta!.replace(/"cwd":"[^"]*"/, `"cwd":${JSON.stringify(workspaceRoot())}`), ...rest];
    fs.writeFileSync(rollout, text(codex));
    await waitFor(
      () =>
        api.session()?.id !== shown?.id && api.sessions().find((s) => s.id === api.session()?.id)?.source === 'Codex',
      'the Codex session shown',
    );
    await waitFor(
      () => api.statusBarText()?.startsWith('$(checklist) 2/2') === true,
      'Codex\u2019s plan on the status bar',
    );
    const sources = api.sessions().map((s) => s.source);
    assert.ok(sources.includes('Claude Code') && sources.includes('Codex'), JSON.stringify(sources));

    assert.equal(fs.readFileSync(transcript, 'utf8'), text(claude), 'the transcript is as Claude Code wrote it');
    assert.equal(fs.readFileSync(rollout, 'utf8'), text(codex), 'the rollout is as Codex wrote it');
    assert.deepEqual(fs.readdirSync(project), [path.basename(transcript)], 'nothing written beside the transcript');
  });

  it('the real Gemini CLI run in the open folder: its write_todos plans followed, listed as "Gemini CLI"', async function () {
    this.timeout(240_000);
    const api = await getApi();
    const server = await ScriptedModelServer.start();
    try {
      const extensionPath = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
      const home = geminiHome(agentHome('GEMINI_CLI_HOME'));
      server.script(...AGENT_SCRIPTS.writeTodos);
      const run = runGemini(
        server,
        home,
        workspaceRoot(),
        'fix the bug',
        GEMINI_PLAN_MODEL,
        path.join(extensionPath, 'node_modules', '.bin'),
      );
      await waitFor(
        () => api.sessions().find((s) => s.id === api.session()?.id)?.source === 'Gemini CLI',
        'the Gemini CLI session shown',
        120_000,
      );
      await run;
      assert.equal(server.left, 0);
      await waitFor(
        () => api.statusBarText()?.startsWith('$(checklist) 2/3') === true,
        'Gemini CLI’s last plan on the status bar',
      );
      assert.deepEqual(
        api.planTreeRows().map((r) => r.label),
        ['Read the code', 'Fix the bug', 'Add a test'],
      );
      assert.equal(api.session()?.readOnly, true);
    } finally {
      await server.close();
    }
  });

  it('the real opencode run in the open folder: its three todowrite plans followed live, listed as "opencode"', async function () {
    this.timeout(240_000);
    const api = await getApi();
    const server = await ChatCompletionsServer.start();
    // opencode's home for the run: the one whose data folder is the window's XDG_DATA_HOME.
    const data = agentHome('XDG_DATA_HOME');
    const home = path.resolve(data, '..', '..');
    assert.equal(opencodeDirs(home).data, data);
    const opencode = path.join(
      vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
      'node_modules',
      'opencode-linux-x64',
      'bin',
      'opencode',
    );
    const config = path.join(workspaceRoot(), 'opencode.json');
    try {
      server.script(...OPENCODE_SCRIPTS.threeWrites);
      const run = runOpencode(server, home, workspaceRoot(), 'Fix the bug', opencode);
      await waitFor(
        () => api.sessions().find((s) => s.id === api.session()?.id)?.source === 'opencode',
        'the opencode session shown',
        120_000,
      );
      await run;
      assert.equal(server.left, 0);
      // The last plan: both items done, the cancelled one left out.
      await waitFor(
        () => api.statusBarText()?.startsWith('$(checklist) 2/2') === true,
        'opencode\u2019s last plan on the status bar',
      );
      assert.deepEqual(
        api.planTreeRows().map((r) => [r.label, r.icon]),
        [
          ['Read the code', 'pass'],
          ['Fix the bug', 'pass'],
        ],
      );
      const shown = api.session();
      assert.equal(shown?.readOnly, true, 'another agent\u2019s session is only shown');
      assert.ok(
        api.sessions().some((s) => s.source === 'opencode' && s.id === shown?.id),
        JSON.stringify(api.sessions()),
      );
      // Our log of the session: the three todowrite calls, three plan versions in order.
      assert.ok(shown?.logPath);
      assert.deepEqual(
        loadLogFile(shown.logPath)
          .events.filter((e) => e.type === 'todo/write')
          .map((e) =>
            (e.data as { todos: { content: string; status: string }[] }).todos.map((t) => `${t.content}: ${t.status}`),
          ),
        [
          ['Read the code: in_progress', 'Fix the bug: pending'],
          ['Read the code: completed', 'Fix the bug: in_progress'],
          ['Read the code: completed', 'Fix the bug: completed'],
        ],
      );
      // opencode's folder holds only what opencode wrote: no lock folder, no file of ours.
      assert.deepEqual(
        fs
          .readdirSync(path.dirname(opencodeDirs(home).db))
          .filter((n) => !/^(opencode\.db(-wal|-shm)?|log|repos|storage|snapshot|tool-output)$/.test(n)),
        [],
      );
    } finally {
      fs.rmSync(config, { force: true });
      await server.close();
    }
  });
});
