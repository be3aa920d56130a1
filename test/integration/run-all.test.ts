// Run All Items (agentChecklist.plan.runAll) in the real extension host, with our agent
// on the scripted model (the model edge): each pending item is its own turn started as
// Start This Item starts one; the run goes on while each item ends completed with no
// flag, the Plan view's message says how far it is (and the running turn's view posted
// to the Agent view carries the item's place and text, for the strip); it stops at a flagged item (naming
// it and its flag) and Stop of the running turn ends the whole run. With a real ACP agent
// (the pinned claude-agent-acp on a loopback model this test owns), each item is a turn
// in that session's own agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunAllResult } from '../../extension/src/core/plan/run-all-items';
import { claudeEnv, ScriptedModelServer } from '../unit/import/agent-runs';
import {
  EXTENSION_ID,
  getApi,
  logLines,
  setSetting,
  todoWrite,
  toolCall,
  useScript,
  waitFor,
  type Todo,
} from './helpers';

type Api = Awaited<ReturnType<typeof getApi>>;

const ITEMS = ['Read the parser', 'Port the lexer', 'Write the tests'];
const PENDING: Todo[] = ITEMS.map((content) => ({ content, status: 'pending' }));

/** The plan with the first `done` items completed. */
const doneUpTo = (done: number): Todo[] =>
  ITEMS.map((content, i) => ({ content, status: i < done ? 'completed' : 'pending' }));

/** Item `n`'s turn (1-based): a list_files call (its work), the item completed, a word. */
const work = (n: number, extra: Record<string, unknown> = {}): Record<string, unknown>[] => [
  toolCall('list_files', {}, extra),
  todoWrite(doneUpTo(n)),
  { text: `Done with item ${n}.` },
];

async function sessionWithPlan(api: Api): Promise<string> {
  await vscode.commands.executeCommand('agentChecklist.newSession');
  await useScript([todoWrite(PENDING), { text: 'Planned.' }]);
  assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan the port'), {
    kind: 'completed',
  });
  return api.session()?.logPath ?? '';
}

const prompts = (logPath: string): string[] =>
  logLines(logPath)
    .filter((l) => l.type === 'user/message')
    .map((l) => JSON.stringify(l.data));

/** Run All's place in the `run` views the host posted to the Agent view (the strip paints them), in order. */
const postedPlaces = (api: Api): string[] =>
  api
    .webviewMessages()
    .flatMap((m) => (m.type === 'run' && m.run.state === 'running' && m.run.runAll ? [m.run.runAll] : []))
    .map((p) => `${p.at} of ${p.of} (item ${p.n}): ${p.content}`);

const outcomes = (result: RunAllResult | undefined): [number, string, string][] =>
  (result?.items ?? []).map((r) => [r.n, r.content, r.outcome]);

