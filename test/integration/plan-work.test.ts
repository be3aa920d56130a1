// The plan drives the work, in the real extension host: the plan file
// (agentChecklist.planFile) follows a turn; a save of the file is ONE user edit the
// tree shows; a model write during the user's edit of the file is settled by order on
// the log (both versions in the history); Start This Item (refused while a turn runs);
// Continue Plan in New Session… to an ACP agent (the real claude-agent-acp against a
// loopback Anthropic server this test owns) and Start This Item on that session (its
// own agent continues it; refused once that agent is no longer configured), and, with no session, the Plan view shows
// the file's plan, marked as from the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { acpUserEditNote } from '../../extension/src/core/acp-client/acp-user-edit';
import { planMarkdownDocument } from '../../extension/src/core/plan/plan-markdown';
import { claudeEnv, ScriptedModelServer } from '../unit/import/agent-runs';
import {
  EXTENSION_ID,
  getApi,
  logLines,
  setSetting,
  todoWrite,
  unescapeMarkdown,
  useScript,
  waitFor,
  type Todo,
} from './helpers';

type Api = Awaited<ReturnType<typeof getApi>>;

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'in_progress' },
  { content: 'Port the lexer', status: 'pending' },
  { content: 'Write the tests', status: 'pending' },
];

const planFile = (): string => path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'PLAN.md');
const readPlanFile = (): string => (fs.existsSync(planFile()) ? fs.readFileSync(planFile(), 'utf8') : '');
const userEdits = (logPath: string) => logLines(logPath).filter((l) => l.type === 'todo/user-edit');
const labels = (api: Api): string[] => api.planTreeRows().map((r) => r.label);
const node = (api: Api, label: string): unknown =>
  api.planTreeNode(api.planTreeRows().find((r) => r.label === label)?.id ?? '');

async function turnWithPlan(api: Api, plan: Todo[] = PLAN): Promise<string> {
  await vscode.commands.executeCommand('agentChecklist.newSession');
  await useScript([todoWrite(plan), { text: 'Planned.' }]);
  assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan the port'), {
    kind: 'completed',
  });
  return api.session()?.logPath ?? '';
}

