// Plan first in the real extension host (agentChecklist.planFirst): the scripted model
// plans with todo_write and stops; the turn waits with the proposal on the log, the
// status bar says "Plan proposed · <n> items", and Approve Plan lets the same turn go on;
// an item the model then adds or rewords says "not in the approved plan" in the Plan tree's tooltip.
// The model is the scripted provider (the nondeterministic edge), through the same loop.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, logLines, setSetting, todoWrite, unescapeMarkdown, useScript, waitFor, type Todo } from './helpers';

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

  it('marks in the Plan tree tooltip what the model adds or rewords after the approval', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    const worked: Todo[] = [
      { content: 'Read the parser', status: 'completed' },
      { content: 'Fix the off-by-two', status: 'completed' },
      { content: 'Add a test', status: 'pending' },
    ];
    await useScript([todoWrite(PLAN, 'Let me plan.'), { text: 'This is my plan.' }, todoWrite(worked), { text: 'Done.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(() => (api.statusBarText() ?? '').includes('Plan proposed'), 'the plan to wait');
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    assert.deepEqual(await turn, { kind: 'completed' });
    // The model's write left the approved 'Fix the off-by-one' out: the tree also lists it under Dropped.
    await waitFor(() => api.planTreeRows().some((r) => r.label === 'Add a test'), 'the worked plan in the tree');
    const tooltip = (label: string): string => unescapeMarkdown(api.planTreeRows().find((r) => r.label === label)?.tooltip ?? '');
    assert.doesNotMatch(tooltip('Read the parser'), /approved plan/, 'an approved item is not marked');
    assert.match(tooltip('Fix the off-by-two'), /\n\nNot in the approved plan: approved as “Fix the off-by-one”\.$/);
    assert.match(tooltip('Add a test'), /\n\nNot in the approved plan: added since the approval\.$/);
  });
});
