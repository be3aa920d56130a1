// Activation and contributions, checked through the real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, getApi, waitFor } from './helpers';

const PLAN_EDIT_COMMAND_IDS = [
  'markCompleted',
  'markInProgress',
  'markPending',
  'editText',
  'addItem',
  'remove',
  'moveUp',
  'moveDown',
  'restore',
  'showChanges',
  'revertItem',
  'restoreWorkspace',
  'startItem',
  'continueInNewSession',
].map((c) => `agentChecklist.plan.${c}`);
const COMMANDS = [
  'agentChecklist.sendPrompt',
  'agentChecklist.newSession',
  'agentChecklist.stop',
  'agentChecklist.focusPlan',
  'agentChecklist.showLog',
  'agentChecklist.exportPlan',
  'agentChecklist.setApiKey',
  'agentChecklist.setUpAgent',
  'agentChecklist.compactConversation',
  'agentChecklist.openInEditor',
  'agentChecklist.showPlanHistory',
  'agentChecklist.openAgentFile',
  'agentChecklist.openBoard',
  'agentChecklist.enableClaudeCodeTasks',
  'agentChecklist.enableCodexPlanTool',
  'agentChecklist.chooseAgent',
  'agentChecklist.approvePlan',
  'agentChecklist.rejectPlan',
  'agentChecklist.useLanguageModel',
  'agentChecklist.plan.runAll',
  'agentChecklist.plan.runParallel',
  'agentChecklist.plan.mergeItem',
  'agentChecklist.plan.discardItem',
  'agentChecklist.plan.setCheck',
  'agentChecklist.plan.removeCheck',
  'agentChecklist.plan.runCheck',
  'agentChecklist.plan.commentItem',
  'agentChecklist.plan.resolveComment',
  'agentChecklist.plan.sendComments',
  ...PLAN_EDIT_COMMAND_IDS,
];

describe('activation', () => {
  it('activates lazily on its views and commands, and then is active', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'the extension is loaded');
    const events: unknown = extension.packageJSON.activationEvents;
    assert.ok(Array.isArray(events));
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), 'no eager activation');
    assert.ok(events.includes('onView:agentChecklist.agent') && events.includes('onView:agentChecklist.plan'));
    await getApi();
    assert.equal(extension.isActive, true);
  });

  it('registers every command of the manifest with the command service', async () => {
    await getApi();
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of COMMANDS) assert.ok(registered.has(id), `${id} is registered`);
    const manifest: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands;
    assert.ok(Array.isArray(manifest));
    assert.deepEqual(manifest.map((c: { command: string }) => c.command).sort(), [...COMMANDS].sort());
  });

  it('contributes the Agent webview and the Plan tree in the agentChecklist container', () => {
    const contributes = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes;
    assert.deepEqual(
      contributes.views.agentChecklist.map((v: { id: string; type?: string }) => [v.id, v.type ?? 'tree']),
      [
        ['agentChecklist.agent', 'webview'],
        ['agentChecklist.plan', 'tree'],
      ],
    );
    assert.equal(contributes.viewsContainers.activitybar[0].id, 'agentChecklist');
  });

  it('starts with the demo provider and the documented defaults', () => {
    const config = vscode.workspace.getConfiguration('agentChecklist');
    assert.equal(config.inspect('provider')?.defaultValue, 'demo');
    assert.equal(config.inspect('todo.allowParallelInProgress')?.defaultValue, true);
    assert.equal(config.inspect('maxSteps')?.defaultValue, 200);
  });

  it('focuses the Plan view and resolves the Agent webview, which says ready and gets a snapshot', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.focusPlan');
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent webview to say ready');
    const state = api.webview();
    assert.equal(state.resolved, true, 'the webview view was resolved');
    assert.equal(state.ready, true, 'the page said ready');
    assert.ok(state.lastSeq >= 1, 'the host answered with a snapshot');
  });
});