describe('the plan drives the work (plan file, Start This Item, Continue Plan in New Session…)', () => {
  before(async () => {
    await setSetting('planFile', 'PLAN.md');
    await setSetting('todo.allowParallelInProgress', false);
  });

  after(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFile', undefined);
    await setSetting('todo.allowParallelInProgress', undefined);
    await setSetting('provider', undefined);
    fs.rmSync(planFile(), { force: true });
  });

  it('the plan file follows a turn', async () => {
    const api = await getApi();
    await turnWithPlan(api);
    await waitFor(() => readPlanFile() === planMarkdownDocument(PLAN), 'the plan file to hold the plan');
  });

  it('a save of the plan file is ONE user edit from the file, and the tree shows it', async () => {
    const api = await getApi();
    const logPath = await turnWithPlan(api);
    await waitFor(() => readPlanFile() === planMarkdownDocument(PLAN), 'the plan file');
    const doc = await vscode.workspace.openTextDocument(planFile());
    const editor = await vscode.window.showTextDocument(doc);
    const line = doc.lineAt(1); // - [ ] Port the lexer
    await editor.edit((e) => e.replace(new vscode.Range(line.range.start, line.range.start.translate(0, 5)), '- [x]'));
    assert.ok(await doc.save());
    await waitFor(() => userEdits(logPath).length === 1, 'the user edit');
    assert.deepEqual(userEdits(logPath)[0]!.data, {
      todos: [PLAN[0], { content: 'Port the lexer', status: 'completed' }, PLAN[2]],
      origin: { kind: 'plan-file' },
    });
    await waitFor(
      () => api.planTreeRows().find((r) => r.label === 'Port the lexer')?.icon === 'pass',
      'the tree to show the tick',
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // A file the rules refuse changes nothing, and is rewritten from the log.
    fs.writeFileSync(planFile(), '- [ ] Read the parser\n- [x] Read the parser\n');
    await waitFor(() => readPlanFile() !== '' && readPlanFile().includes('Port the lexer'), 'the file rewritten');
    assert.equal(userEdits(logPath).length, 1, 'nothing appended');
  });

  it("the plan file's check lines: Set Check… writes one, a line added lands once from the file, a removed one removes it", async () => {
    const api = await getApi();
    const logPath = await turnWithPlan(api);
    const checkSets = () =>
      logLines(logPath)
        .filter((l) => l.type === 'plan/check-set')
        .map((l) => l.data);
    await waitFor(() => readPlanFile() === planMarkdownDocument(PLAN), 'the plan file');
    await vscode.commands.executeCommand('agentChecklist.plan.setCheck', 'Read the parser', 'npm run build');
    const built = planMarkdownDocument(PLAN, ['npm run build', null, null]);
    await waitFor(() => readPlanFile() === built, 'the check line under its item');

    const added = planMarkdownDocument(PLAN, ['npm run build', null, 'npm test']);
    fs.writeFileSync(planFile(), added);
    await waitFor(() => checkSets().length === 2, 'the check from the file');
    const { itemId, ...fromFile } = checkSets()[1] as { itemId: unknown };
    assert.deepEqual(fromFile, { item: 'Write the tests', command: 'npm test', from: 'file' });
    assert.equal(typeof itemId, 'string');
    const tooltip = () =>
      unescapeMarkdown(api.planTreeRows().find((r) => r.label === 'Write the tests')?.tooltip ?? '');
    await waitFor(
      () => /Check: npm test \(from the plan file, waiting/.test(tooltip()),
      'the tree: waiting for acceptance',
    );

    const removed = planMarkdownDocument(PLAN, [null, null, 'npm test']);
    fs.writeFileSync(planFile(), removed);
    await waitFor(() => checkSets().length === 3, 'the removal');
    assert.deepEqual(
      checkSets().map((d) => [(d as { item: string }).item, (d as { command: string | null }).command]),
      [
        ['Read the parser', 'npm run build'],
        ['Write the tests', 'npm test'],
        ['Read the parser', null],
      ],
      'each line once: the added line is not taken again by the syncs after it',
    );
    assert.equal(readPlanFile(), removed, 'the file keeps the check line the user added');
    assert.equal(userEdits(logPath).length, 0, 'the list itself did not change');
  });

  it('a model write during the user edit of the file is settled by order on the log, both versions in the history', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const modelSecond: Todo[] = [
      { content: 'Read the parser', status: 'completed' },
      { content: 'Port the lexer', status: 'in_progress' },
      { content: 'Write the tests', status: 'pending' },
    ];
    await useScript([todoWrite(PLAN), { delayMs: 3000, ...todoWrite(modelSecond) }, { text: 'Done.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Work slowly');
    await waitFor(() => (api.session()?.logPath ?? null) !== null, 'the session');
    const logPath = api.session()?.logPath ?? '';
    await waitFor(() => logLines(logPath).filter((l) => l.type === 'step/start').length === 2, 'the second step');
    await waitFor(() => readPlanFile() === planMarkdownDocument(PLAN), 'the first plan in the file');
    const users: Todo[] = [...PLAN, { content: 'Update the docs', status: 'pending' }];
    fs.writeFileSync(planFile(), planMarkdownDocument(users));
    assert.deepEqual(await turn, { kind: 'completed' });
    await waitFor(() => userEdits(logPath).length === 1, 'the file edit on the log');
    const versions = logLines(logPath).filter((l) => l.type === 'todo/write' || l.type === 'todo/user-edit');
    assert.deepEqual(
      versions.map((l) => [l.type, (l.data as { todos: unknown }).todos]),
      [
        ['todo/write', PLAN],
        ['todo/write', modelSecond],
        ['todo/user-edit', users],
      ],
      'the model write first, then the file edit (it landed after the step that wrote it)',
    );
    await waitFor(() => labels(api).includes('Update the docs'), 'the tree to show the user version');
    await waitFor(() => readPlanFile() === planMarkdownDocument(users), 'the file to hold the standing plan');
  });

  it('Start This Item: the item in progress by one user edit, a turn whose prompt names it; refused while a turn runs', async () => {
    const api = await getApi();
    const logPath = await turnWithPlan(api);
    await useScript([{ text: 'On it.' }]);
    assert.deepEqual(
      await vscode.commands.executeCommand('agentChecklist.plan.startItem', node(api, 'Port the lexer')),
      { kind: 'completed' },
    );
    assert.deepEqual(userEdits(logPath).at(-1)!.data, {
      todos: [
        { content: 'Read the parser', status: 'pending' },
        { content: 'Port the lexer', status: 'in_progress' },
        PLAN[2],
      ],
    });
    const prompts = logLines(logPath).filter((l) => l.type === 'user/message');
    assert.match(JSON.stringify(prompts.at(-1)!.data), /Work on item 2 of the plan now: Port the lexer/);

    await useScript([{ delayMs: 3000, text: 'Slow.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Something else');
    await waitFor(() => api.run().state === 'running', 'the turn to run');
    const edits = userEdits(logPath).length;
    assert.equal(
      await vscode.commands.executeCommand('agentChecklist.plan.startItem', node(api, 'Write the tests')),
      undefined,
    );
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.equal(userEdits(logPath).length, edits, 'refused: nothing appended');
  });

  it('with no session, the Plan view shows the file plan marked as from the file', async () => {
    const api = await getApi();
    await turnWithPlan(api);
    await waitFor(() => readPlanFile() === planMarkdownDocument(PLAN), 'the plan file');
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => labels(api).join('|') === PLAN.map((t) => t.content).join('|'), 'the file plan in the tree');
    assert.match(api.planViewDescription(), /^from the plan file · 0\/3$/);
  });

  it('Continue Plan in New Session… to an ACP agent: the new log begins with the plan naming the source; the first request carries it', async function () {
    this.timeout(240_000);
    const api = await getApi();
    const logPath = await turnWithPlan(api);
    const source = api.session()!.id;
    const server = await ScriptedModelServer.start();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-hand-over-'));
    try {
      const bin = path.join(
        vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
        'node_modules',
        '.bin',
        'claude-agent-acp',
      );
      await setSetting('acpAgents', {
        'claude-test': { title: 'Claude Code', command: bin, env: claudeEnv(server, home) },
      });
      // The agent takes the plan up as its own (the standing plan of its turn, which Start This Item starts from).
      const todos = PLAN.map((t) => ({ ...t, activeForm: t.content }));
      server.script({ tool: 'TodoWrite', input: { todos } }, { text: 'Taking it from here.' });
      const end = await vscode.commands.executeCommand(
        'agentChecklist.plan.continueInNewSession',
        'claude-test',
        'Carry on with the port.',
      );
      assert.deepEqual(end, { kind: 'completed' });
      const session = api.session()!;
      assert.notEqual(session.id, source);
      assert.notEqual(session.logPath, logPath);
      const lines = logLines(session.logPath ?? '');
      // The log begins with the hand-over: its first plan version, before the first turn (beside the agent's session id).
      const at = lines.findIndex((l) => l.type === 'todo/user-edit');
      assert.ok(at > 0 && at < lines.findIndex((l) => l.type === 'turn/start'), 'the hand-over comes first');
      assert.deepEqual(
        lines.slice(1, at).map((l) => l.type),
        ['acp/session'],
      );
      assert.deepEqual(lines[at]!.data, { todos: PLAN, origin: { kind: 'hand-over', session: source } });
      const first = server.requests.find((body) => body.includes('Carry on with the port.')) ?? '';
      assert.ok(first.includes(JSON.stringify(acpUserEditNote(PLAN)).slice(1, -1)), 'every item and its status');

      // Start This Item on it: the session's own agent (the entry titled Claude Code), not the chosen one (ours).
      await waitFor(() => labels(api).includes('Port the lexer'), "the agent's plan in the tree");
      server.script({ text: 'Porting.' });
      assert.deepEqual(
        await vscode.commands.executeCommand('agentChecklist.plan.startItem', node(api, 'Port the lexer')),
        { kind: 'completed' },
      );
      assert.equal(api.session()!.id, session.id, 'the same session continued');
      const started = userEdits(session.logPath ?? '').at(-1)!.data as { todos: Todo[] };
      assert.equal(started.todos.find((t) => t.content === 'Port the lexer')?.status, 'in_progress');
      assert.ok(
        server.requests.some((body) => body.includes('Work on item 2 of the plan now: Port the lexer')),
        'the agent was asked to work on the item',
      );

      // Its agent's command gone: refused, naming it, before anything changes.
      await setSetting('acpAgents', { 'claude-code': { command: path.join(home, 'gone', 'claude-agent-acp') } });
      const edits = userEdits(session.logPath ?? '').length;
      assert.equal(
        await vscode.commands.executeCommand('agentChecklist.plan.startItem', node(api, 'Write the tests')),
        undefined,
      );
      assert.equal(userEdits(session.logPath ?? '').length, edits, 'refused: nothing appended');
    } finally {
      await vscode.commands.executeCommand('agentChecklist.newSession');
      await setSetting('acpAgents', undefined);
      await server.close();
    }
  });
});