describe('Run All Items (agentChecklist.plan.runAll)', () => {
  before(async () => {
    await setSetting('todo.allowParallelInProgress', false);
    await vscode.commands.executeCommand('agentChecklist.agent.focus'); // a page to post to (the messages are recorded while one is connected)
  });

  after(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('todo.allowParallelInProgress', undefined);
    await setSetting('provider', undefined);
  });

  it('runs every pending item as its own turn, showing its progress, until all are completed', async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(api);
    await useScript([...work(1, { delayMs: 1500 }), ...work(2, { delayMs: 1500 }), ...work(3)]);
    // The host posts only to a connected page: the Agent view shown and its page ready (an earlier suite may have
    // left another view in front, or a reactivation's page not yet ready).
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready && api.webview().visible, 'the Agent view shown and its page ready');
    const run = vscode.commands.executeCommand<RunAllResult | undefined>('agentChecklist.plan.runAll');
    await waitFor(() => api.planViewMessage() === 'Running all items: 1 of 3', 'the first item in the message');
    await waitFor(() => api.planViewMessage() === 'Running all items: 2 of 3', 'the second item in the message');
    await waitFor(() => postedPlaces(api).includes('2 of 3 (item 2): Port the lexer'), "the strip's second item");
    const result = await run;
    assert.deepEqual(
      [...new Set(postedPlaces(api))],
      ['1 of 3 (item 1): Read the parser', '2 of 3 (item 2): Port the lexer', '3 of 3 (item 3): Write the tests'],
      "each item's place posted with its running turn",
    );
    assert.deepEqual(outcomes(result), [
      [1, 'Read the parser', 'completed'],
      [2, 'Port the lexer', 'completed'],
      [3, 'Write the tests', 'completed'],
    ]);
    assert.equal(result?.stop, undefined);
    assert.equal(api.planViewMessage(), '', 'the message goes when the run ends');
    assert.deepEqual(
      api.planTreeRows().map((r) => [r.label, r.icon]),
      ITEMS.map((label) => [label, 'pass']),
    );
    const asked = prompts(logPath).slice(1);
    assert.equal(asked.length, 3, 'one turn per item');
    ITEMS.forEach((item, i) => assert.match(asked[i]!, new RegExp(`Work on item ${i + 1} of the plan now: ${item}`)));
  });

  it('stops at an item completed with no work (flagged), naming it and its flag; the rest are not run', async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(api);
    await useScript([...work(1), todoWrite(doneUpTo(2)), { text: 'Nothing to do.' }, ...work(3)]);
    const result = await vscode.commands.executeCommand<RunAllResult | undefined>('agentChecklist.plan.runAll');
    assert.deepEqual(outcomes(result), [
      [1, 'Read the parser', 'completed'],
      [2, 'Port the lexer', 'flagged'],
      [3, 'Write the tests', 'not-run'],
    ]);
    assert.deepEqual(result?.stop?.flag, { reason: 'no-work' });
    assert.match(result?.stop?.why ?? '', /flagged: completed with no tool call/);
    assert.equal(prompts(logPath).length, 3, 'the plan turn and two items: the third never started');
    assert.equal(api.planTreeRows().find((r) => r.label === 'Write the tests')?.icon, 'circle-large-outline');
  });

  it('Stop of the running turn ends the whole run', async () => {
    const api = await getApi();
    const logPath = await sessionWithPlan(api);
    await useScript([{ delayMs: 5000, ...toolCall('list_files', {}) }, ...work(1), ...work(2), ...work(3)]);
    const run = vscode.commands.executeCommand<RunAllResult | undefined>('agentChecklist.plan.runAll');
    await waitFor(() => api.run().state === 'running', 'the first item to run');
    assert.equal(await vscode.commands.executeCommand('agentChecklist.plan.runAll'), undefined, 'one run at a time');
    await vscode.commands.executeCommand('agentChecklist.stop');
    const result = await run;
    assert.deepEqual(outcomes(result), [
      [1, 'Read the parser', 'stopped'],
      [2, 'Port the lexer', 'not-run'],
      [3, 'Write the tests', 'not-run'],
    ]);
    assert.equal(prompts(logPath).length, 2, 'no item started after Stop');
  });

  it('with a real ACP agent (claude-agent-acp on a loopback model): each item its turn in that agent, all completed', async function () {
    this.timeout(300_000);
    const api = await getApi();
    await sessionWithPlan(api);
    const server = await ScriptedModelServer.start();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-run-all-'));
    const bin = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'node_modules', '.bin');
    const todos = (done: number) => doneUpTo(done).map((t) => ({ ...t, activeForm: t.content }));
    try {
      await setSetting('acpAgents', {
        'claude-test': {
          title: 'Claude Code',
          command: path.join(bin, 'claude-agent-acp'),
          env: claudeEnv(server, home),
        },
      });
      server.script({ tool: 'TodoWrite', input: { todos: todos(0) } }, { text: 'Taking it from here.' });
      assert.deepEqual(
        await vscode.commands.executeCommand('agentChecklist.plan.continueInNewSession', 'claude-test', 'Carry on.'),
        { kind: 'completed' },
      );
      await waitFor(() => api.planTreeRows().length === 3, "the agent's plan in the tree");
      const logPath = api.session()?.logPath ?? '';
      server.script(
        ...[1, 2, 3].flatMap((n) => [
          { tool: 'Glob', input: { pattern: '*' } },
          { tool: 'TodoWrite', input: { todos: todos(n) } },
          { text: `Done with item ${n}.` },
        ]),
      );
      const result = await vscode.commands.executeCommand<RunAllResult | undefined>('agentChecklist.plan.runAll');
      assert.deepEqual(
        outcomes(result),
        [
          [1, 'Read the parser', 'completed'],
          [2, 'Port the lexer', 'completed'],
          [3, 'Write the tests', 'completed'],
        ],
        result?.stop?.why,
      );
      assert.equal(api.session()?.logPath, logPath, 'the same ACP session ran every item');
      ITEMS.forEach((item, i) =>
        assert.ok(
          server.requests.some((body) => body.includes(`Work on item ${i + 1} of the plan now: ${item}`)),
          `the agent was asked to work on item ${i + 1}`,
        ),
      );
    } finally {
      await vscode.commands.executeCommand('agentChecklist.newSession');
      await setSetting('acpAgents', undefined);
      await server.close();
    }
  });
});
