// Subagents in the extension: the child session's own plan appears nested in the
// real Plan tree data provider (under the parent item that was in progress when it
// started), live while it runs and from its log once it ended; the parent's
// plan never takes the child's writes; the child's transcript opens in the Agent
// view; the session list leaves child sessions out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostMessage } from '../../extension/src/core/protocol/messages';
import { getApi, logLines, toolCall, todoWrite, useScript, waitFor, treeShape } from './helpers';

describe('subagent plans in the Plan tree', () => {
  before(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('nests the child plan under the parent item while it runs and opens its transcript', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    // One queue serves parent and child in request order.
    await useScript([
      todoWrite([
        { content: 'Investigate the crash', status: 'in_progress' },
        { content: 'Fix it', status: 'pending' },
      ]),
      toolCall('subagent', { description: 'Find the crash', prompt: 'Find where the parser crashes.' }), // parent
      todoWrite([
        { content: 'Read the stack trace', status: 'completed' },
        { content: 'Bisect the input', status: 'in_progress' },
      ]), // child
      { delayMs: 60_000, text: 'never reached' }, // child, held until Stop
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the crash');
    try {
      await waitFor(() => api.planTree()[0]?.children[0]?.children.length === 2, 'the child plan nested in the tree');
      const live = api.planTree();
      assert.deepEqual(treeShape(live), [
        ['Investigate the crash', [['Subagent: Find the crash', ['Read the stack trace', 'Bisect the input']]]],
        'Fix it',
      ]);
      const subagent = live[0]?.children[0];
      assert.equal(subagent?.icon, 'sync~spin', 'the subagent runs');
      assert.equal(subagent?.collapsible, 'expanded');
      assert.equal(subagent?.description, '1/2 · running');
      assert.deepEqual(
        subagent?.children.map((r) => r.icon),
        ['warning', 'sync~spin'],
        "the child's own items, with their own status (completed with no tool call: flagged)",
      );
      assert.deepEqual(
        api.planTreeRows().map((r) => r.label),
        ['Investigate the crash', 'Fix it'],
        "the parent's plan keeps its own two items",
      );
      assert.equal(
        api.statusBarText(),
        '$(loading~spin) 0/2 · Investigate the crash',
        "the status bar counts the parent's plan only",
      );

      const childId = /subagent:([^/]+)/.exec(subagent?.id ?? '')?.[1];
      assert.ok(childId, `the node id names the child session: ${subagent?.id}`);
      await api.webviewMessage({ type: 'openChild', sessionId: childId });
      // The subagent's transcript opens as the page's panel of kind `child`.
      const childPanel = (m: HostMessage) => (m.type === 'panel' && m.panel?.kind === 'child' ? m.panel.view : null);
      await waitFor(
        () => api.webviewMessages().some((m) => childPanel(m)?.plan?.progress.total === 2),
        "the child's view",
      );
      const child = childPanel(
        api
          .webviewMessages()
          .filter((m) => m.type === 'panel')
          .at(-1)!,
      );
      assert.ok(child);
      assert.deepEqual(
        { title: child.title, running: child.running, plan: child.plan?.todos.map((t) => t.content) },
        { title: 'Find the crash', running: true, plan: ['Read the stack trace', 'Bisect the input'] },
      );
      assert.ok(
        child.items.some((i) => i.kind === 'user' && i.text === 'Find where the parser crashes.'),
        "the child's transcript",
      );
      await api.webviewMessage({ type: 'closeChild' });

      // A click on the subagent row opens the same view.
      assert.deepEqual(subagent?.command, { id: 'agentChecklist.openSubagent', arguments: [childId] });
      await vscode.commands.executeCommand(subagent.command.id, ...subagent.command.arguments);
      const lastPanel = () =>
        api
          .webviewMessages()
          .filter((x) => x.type === 'panel')
          .at(-1);
      await waitFor(() => {
        const m = lastPanel();
        return m !== undefined && childPanel(m)?.sessionId === childId;
      }, 'the child view from the tree row');
      await api.webviewMessage({ type: 'closeChild' });
      const closed = lastPanel();
      assert.deepEqual(closed?.type === 'panel' ? closed.panel : 'missing', null);
    } finally {
      await vscode.commands.executeCommand('agentChecklist.stop');
    }
    assert.deepEqual(await turn, { kind: 'aborted' });

    const ended = api.planTree()[0]?.children[0];
    assert.equal(ended?.icon, 'circle-slash', 'stopped: no spinner');
    assert.equal(ended?.description, '1/2 · stopped');
    const parentLog = api.session()?.logPath;
    assert.ok(parentLog);
    const parentTypes = logLines(parentLog).map((l) => l.type);
    assert.ok(parentTypes.includes('subagent/start') && parentTypes.includes('subagent/end'));
    assert.equal(
      parentTypes.filter((t) => t === 'todo/write').length,
      1,
      "the child's write is not in the parent's log",
    );
    assert.ok(
      !api.sessions().some((s) => s.title === 'Find the crash'),
      'the session list leaves the child session out',
    );
    assert.ok(
      api.sessions().some((s) => s.current && s.id === api.session()?.id),
      'and marks the shown session',
    );
  });

  it('opens an older session from the list through the Agent view message, with its plan', async () => {
    const api = await getApi();
    const older = api.session()?.id;
    assert.ok(older);
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([todoWrite([{ content: 'Newer work', status: 'in_progress' }]), { text: 'Newer.' }]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Newer session');
    assert.notEqual(api.session()?.id, older);
    assert.equal(api.sessions()[0]?.id, api.session()?.id, 'newest first');

    await api.webviewMessage({ type: 'openSession', id: older });
    // Opening streams the log off the event loop: the page's message starts it, it ends later.
    await waitFor(() => api.session()?.id === older, 'the older session shown');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      ['Investigate the crash', 'Fix it'],
      'its plan came back from its log',
    );
    assert.deepEqual(
      treeShape(api.planTree()),
      [
        ['Investigate the crash', [['Subagent: Find the crash', ['Read the stack trace', 'Bisect the input']]]],
        'Fix it',
      ],
      "the child's plan read from the child's log",
    );
  });
});
