// An ACP agent chosen in the editor (agentChecklist.agent + agentChecklist.acpAgents,
// user settings) runs in the real extension host: the REAL claude-agent-acp (a
// devDependency, bundling Claude Code) against a loopback Anthropic server this test
// owns. Its plans land on our log in order and drive the status bar and the Plan
// tree; its Writes ask through the Agent view's approval cards (approved: written;
// denied: not); Stop during a permission request ends the turn `aborted` by the
// agent's own answer to the cancel; a reload (deactivate + activate) ends the agent,
// reopens the session and the next prompt resumes it: session/load of the agent's own
// session, or (its history gone) a new one told our summary of the log;
// New Session ends the agent. No agent process is left (checked in /proc).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { claudeEnv, ScriptedModelServer, type ModelStep } from '../unit/import/agent-runs';
import { agentProcesses } from '../unit/support/processes';
import { EXTENSION_ID, getApi, logLines, setSetting, waitFor } from './helpers';

const workspaceRoot = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const item = (content: string, status: string) => ({ content, status, activeForm: content });

const types = (logPath: string) => logLines(logPath).slice(1);
const plans = (logPath: string) => types(logPath).flatMap((l) => (l.type === 'todo/write' ? [l.data] : []));
const approvals = (logPath: string) =>
  types(logPath)
    .flatMap((l) => (l.type === 'tool/approval' ? [l.data as { decision: string; by: string }] : []))
    .map((d) => [d.decision, d.by]);

