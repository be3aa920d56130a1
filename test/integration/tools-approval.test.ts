// Workspace tools in the real extension host: a bash call waits for the user's
// approval, answered through the Agent view's own message handler (validated like a
// message from the page); deny, "always allow", Stop while waiting, auto-approve;
// file tools through vscode.workspace.fs, confined to the workspace folder even
// through a symbolic link.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentChecklistTestApi } from './test-api/test-api';
import * as z from 'zod/mini';
import { getApi, logLines, setSetting, toolCall, toolResults, useScript, waitFor } from './helpers';

const workspaceRoot = (): string => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the integration run opens a workspace folder');
  return folder.uri.fsPath;
};

async function readyWebview(api: AgentChecklistTestApi): Promise<void> {
  await vscode.commands.executeCommand('agentChecklist.agent.focus');
  await waitFor(() => api.webview().ready, 'the Agent view to say ready');
}

async function pendingApproval(
  api: AgentChecklistTestApi,
): Promise<ReturnType<AgentChecklistTestApi['pendingApprovals']>[number]> {
  await waitFor(() => api.pendingApprovals().length === 1, 'a pending approval');
  const pending = api.pendingApprovals()[0];
  assert.ok(pending);
  return pending;
}

function lastResults(api: AgentChecklistTestApi): ReturnType<typeof toolResults> {
  const logPath = api.session()?.logPath;
  assert.ok(logPath, 'the session has a log');
  return toolResults(logPath);
}

/** The log's tool/approval events (what was decided, by whom), each checked to sit between its call and its result. */
function approvalRecords(api: AgentChecklistTestApi): unknown[] {
  const logPath = api.session()?.logPath;
  assert.ok(logPath, 'the session has a log');
  const lines = logLines(logPath);
  return lines.flatMap((line, i) => {
    if (line.type !== 'tool/approval') return [];
    const data = approvalSchema.parse(line.data);
    const call = lines.findIndex((l) => l.type === 'tool/call' && toolCallSchema.parse(l.data).callId === data.callId);
    const result = lines.findIndex(
      (l) => l.type === 'tool/result' && toolCallSchema.parse(l.data).callId === data.callId,
    );
    assert.ok(call !== -1 && call < i && i < result, 'tool/call, then tool/approval, then tool/result');
    return [{ tool: data.tool, decision: data.decision, by: data.by }];
  });
}

const approvalSchema = z.object({ callId: z.string(), tool: z.string(), decision: z.string(), by: z.string() });
const toolCallSchema = z.object({ callId: z.string() });

