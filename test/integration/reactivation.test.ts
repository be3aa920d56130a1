// Re-activation, as VS Code does it (deactivate(), then dispose the subscriptions),
// followed by activate() with the same context: nothing is left twice, the session's
// write lock was released and the plan comes back from the log; a large latest session
// is reopened as a pick opens it (previewed, then streamed), not read by activation.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, largeSessionBeside, logLines, todoWrite, toolCall, useScript, waitFor } from './helpers';

/** The ids of the commands registered now under agentChecklist., sorted. */
async function ourCommands(): Promise<string[]> {
  return (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('agentChecklist.')).sort();
}

describe('re-activation', () => {
  it('leaves exactly one of every adapter and reopens the same session for writing', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite([
        { content: 'Before reload', status: 'in_progress' },
        { content: 'After reload', status: 'pending' },
      ]),
      { text: 'Paused.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Start');
    const before = api.session();
    assert.ok(before?.logPath);
    const commands = await ourCommands();
    assert.ok(commands.length >= 10, `our commands are read (${commands.length})`);

    // VS Code refuses a second registration of a command, view provider or tree view id: the
    // re-activation rejects unless the old activation disposed every one of them.
    await api.reactivate();
    const next = api; // the same API object, now reading the new activation
    assert.deepEqual(await ourCommands(), commands, 'the same commands, each registered by the new activation');
    const after = next.session();
    assert.equal(after?.id, before.id, 'the latest session was reopened');
    assert.equal(after?.readOnly, false, 'for writing: the old activation released its lock');
    assert.equal(next.statusBarText(), '$(checklist) 0/2 · Before reload', 'the plan came back from the log');

    const linesBefore = logLines(before.logPath).length;
    await useScript([
      todoWrite([
        { content: 'Before reload', status: 'completed' },
        { content: 'After reload', status: 'in_progress' },
      ]),
      { text: 'Continued.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Continue');
    const added = logLines(before.logPath)
      .slice(linesBefore)
      .map((l) => l.type);
    assert.deepEqual(
      added,
      [
        'turn/start',
        'user/message',
        'step/start',
        'assistant/message',
        'tool/call',
        'todo/write',
        'tool/result',
        'step/end',
        'plan/verify-completion', // 'Before reload' was completed with no tool call: the model is told once
        'step/start',
        'assistant/message',
        'step/end',
        'turn/end',
      ],
      'one command handler and one session wrote each event once',
    );
    assert.equal(next.statusBarText(), '$(checklist) 1/2 · After reload');
    assert.deepEqual(
      next.planTreeRows().map((r) => r.label),
      ['Before reload', 'After reload'],
    );
  });

  // The host-side reads above (planTreeRows/planTree call the provider directly) pass
  // even when the workbench's Plan tree is dead. This one asks the WORKBENCH: reveal()
  // goes to it, and the selection it reports back carries its own tree's item handles.
  // Before the old view's (async) dispose was awaited, it deleted the new view by id
  // in both the host and the workbench: the reveal then rejected ("No tree view with
  // id 'agentChecklist.plan' registered" in the log) or no selection came back.
  it("shows the restored plan in the workbench's own Plan tree (a reveal it answers with its selection)", async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite([
        { content: 'Seen by the workbench', status: 'in_progress' },
        { content: 'Then nested', status: 'pending' },
      ]),
      { text: 'Paused.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Start');
    const id = (label: string): string =>
      api.planTreeRows().find((r) => r.label === label)?.id ?? assert.fail(`no row ${label}`);
    assert.deepEqual(
      await api.revealPlanTreeNode(id('Then nested')),
      ['Then nested'],
      'before: the workbench holds the item',
    );

    await api.reactivate();
    assert.deepEqual(
      await api.revealPlanTreeNode(id('Seen by the workbench')),
      ['Seen by the workbench'],
      'after re-activation: the workbench holds the restored item',
    );
    assert.deepEqual(await api.revealPlanTreeNode(id('Then nested')), ['Then nested']);
  });

  it('rebuilds the nested subagent plans from the logs alone', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite([{ content: 'Delegate the survey', status: 'in_progress' }]),
      toolCall('subagent', { description: 'Survey the code', prompt: 'List the modules.' }),
      todoWrite([{ content: 'List the modules', status: 'completed' }]),
      { text: 'Modules listed.' },
      { text: 'The survey is done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Survey'), {
      kind: 'completed',
    });
    const tree = (): unknown =>
      api
        .planTree()
        .map((r) => [
          r.label,
          r.children.map((c) => [c.label, c.icon, c.description, c.children.map((g) => [g.label, g.icon])]),
        ]);
    const expected = [
      ['Delegate the survey', [['Subagent: Survey the code', 'pass', '1/1 · done', [['List the modules', 'warning']]]]],
    ];
    assert.deepEqual(tree(), expected, 'live');

    await api.reactivate(); // rejects if an id of the old activation (command, view, tree) is still registered
    assert.deepEqual(tree(), expected, 'the same nesting, read from the parent and child logs');
    const grandchild = api.planTree()[0]?.children[0]?.children[0]?.id ?? assert.fail('no subagent item');
    assert.deepEqual(
      await api.revealPlanTreeNode(grandchild),
      ['List the modules'],
      "the workbench's tree reaches the nested item (expanding its parents)",
    );
  });

  it('is reopened on activation as a pick is: activation returns before its log is read, then it opens for writing', async () => {
    const api = await getApi();
    const large = await largeSessionBeside('large-latest-session', 'The latest large session');

    await api.reactivate();
    assert.equal(api.session()?.logPath ?? null, null, 'activation did not read the large log before it returned');
    await waitFor(() => api.session()?.logPath === large.path, 'the latest (large) session reopened', 60_000);
    assert.equal(api.session()?.readOnly, false, 'for writing');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      large.lastPlan.map((t) => t.content),
    );
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });
});