describe('an ACP agent driven from the editor (the real claude-agent-acp, offline)', () => {
  let server: ScriptedModelServer;
  let home: string;
  let marker: string;

  before(async () => {
    server = await ScriptedModelServer.start();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-acp-'));
    marker = `CLAUDE_CONFIG_DIR=${home}`;
    const bin = path.join(
      vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
      'node_modules',
      '.bin',
      'claude-agent-acp',
    );
    await setSetting('acpAgents', {
      'claude-test': { title: 'Claude Code', command: bin, env: claudeEnv(server, home) },
    });
    await setSetting('agent', 'claude-test');
  });

  after(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('agent', undefined);
    await setSetting('acpAgents', undefined);
    await server.close();
  });

  it('plans, an approved and a denied Write, Stop, a reload that resumes, and no agent left', async function () {
    this.timeout(240_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const note = path.join(workspaceRoot(), 'acp-note.txt');
    const steps: ModelStep[] = [
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'in_progress'), item('Check it', 'pending')] } },
      { tool: 'Write', input: { file_path: note, content: 'hello\n' } },
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'completed'), item('Check it', 'in_progress')] } },
      { text: 'Done.' },
    ];
    server.script(...steps);

    // 1. The agent's Write asks on the Agent view's card; approved, it is written.
    const first = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Write a note.');
    await waitFor(() => api.pendingApprovals().length === 1, 'the Write\u2019s approval card', 60_000);
    const card = api.pendingApprovals()[0]!;
    const session = api.session();
    assert.ok(session, 'the new ACP session is shown');
    assert.equal(card.sessionId, session.id);
    assert.match(`${card.summary}\n${card.detail}`, /acp-note\.txt/);
    assert.deepEqual(agentProcesses(marker).length > 0, true, 'the agent runs while its session is shown');
    await api.webviewMessage({ type: 'approve', id: card.id, decision: 'approve' });
    assert.deepEqual(await first, { kind: 'completed' });
    assert.equal(fs.readFileSync(note, 'utf8'), 'hello\n');
    const logPath = api.session()!.logPath!;
    assert.deepEqual(plans(logPath), [
      {
        todos: [
          { content: 'Write the note', status: 'in_progress' },
          { content: 'Check it', status: 'pending' },
        ],
        priorities: ['medium', 'medium'],
      },
      {
        todos: [
          { content: 'Write the note', status: 'completed' },
          { content: 'Check it', status: 'in_progress' },
        ],
        priorities: ['medium', 'medium'],
      },
    ]);
    assert.deepEqual(approvals(logPath), [['approve', 'user']]);
    await waitFor(
      () => api.statusBarText() === '$(checklist) 1/2 · Check it',
      'the status bar to follow the agent\u2019s plan',
    );
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      ['Write the note', 'Check it'],
    );
    assert.equal(api.sessions().find((s) => s.id === session.id)?.source, 'Claude Code (ACP)');
    // The agent's usage_update (the tokens in its context) is on its next assistant message, which the context meter reads.
    const used = types(logPath).flatMap((l) =>
      l.type === 'assistant/message' ? [(l.data as { usage?: { inputTokens?: number } }).usage?.inputTokens] : [],
    );
    assert.ok(
      used.some((n) => n !== undefined && n > 0),
      `an assistant message carries the agent's context tokens: ${JSON.stringify(used)}`,
    );

    // 2. The same agent, the next prompt: a Write denied on the card is not written.
    const other = path.join(workspaceRoot(), 'acp-denied.txt');
    server.script({ tool: 'Write', input: { file_path: other, content: 'no\n' } }, { text: 'Not written.' });
    const second = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Write another.');
    await waitFor(() => api.pendingApprovals().length === 1, 'the second Write\u2019s card', 60_000);
    await api.webviewMessage({ type: 'approve', id: api.pendingApprovals()[0]!.id, decision: 'deny' });
    assert.deepEqual(await second, { kind: 'completed' });
    assert.equal(fs.existsSync(other), false);
    assert.deepEqual(approvals(logPath), [
      ['approve', 'user'],
      ['deny', 'user'],
    ]);
    assert.equal(api.session()?.id, session.id, 'the prompt went to the same session');

    // 3. Stop while the agent waits for a permission: aborted by the agent's own answer (no 2 s fallback message).
    server.script({
      tool: 'Write',
      input: { file_path: path.join(workspaceRoot(), 'acp-stopped.txt'), content: 'x\n' },
    });
    const third = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Write a third.');
    await waitFor(() => api.pendingApprovals().length === 1, 'the third Write\u2019s card', 60_000);
    await vscode.commands.executeCommand('agentChecklist.stop');
    assert.deepEqual(await third, { kind: 'aborted' });
    assert.equal(api.pendingApprovals().length, 0, 'the card is withdrawn');
    assert.equal(api.run().state, 'idle');

    // 4. A reload ends the agent; the session reopens; the next prompt starts the agent again, which loads its session (session/load).
    const sessionLines = () =>
      types(logPath).flatMap((l) => (l.type === 'acp/session' ? [l.data as { sessionId: string }] : []));
    assert.equal(sessionLines().length, 1, 'the agent\u2019s session is on the log');
    await api.reactivate();
    await waitFor(() => agentProcesses(marker).length === 0, 'no agent process after the reload');
    await waitFor(() => api.session()?.id === session.id, 'the ACP session reopened');
    assert.equal(api.session()?.readOnly, false);
    let before = server.requests.length;
    server.script({ text: 'Resumed.' });
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on.'), {
      kind: 'completed',
    });
    let told = server.requests.slice(before).join('\n');
    assert.match(told, /Write another\./, 'the agent has its own history back');
    assert.doesNotMatch(told, /continues an earlier session/);
    assert.equal(sessionLines().length, 1, 'the same session was loaded, not a new one');
    assert.equal(
      types(logPath).filter((l) => l.type === 'user/message').length,
      4,
      'the history the agent replayed is not logged again',
    );

    // 4b. The agent lost its own history: a new ACP session, whose first prompt carries our summary of the log.
    await api.reactivate();
    await waitFor(() => agentProcesses(marker).length === 0, 'no agent process after the second reload');
    fs.rmSync(path.join(home, 'projects'), { recursive: true, force: true });
    before = server.requests.length;
    server.script({ text: 'Resumed by the summary.' });
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on again.'), {
      kind: 'completed',
    });
    told = server.requests.slice(before).join('\n');
    assert.match(told, /continues an earlier session/);
    assert.match(told, /\[completed\] Write the note/);
    assert.match(told, /\[in_progress\] Check it/);
    assert.equal(sessionLines().length, 2, 'a new agent session is on the log');
    assert.equal(api.session()?.id, session.id);
    assert.equal(types(logPath).filter((l) => l.type === 'turn/start').length, 5);

    // 5. New Session ends the agent.
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => agentProcesses(marker).length === 0, 'no agent process once its session closed', 10_000);
  });
});
