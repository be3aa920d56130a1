// Sessions written outside the window, in the real extension host: an MCP server
// process (the built CLI, driven by the SDK's own client, as Claude Code would)
// writing into the workspace's `.agent-checklist/sessions` drives the Plan tree, the
// strip and the status bar live and is labelled in the session list; a CLI `run` in
// the workspace is listed; the `todo_write` language-model tool's Chat session shows
// the same way; followExternal `off` stays put.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countsHeader } from '../../extension/src/core/plan/summaries';
import type { AgentChecklistTestApi } from './test-api/test-api';
import { EXTENSION_ID, getApi, setSetting, waitFor, type Todo } from './helpers';

const cliPath = (): string => path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
const workspaceRoot = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
/** Node for child processes: the extension host's own runtime (Electron runs as Node with this). */
const nodeEnv = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  ELECTRON_RUN_AS_NODE: '1',
});

async function connectMcp(name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath(), 'mcp', '--allow-parallel-in-progress', 'true'],
    cwd: workspaceRoot(),
    env: nodeEnv(),
    stderr: 'ignore',
  });
  const client = new Client({ name, version: '2.0.0' });
  await client.connect(transport);
  return client;
}

/** The strip's English words for the counts (the webview fills them in with countsHeader). */
const ENGLISH_COUNTS = { completed: '{0} completed', inProgress: '{0} in progress', pending: '{0} pending' };

/** The strip's counts header (English) of the plan the Agent view got last (a `plan` delta or a snapshot). */
function stripHeader(api: AgentChecklistTestApi): string | null | undefined {
  for (const m of [...api.webviewMessages()].reverse()) {
    if (m.type === 'plan' || m.type === 'snapshot')
      return m.plan ? countsHeader(m.plan.progress.counts, ENGLISH_COUNTS) : null;
  }
  return undefined;
}

/**
 * Runs `agent-checklist run --json` in the workspace, the scripted model playing
 * `script` (a file in a scratch folder there, removed once the run exited); the id of
 * the session it wrote, after it exited 0.
 */
