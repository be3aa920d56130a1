// Run Items in Parallel… (agentChecklist.plan.runParallel), Merge Item's Branch and
// Discard Item's Branch in the real extension host, with our agent on a model on
// 127.0.0.1 (the model edge) that answers each child by the item its prompt names:
// it writes `<first word>.txt` with the item's text, then marks its own plan's item
// completed. The workspace is made a git repository for the suite (and is one no
// longer after it). Each item runs on its own branch, committed by "Agent Checklist";
// the parent's items end completed; nothing is written to the working tree; the tree
// shows each item's branch; a clean branch merges, a conflicting one changes nothing
// and names the file. With a real ACP agent (the pinned claude-agent-acp on a loopback
// Anthropic model), the child is that agent's session, its Write committed on the branch.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BranchOutcome } from '../../extension/src/core/worktrees/item-branch';
import type { ParallelItemResult } from '../../extension/src/core/worktrees/parallel-run';
import { sse } from '../unit/providers/loopback-server';
import { textStep, toolCallStep } from '../unit/providers/openai-wire';
import { claudeEnv, ScriptedModelServer } from '../unit/import/agent-runs';
import { EXTENSION_ID, getApi, logLines, setSetting, waitFor } from './helpers';
import { git } from '../fixtures/git';

const KEY = 'sk-loopback-parallel-0123456789';
type Message = { role: string; content: unknown };

/** The plan's turn writes PLAN; each child's turn writes its file, then completes its own item. */
function answer(messages: Message[], plan: string[]): string {
  const calls = messages.filter((m) => m.role === 'tool').length;
  const work = messages.find((m) => typeof m.content === 'string' && m.content.startsWith('Work on item'));
  if (work === undefined) {
    const todos = plan.map((content) => ({ content, status: 'pending' }));
    return calls === 0 ? toolCallStep('p0', 'todo_write', [JSON.stringify({ todos })]) : textStep('Planned.');
  }
  const content = /^Work on item \d+ of the plan of session \S+ now: (.*)$/m.exec(work.content as string)![1]!;
  const word = content.split(' ')[0]!;
  if (calls === 0)
    return toolCallStep('w0', 'write_file', [JSON.stringify({ path: `${word}.txt`, content: `${content}\n` })]);
  if (calls === 1)
    return toolCallStep('t1', 'todo_write', [JSON.stringify({ todos: [{ content, status: 'completed' }] })]);
  return textStep('Done.');
}

