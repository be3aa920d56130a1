// A scripted session's plan reaching the real tree data provider and the real status
// bar item, both fed by the host's fold of the session log.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { getApi, logLines, setSetting, todoWrite, useScript, waitFor, type Todo } from './helpers';

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Fix the off-by-one', status: 'in_progress' },
  { content: 'Write a regression test', status: 'pending' },
];

describe('plan surfaces', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('todo.allowParallelInProgress', undefined);
  });

  it('shows nothing while no plan stands', async () => {
    const api = await getApi();
    assert.equal(api.session(), null, 'a new session starts empty');
    assert.deepEqual(api.planTreeRows(), []);
    assert.equal(api.statusBarText(), null, 'the status bar item is hidden');
  });

  it('puts the standing plan in the tree (in order, an icon per status) and the status bar', async () => {
    const api = await getApi();
    await useScript([
      todoWrite(PLAN.map((t) => ({ ...t, status: 'pending' }))),
      todoWrite(PLAN, 'Working on it.'),
      { text: 'Paused here.' },
    ]);
    const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    assert.deepEqual(reason, { kind: 'completed' });

    const rows = api.planTreeRows();
    assert.deepEqual(
      rows.map((r) => [r.label, r.icon]),
      [
        ['Read the parser', 'warning'], // completed with no tool call: flagged
        ['Fix the off-by-one', 'debug-start'], // in progress, but its turn is over: no spinner
        ['Write a regression test', 'circle-large-outline'],
      ],
    );
    assert.equal(rows[0]?.description, 'completed · no work recorded');
    assert.match(rows[1]?.description ?? '', /^in progress · \d+s$/, 'in progress, with the time it has been');
    assert.equal(rows[2]?.description, '');
    assert.equal(api.statusBarText(), '$(checklist) 1/3 · Fix the off-by-one');

    const session = api.session();
    assert.ok(session?.logPath && fs.existsSync(session.logPath), 'the session has a log on disk');
    const writes = logLines(session.logPath).filter((l) => l.type === 'todo/write');
    assert.equal(writes.length, 2, 'both todo_write calls were logged');
  });

  it('counts every in-progress item: the status bar adds +n for the others', async () => {
    const api = await getApi();
    await useScript([
      todoWrite([
        { content: 'Port the lexer', status: 'in_progress' },
        { content: 'Port the parser', status: 'in_progress' },
        { content: 'Port the printer', status: 'in_progress' },
      ]),
      { text: 'Three at once.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port everything');
    assert.equal(api.statusBarText(), '$(checklist) 0/3 · Port the lexer +2');
    assert.equal(api.planTreeRows().filter((r) => r.description.startsWith('in progress')).length, 3);
  });

  it('keeps the plan after the turn ends and clears it everywhere when the next turn starts', async () => {
    const api = await getApi();
    await useScript([todoWrite(PLAN), { text: 'Done for now.' }, { text: 'A plain answer, no plan.' }]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'First');
    assert.equal(api.planTreeRows().length, 3, 'the plan stands after turn/end');
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Second');
    assert.deepEqual(api.planTreeRows(), [], 'turn/start cleared the tree');
    assert.equal(api.statusBarText(), null, 'and hid the status bar item');
  });

  it('applies agentChecklist.todo.allowParallelInProgress = false: two items in progress are refused', async () => {
    const api = await getApi();
    await setSetting('todo.allowParallelInProgress', false);
    await useScript([
      todoWrite([
        { content: 'One', status: 'in_progress' },
        { content: 'Two', status: 'pending' },
      ]),
      todoWrite([
        { content: 'One', status: 'in_progress' },
        { content: 'Two', status: 'in_progress' },
      ]),
      { text: 'Ok.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Serial only');
    assert.equal(api.statusBarText(), '$(checklist) 0/2 · One', 'the refused list never became the plan');
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const results = logLines(logPath).filter((l) => l.type === 'tool/result');
    assert.match(JSON.stringify(results[1]?.data), /at most one task may be in_progress/);
  });

  it('stops a running turn: it ends aborted and the plan written so far stands', async () => {
    const api = await getApi();
    await useScript([todoWrite(PLAN), { delayMs: 60_000, text: 'never reached' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Long task');
    await waitFor(() => api.planTreeRows().length === 3, 'the first plan');
    assert.equal(api.run().state, 'running');
    await vscode.commands.executeCommand('agentChecklist.stop');
    assert.deepEqual(await turn, { kind: 'aborted' });
    assert.equal(api.run().state, 'idle');
    assert.equal(api.statusBarText(), '$(checklist) 1/3 · Fix the off-by-one');
  });

  for (const provider of ['anthropic', 'vscode-lm']) {
    it(`reports a provider that cannot run (${provider} here) instead of starting a turn`, async () => {
      const api = await getApi();
      await setSetting('provider', provider);
      try {
        const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Hello');
        assert.equal(reason, undefined, 'no turn ran');
        assert.equal(api.session(), null, 'no session was created for it');
      } finally {
        await setSetting('provider', undefined);
      }
    });
  }
});