describe('workspace tools and approvals', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('tools.autoApprove', undefined);
  });

  after(async () => {
    await setSetting('tools.autoApprove', undefined);
  });

  it('runs a bash command only after it is approved through the Agent view message handler', async () => {
    const api = await getApi();
    await readyWebview(api);
    assert.equal(
      vscode.workspace.isTrusted,
      true,
      'the test workspace is trusted (workspace trust is off in the harness)',
    );
    await useScript([toolCall('bash', { command: 'echo approved-$((40 + 2)) && pwd' }), { text: 'Ran it.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Run the command');

    const pending = await pendingApproval(api);
    assert.deepEqual(
      { tool: pending.tool, summary: pending.summary, sessionId: pending.sessionId },
      { tool: 'bash', summary: 'echo approved-$((40 + 2)) && pwd', sessionId: api.session()?.id ?? null },
    );
    assert.match(pending.detail, /^\$ echo approved/);
    assert.equal(api.run().state, 'running', 'the turn waits for the answer');
    const posted = api
      .webviewMessages()
      .filter((m) => m.type === 'approvals')
      .at(-1);
    assert.deepEqual(
      posted?.type === 'approvals' ? posted.approvals.map((a) => a.id) : null,
      [pending.id],
      'the page got the pending list',
    );

    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'maybe' });
    assert.equal(api.pendingApprovals().length, 1, 'an invalid answer is dropped, not taken as one');

    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'approve' });
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.deepEqual(api.pendingApprovals(), []);
    const [result] = lastResults(api);
    assert.equal(result?.isError, false);
    assert.equal(
      result?.content,
      `approved-42\n${fs.realpathSync(workspaceRoot())}\n[exit code: 0]`,
      'run in the workspace folder, exit code last',
    );
    assert.deepEqual(
      approvalRecords(api),
      [{ tool: 'bash', decision: 'approve', by: 'user' }],
      'the decision is on the log, between the call and its result',
    );
    const cleared = api
      .webviewMessages()
      .filter((m) => m.type === 'approvals')
      .at(-1);
    assert.deepEqual(
      cleared?.type === 'approvals' ? cleared.approvals : null,
      [],
      'the page was told nothing waits any more',
    );
  });

  it('denies: the command does not run and the model reads why', async () => {
    const api = await getApi();
    const marker = path.join(workspaceRoot(), 'denied-marker');
    await useScript([toolCall('bash', { command: `touch ${JSON.stringify(marker)}` }), { text: 'Understood.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Touch a file');
    const pending = await pendingApproval(api);
    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'deny' });
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.equal(fs.existsSync(marker), false, 'nothing ran');
    const [result] = lastResults(api);
    assert.equal(result?.isError, true);
    assert.match(result?.content ?? '', /the user denied this bash call/);
    assert.deepEqual(approvalRecords(api), [{ tool: 'bash', decision: 'deny', by: 'user' }]);
  });

  it('"always allow" covers the next bash call of the session without asking again', async () => {
    const api = await getApi();
    await useScript([
      toolCall('bash', { command: 'echo one' }),
      toolCall('bash', { command: 'echo two' }),
      { text: 'Both ran.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Two commands');
    const pending = await pendingApproval(api);
    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'approve-always' });
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.deepEqual(
      lastResults(api).map((r) => r.content),
      ['one\n[exit code: 0]', 'two\n[exit code: 0]'],
    );
  });

  it('Stop while a call waits withdraws the question and ends the turn aborted', async () => {
    const api = await getApi();
    await useScript([toolCall('bash', { command: 'echo never' }), { text: 'never reached' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Wait for me');
    const pending = await pendingApproval(api);
    await vscode.commands.executeCommand('agentChecklist.stop');
    assert.deepEqual(await turn, { kind: 'aborted' });
    assert.deepEqual(api.pendingApprovals(), [], 'withdrawn');
    const [result] = lastResults(api);
    assert.match(result?.content ?? '', /stopped by the user before it was approved/);
    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'approve' }); // too late: changes nothing
    assert.equal(lastResults(api).length, 1);
  });

  it('agentChecklist.tools.autoApprove runs commands and file changes without asking', async () => {
    const api = await getApi();
    await setSetting('tools.autoApprove', true);
    await useScript([
      toolCall('write_file', { path: 'auto/notes.txt', content: 'written by the agent\n' }),
      toolCall('bash', { command: 'cat auto/notes.txt' }),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Write and read'), {
      kind: 'completed',
    });
    assert.equal(
      fs.readFileSync(path.join(workspaceRoot(), 'auto', 'notes.txt'), 'utf8'),
      'written by the agent\n',
      'written through vscode.workspace.fs',
    );
    assert.equal(lastResults(api)[1]?.content, 'written by the agent\n[exit code: 0]');
  });

  it('under auto-approve, a protected file is still asked for, with why, and .git is refused without asking', async () => {
    const api = await getApi();
    await readyWebview(api);
    await setSetting('tools.autoApprove', true);
    const root = workspaceRoot();
    fs.mkdirSync(path.join(root, '.git'), { recursive: true });
    fs.writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
    await useScript([
      toolCall('write_file', { path: '.git/config', content: '[core]\n\tfsmonitor = touch /tmp/pwned\n' }),
      toolCall('write_file', { path: '.vscode/tasks.json', content: '{"version":"2.0.0","tasks":[]}\n' }),
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plant config');
    const pending = await pendingApproval(api);
    assert.equal(pending.tool, 'write_file');
    assert.match(
      pending.protectedReason ?? '',
      /^\.vscode\/tasks\.json is a protected file: .*auto-approve and "always allow" do not apply\.$/,
    );
    const posted = api
      .webviewMessages()
      .filter((m) => m.type === 'approvals')
      .at(-1);
    assert.equal(
      posted?.type === 'approvals' ? posted.approvals[0]?.protectedReason : undefined,
      pending.protectedReason,
      'the card is told why',
    );
    await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'approve' });
    assert.deepEqual(await turn, { kind: 'completed' });
    const [git, tasks] = lastResults(api);
    assert.equal(git?.isError, true);
    assert.match(git?.content ?? '', /\.git\/config is protected: the agent never writes inside a \.git folder/);
    assert.equal(fs.readFileSync(path.join(root, '.git', 'config'), 'utf8'), '[core]\n', '.git/config untouched');
    assert.equal(tasks?.isError, false);
    assert.equal(fs.readFileSync(path.join(root, '.vscode', 'tasks.json'), 'utf8'), '{"version":"2.0.0","tasks":[]}\n');
    fs.rmSync(path.join(root, '.git'), { recursive: true, force: true });
    fs.rmSync(path.join(root, '.vscode'), { recursive: true, force: true });
  });

  it('file tools read the workspace through VS Code and refuse a symbolic link that leads outside it', async () => {
    const api = await getApi();
    const root = workspaceRoot();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for the agent');
    fs.writeFileSync(path.join(root, 'inside.txt'), 'line one\nline two\n');
    const link = path.join(root, 'escape');
    fs.rmSync(link, { force: true });
    fs.symlinkSync(outside, link);
    try {
      await useScript([
        toolCall('read_file', { path: 'inside.txt' }),
        toolCall('read_file', { path: 'escape/secret.txt' }),
        toolCall('list_files', { path: '.' }),
        { text: 'Read.' },
      ]);
      assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Read files'), {
        kind: 'completed',
      });
      const [inside, escaped, listed] = lastResults(api);
      assert.equal(inside?.isError, false);
      assert.match(inside?.content ?? '', /line one[\s\S]*line two/);
      assert.equal(escaped?.isError, true);
      assert.match(escaped?.content ?? '', /leads outside the workspace through a symbolic link/);
      assert.doesNotMatch(escaped?.content ?? '', /not for the agent/);
      assert.match(listed?.content ?? '', /inside\.txt/);
    } finally {
      fs.rmSync(link, { force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