describe('Run Items in Parallel… (agentChecklist.plan.runParallel)', () => {
  let plan: string[] = [];
  let server: http.Server;
  let ws = '';

  before(async () => {
    ws = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const reply = sse(answer((JSON.parse(body) as { messages: Message[] }).messages, plan));
        res.writeHead(200, reply.headers).end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = await getApi();
    await api.storeApiKey('openai', KEY);
    await setSetting('openai.baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    await setSetting('openai.model', 'loopback-model');
    await setSetting('provider', 'openai');
    await setSetting('tools.autoApprove', true);
    await setSetting('checkpoints', false);
    await setSetting('verifyCompletion', false);
  });

  after(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    for (const key of ['openai.baseUrl', 'openai.model', 'provider', 'tools.autoApprove', 'checkpoints'])
      await setSetting(key, undefined);
    await setSetting('verifyCompletion', undefined);
    server.close();
  });

  afterEach(() => {
    for (const name of fs.readdirSync(ws)) fs.rmSync(path.join(ws, name), { recursive: true, force: true });
  });

  /** A fresh repository in the workspace (unless `repository` is false) and a session whose plan is `items`; its log. */
  async function sessionWithPlan(items: string[], repository = true): Promise<string> {
    fs.writeFileSync(path.join(ws, 'README.md'), 'hello\n');
    if (repository) {
      git(ws, 'init', '-q', '-b', 'main');
      git(ws, 'add', '-A');
      git(ws, 'commit', '-q', '-m', 'start');
    }
    plan = items;
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const turn = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan it');
    assert.deepEqual(turn, { kind: 'completed' });
    return (await getApi()).session()?.logPath ?? '';
  }

  const run = (items: number[]) =>
    vscode.commands.executeCommand<ParallelItemResult[] | undefined>(
      'agentChecklist.plan.runParallel',
      items,
      'builtin',
      2,
    );

  it("runs each item on its own branch, committed by Agent Checklist; the parent's items completed", async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(['alpha one', 'beta two']);
    const session = api.session()!.id;
    const results = await run([1, 2]);
    assert.deepEqual(
      results?.map((r) => [r.n, r.outcome, r.branch]),
      [
        [1, 'completed', `agent-checklist/${session}/1-alpha-one`],
        [2, 'completed', `agent-checklist/${session}/2-beta-two`],
      ],
    );
    const branch = `agent-checklist/${session}/1-alpha-one`;
    assert.equal(git(ws, 'log', '-1', '--format=%an|%s', branch), 'Agent Checklist|alpha one');
    assert.equal(git(ws, 'show', `${branch}:alpha.txt`), 'alpha one');
    assert.equal(git(ws, 'status', '--porcelain'), '', 'the working tree is untouched');
    assert.equal(fs.existsSync(path.join(ws, 'alpha.txt')), false);
    const statuses = logLines(logPath).filter((l) => l.type === 'item-run/end');
    assert.equal(statuses.length, 2);
    await waitFor(
      () => api.planTreeRows().every((r) => /done on its branch/.test(r.description)),
      "each item's branch in the tree",
    );
    const row = api.planTreeRows().find((r) => r.label === 'alpha one')!;
    const tooltip = row.tooltip.replace(/&nbsp;/g, ' ').replace(/\\/g, '');
    assert.match(tooltip, new RegExp(`Branch: agent-checklist/${session}/1-alpha-one`));
    assert.match(tooltip, /Commit [0-9a-f]{10} by Agent Checklist/);
    assert.match(tooltip, /1 file changed, 1 insertion/);
    assert.doesNotMatch(tooltip, /No tool call while in progress/, "the child's work is on its branch");
    assert.match(row.contextValue, /^todo\.completed .*\bbranch\b/);
    const nested = () => api.planTree().find((r) => r.label === 'alpha one')?.children ?? [];
    await waitFor(
      () => nested().some((child) => child.children.some((c) => c.label === 'alpha one')),
      "the child's plan nested under its item",
    );
    const merged = await vscode.commands.executeCommand<BranchOutcome>('agentChecklist.plan.mergeItem', 1);
    assert.deepEqual(merged, { ok: true });
    assert.match(git(ws, 'log', '-1', '--format=%s'), /^Merge item 1: alpha one/);
    assert.equal(fs.readFileSync(path.join(ws, 'alpha.txt'), 'utf8'), 'alpha one\n');
    assert.equal(git(ws, 'branch', '--list', branch), '', 'its branch deleted');
    const discarded = await vscode.commands.executeCommand<BranchOutcome>('agentChecklist.plan.discardItem', 2, true);
    assert.deepEqual(discarded, { ok: true });
    assert.equal(git(ws, 'branch', '--list', 'agent-checklist/*'), '');
    await waitFor(() => api.planTreeRows().every((r) => !/branch/.test(r.contextValue)), 'no branch left in the tree');
  });

  it('a conflicting merge changes nothing and names the file', async () => {
    await sessionWithPlan(['clash one', 'clash two']);
    const results = await run([1, 2]);
    assert.deepEqual(
      results?.map((r) => r.outcome),
      ['completed', 'completed'],
    );
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.plan.mergeItem', 1), { ok: true });
    const head = git(ws, 'rev-parse', 'HEAD');
    const conflict = await vscode.commands.executeCommand<BranchOutcome>('agentChecklist.plan.mergeItem', 2);
    assert.equal(conflict.ok, false);
    assert.match(conflict.ok ? '' : conflict.why, /conflicts in clash\.txt/);
    assert.equal(git(ws, 'rev-parse', 'HEAD'), head);
    assert.equal(git(ws, 'status', '--porcelain'), '');
    assert.equal(fs.readFileSync(path.join(ws, 'clash.txt'), 'utf8'), 'clash one\n');
  });

  it('with a real ACP agent (claude-agent-acp on a loopback model): its work committed on the branch', async function () {
    this.timeout(300_000);
    const logPath = await sessionWithPlan(['Write the note']);
    const server = await ScriptedModelServer.start();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-parallel-'));
    const bin = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'node_modules', '.bin');
    try {
      const command = path.join(bin, 'claude-agent-acp');
      await setSetting('acpAgents', { 'claude-test': { title: 'Claude Code', command, env: claudeEnv(server, home) } });
      const running = vscode.commands.executeCommand<ParallelItemResult[] | undefined>(
        'agentChecklist.plan.runParallel',
        [1],
        'claude-test',
        1,
      );
      // The worktree is known once the run records its start, before the agent is up and asks its model.
      await waitFor(() => logLines(logPath).some((l) => l.type === 'item-run/start'), 'the child started');
      const start = logLines(logPath).find((l) => l.type === 'item-run/start')!.data as { worktree: string };
      server.script(
        { tool: 'Write', input: { file_path: path.join(start.worktree, 'note.txt'), content: 'hello\n' } },
        { text: 'Done.' },
      );
      const results = await running;
      assert.deepEqual(
        results?.map((r) => [r.outcome, r.why]),
        [['completed', undefined]],
      );
      assert.equal(git(ws, 'show', `${results![0]!.branch}:note.txt`), 'hello');
      assert.equal(git(ws, 'log', '-1', '--format=%an', results![0]!.branch), 'Agent Checklist');
      assert.equal(git(ws, 'status', '--porcelain'), '');
      assert.ok(server.requests.some((body) => body.includes('Work on item 1 of the plan')));
    } finally {
      await setSetting('acpAgents', undefined);
      await server.close();
    }
  });

  it('refuses a workspace that is not a git repository, with the reason', async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(['alpha one'], false);
    const shown = api.warningsShown().length;
    assert.equal(await run([1]), undefined);
    const warned = api.warningsShown().slice(shown);
    assert.ok(
      warned.some((text) => text.startsWith('Agent Checklist: ') && text.endsWith('is not in a git repository')),
      warned.join(' | '),
    );
    assert.ok(!logLines(logPath).some((l) => l.type === 'item-run/start'), 'nothing started');
  });

  it('asks before running over uncommitted changes, naming them; dismissed, nothing runs', async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(['alpha one']);
    fs.writeFileSync(path.join(ws, 'README.md'), 'changed\n');
    const asked = api.modalsAnswered().length;
    api.answerNextModal('Cancel');
    assert.equal(await run([1]), undefined);
    const modal = api.modalsAnswered()[asked]!;
    assert.match(modal.message, /^Agent Checklist: HEAD has uncommitted changes to tracked files \(README\.md\)/);
    assert.deepEqual(modal.buttons, ['Run from HEAD']);
    assert.ok(!logLines(logPath).some((l) => l.type === 'item-run/start'), 'nothing started');
    assert.equal(git(ws, 'branch', '--list', 'agent-checklist/*'), '');

    api.answerNextModal('Run from HEAD');
    assert.deepEqual(
      (await run([1]))?.map((r) => r.outcome),
      ['completed'],
    );
    assert.equal(fs.readFileSync(path.join(ws, 'README.md'), 'utf8'), 'changed\n', 'the change left where it is');
  });

  it('runs from HEAD when asked, leaving uncommitted changes where they are', async () => {
    const api = await getApi();
    await sessionWithPlan(['alpha one']);
    fs.writeFileSync(path.join(ws, 'README.md'), 'changed\n');
    const results = await vscode.commands.executeCommand<ParallelItemResult[] | undefined>(
      'agentChecklist.plan.runParallel',
      [1],
      'builtin',
      1,
      true,
    );
    assert.deepEqual(
      results?.map((r) => r.outcome),
      ['completed'],
    );
    assert.equal(fs.readFileSync(path.join(ws, 'README.md'), 'utf8'), 'changed\n');
    const branch = `agent-checklist/${api.session()!.id}/1-alpha-one`;
    assert.equal(git(ws, 'show', `${branch}:README.md`), 'hello');
  });
});