async function cliRun(script: unknown, prompt: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(workspaceRoot(), '.cli-script-'));
  try {
    const file = path.join(dir, 's.json');
    fs.writeFileSync(file, JSON.stringify(script));
    const run = spawn(
      process.execPath,
      [cliPath(), 'run', '--script', file, '--allow-parallel-in-progress', 'true', '--json', prompt],
      { cwd: workspaceRoot(), env: nodeEnv() },
    );
    let out = '';
    run.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    assert.equal(code, 0);
    const result: unknown = JSON.parse(out);
    const sessionId =
      typeof result === 'object' && result !== null && 'sessionId' in result ? result.sessionId : undefined;
    assert.ok(typeof sessionId === 'string', `the run's JSON names its session: ${out}`);
    return sessionId;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const PLAN: Todo[] = [
  { content: 'Read the failing test', status: 'completed' },
  { content: 'Fix the parser', status: 'in_progress' },
  { content: 'Run the suite', status: 'pending' },
];

describe('external sessions in the editor', () => {
  before(async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
  });
  afterEach(async () => {
    await setSetting('followExternal', undefined);
  });

  it('an MCP server writing into the workspace drives the Plan tree, the strip and the status bar live, and the session list labels it', async () => {
    const api = await getApi();
    const client = await connectMcp('claude-code');
    try {
      await client.callTool({ name: 'todo_write', arguments: { todos: PLAN } });
      await waitFor(
        () => api.statusBarText() === '$(checklist) 1/3 · Fix the parser',
        'the status bar to show the MCP plan',
      );
      assert.deepEqual(
        api.planTreeRows().map((r) => [r.label, r.icon]),
        [
          ['Read the failing test', 'pass'],
          ['Fix the parser', 'sync~spin'],
          ['Run the suite', 'circle-large-outline'],
        ],
      );
      await waitFor(
        () => stripHeader(api) === '1 completed · 1 in progress · 1 pending',
        'the strip to show the MCP plan',
      );
      const shown = api.session();
      assert.equal(shown?.readOnly, true, 'shown read-only: the MCP server is its writer');
      assert.ok(shown?.logPath?.startsWith(path.join(workspaceRoot(), '.agent-checklist', 'sessions')));
      const listed = api.sessions().find((s) => s.id === shown?.id);
      assert.equal(listed?.source, 'Claude Code (MCP)');
      assert.equal(listed?.current, true);

      // Live: the next write replaces it on every surface.
      const next: Todo[] = [PLAN[0]!, { ...PLAN[1]!, status: 'completed' }, { ...PLAN[2]!, status: 'in_progress' }];
      await client.callTool({ name: 'todo_write', arguments: { todos: next } });
      await waitFor(
        () => api.statusBarText() === '$(checklist) 2/3 · Run the suite',
        'the status bar to follow the next write',
      );
      await waitFor(() => stripHeader(api) === '2 completed · 1 in progress', 'the strip to follow the next write');
      assert.deepEqual(
        api.planTreeRows().map((r) => r.icon),
        ['pass', 'pass', 'sync~spin'],
        'the MCP turn is open: the agent is at work',
      );
    } finally {
      await client.close();
    }
    // Disconnect closes the MCP turn; the followed log shows it ended.
    await waitFor(() => api.planTreeRows()[2]?.icon === 'debug-start', 'the turn end to reach the tree');
  });

  it('with followExternal off, a new external plan is listed but the shown session stays', async () => {
    const api = await getApi();
    // The setting first, so that only `off` is under test: the report of the previous test's
    // last MCP write can come after its turn end (the watcher waits for the log to settle);
    // under `latest` a report of a write already shown is not followed either
    // (ShownPlanWrites, unit-tested), and once the setting is off no write of any session
    // may switch what the new session shows.
    await setSetting('followExternal', 'off');
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const client = await connectMcp('codex-mcp-client');
    try {
      const before = api.sessions().length;
      await client.callTool({ name: 'todo_write', arguments: { todos: PLAN } });
      await waitFor(() => api.sessions().length === before + 1, 'the new session in the list');
      assert.ok(api.sessions().some((s) => s.source === 'Codex (MCP)'));
      // The Agent view's list got it too, though nothing was switched to.
      await waitFor(
        () =>
          api
            .webviewMessages()
            .some((m) => m.type === 'sessions' && m.sessions.some((s) => s.source === 'Codex (MCP)')),
        'the Agent view to be sent the list with the new session',
      );
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(api.session(), null, 'nothing was opened on the user’s behalf');
      assert.equal(api.statusBarText(), null);
    } finally {
      await client.close();
    }
  });

  it('a CLI run in the workspace is listed as CLI and its plan is followed', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const sessionId = await cliRun(
      {
        responses: [
          {
            toolCalls: [
              {
                name: 'todo_write',
                arguments: { todos: [{ content: 'Run from the terminal', status: 'in_progress' }] },
              },
            ],
          },
          { text: 'Done.' },
        ],
      },
      'from the CLI',
    );
    const state = (): string =>
      JSON.stringify({
        sessionId,
        shown: api.session(),
        listed: api.sessions().slice(0, 3),
        status: api.statusBarText(),
      });
    await waitFor(
      () => api.sessions().some((s) => s.id === sessionId && s.source === 'CLI'),
      'the CLI session in the list, labelled CLI',
    ).catch((e: Error) => assert.fail(`${e.message}: ${state()}`));
    await waitFor(() => api.session()?.id === sessionId, 'the CLI session followed').catch((e: Error) =>
      assert.fail(`${e.message}: ${state()}`),
    );
    await waitFor(
      () => api.statusBarText() === '$(checklist) 0/1 · Run from the terminal',
      'its plan in the status bar',
    ).catch((e: Error) => assert.fail(`${e.message}: ${state()}`));
  });

  it('a CLI run that writes no plan is in the Agent view’s session list as soon as its log appears, without another refresh', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const seqBefore = api.webview().lastSeq;
    const sessionId = await cliRun({ responses: [{ text: 'No plan needed.' }] }, 'a question, no plan');
    const posted = (): boolean =>
      api
        .webviewMessages()
        .some(
          (m) =>
            m.seq > seqBefore &&
            m.type === 'sessions' &&
            m.sessions.some((s) => s.id === sessionId && s.source === 'CLI'),
        );
    await waitFor(posted, 'a sessions message listing the CLI run');
    assert.notEqual(api.session()?.id, sessionId, 'listed, not followed: it wrote no plan');
  });

  it('vscode.lm.invokeTool on todo_write: the Chat session’s plan shows on the same surfaces, labelled Chat', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await vscode.lm.invokeTool('todo_write', {
      input: {
        todos: [
          { content: 'Plan from chat', status: 'in_progress' },
          { content: 'Then this', status: 'pending' },
        ],
      },
      toolInvocationToken: undefined,
    });
    await waitFor(
      () => api.statusBarText() === '$(checklist) 0/2 · Plan from chat',
      'the status bar to show the Chat plan',
    );
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      ['Plan from chat', 'Then this'],
    );
    await waitFor(() => stripHeader(api) === '1 in progress · 1 pending', 'the strip to show the Chat plan');
    const shown = api.session();
    assert.equal(shown?.logPath, api.chatSessionLog());
    assert.equal(api.sessions().find((s) => s.id === shown?.id)?.source, 'Chat');
  });
});
