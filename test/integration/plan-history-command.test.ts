// Agent Checklist: Show Plan History in the real extension host: it explains itself
// while there is nothing to show (no session; a session without a plan version), and
// otherwise asks the Agent view's page to open the history (a `planHistory` message
// with `reveal`, carrying every version) even when no plan stands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostMessage } from '../../extension/src/core/protocol/messages';
import { getApi, todoWrite, useScript, waitFor } from './helpers';

const SHOW = 'agentChecklist.showPlanHistory';

/** The latest `planHistory` message with `reveal` posted after seq `after`. */
function lastReveal(messages: HostMessage[], after: number): Extract<HostMessage, { type: 'planHistory' }> | undefined {
  return messages
    .filter(
      (m): m is Extract<HostMessage, { type: 'planHistory' }> =>
        m.seq > after && m.type === 'planHistory' && m.reveal === true,
    )
    .at(-1);
}

describe('Show Plan History', () => {
  before(async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent webview to say ready');
  });

  it('explains that there is no history without a session or a plan version, and opens nothing', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const seqBefore = api.webview().lastSeq;
    assert.equal(await vscode.commands.executeCommand(SHOW), false, 'no session');
    await useScript([{ text: 'A plain answer, no plan.' }]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Say hello');
    assert.equal(await vscode.commands.executeCommand(SHOW), false, 'a session without a plan version');
    assert.equal(lastReveal(api.webviewMessages(), seqBefore), undefined, 'the page was not asked to open the history');
  });

  it('opens the history in the Agent view with every version once the plan no longer stands', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite([{ content: 'Read the parser', status: 'in_progress' }]),
      todoWrite([{ content: 'Read the parser', status: 'completed' }], 'Read it.'),
      { text: 'Done for now.' },
      { text: 'A plain answer, no plan.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'First');
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Second');
    assert.deepEqual(api.planTreeRows(), [], 'the next turn cleared the standing plan');
    const seqBefore = api.webview().lastSeq;
    assert.equal(await vscode.commands.executeCommand(SHOW), true);
    await waitFor(
      () => lastReveal(api.webviewMessages(), seqBefore) !== undefined,
      'the page to be asked to open the history',
    );
    const reveal = lastReveal(api.webviewMessages(), seqBefore);
    assert.deepEqual(
      reveal?.history?.map((v) => [v.number, v.by, v.plan.todos.map((t) => t.status)]),
      [
        [1, 'model', ['in_progress']],
        [2, 'model', ['completed']],
      ],
    );
  });
});
