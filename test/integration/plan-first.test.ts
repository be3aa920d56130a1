// Plan first in the real extension host (agentChecklist.planFirst): the scripted model
// plans with todo_write and stops; the turn waits with the proposal on the log, the
// status bar says "Plan proposed · <n> items", and Approve Plan lets the same turn go on.
// The model is the scripted provider (the nondeterministic edge), through the same loop.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, logLines, setSetting, todoWrite, useScript, waitFor, type Todo } from './helpers';

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'pending' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

describe('plan first in the editor', () => {
  afterEach(async () => {
    await setSetting('planFirst', undefined);
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('waits with the proposed plan, says so in the status bar, and Approve Plan goes on in the same turn', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    await useScript([todoWrite(PLAN, 'Let me plan.'), { text: 'This is my plan.' }, todoWrite(PLAN.map((t) => ({ ...t, status: 'completed' }))), { text: 'Done.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(() => (api.statusBarText() ?? '').includes('Plan proposed · 2 items'), 'the status bar to say the plan waits');
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const types = () => logLines(logPath).slice(1).map((l) => l.type);
    assert.ok(types().includes('plan/proposed'), 'the proposal is on the log');
    assert.equal(types().includes('turn/end'), false, 'the turn waits, it has not ended');
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.deepEqual(types().filter((t) => t.startsWith('plan/') || t === 'turn/start' || t === 'turn/end'), ['turn/start', 'plan/proposed', 'plan/approved', 'turn/end'], 'one turn: proposed, approved, then the work');
    assert.equal(api.statusBarText(), '$(checklist) 2/2', 'the progress again once approved and done');
  });
});
