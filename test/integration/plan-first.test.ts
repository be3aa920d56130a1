// Plan first in the real extension host (agentChecklist.planFirst): the scripted model
// plans with todo_write and stops; the turn waits with the proposal on the log, the
// status bar says "Plan proposed · <n> items", and Approve Plan lets the same turn go on;
// an item the model then adds or rewords asks again (the strip lists what changed since
// the approval, Approve Plan goes on), or, with agentChecklist.reapproveOnScopeChange off,
// says "not in the approved plan" in the Plan tree's tooltip.
// The Agent view's side: the strip's plan is posted `proposed` (waiting) and the Plan
// view says "proposed"; the page's decidePlan is answered as the commands answer it
// (a rejection with the page's feedback, then an approval); its setPlanFirst writes
// the setting, which the composer's toggle gets back; a proposal while the view is
// hidden raises one notification.
// The model is the scripted provider (the nondeterministic edge), through the same loop.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostMessage, PlanView } from '../../extension/src/core/protocol/messages';
import { getApi, logLines, setSetting, todoWrite, unescapeMarkdown, useScript, waitFor, type Todo } from './helpers';

/** The latest plan the host posted to the Agent view (a snapshot's or a plan message's). */
function postedPlan(messages: HostMessage[]): PlanView | null | undefined {
  let plan: PlanView | null | undefined;
  for (const m of messages) if (m.type === 'plan' || m.type === 'snapshot') plan = m.plan;
  return plan;
}

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'pending' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

describe('plan first in the editor', () => {
  afterEach(async () => {
    await setSetting('planFirst', undefined);
    await setSetting('reapproveOnScopeChange', undefined);
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('waits with the proposed plan, says so in the status bar, and Approve Plan goes on in the same turn', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    await useScript([
      todoWrite(PLAN, 'Let me plan.'),
      { text: 'This is my plan.' },
      todoWrite(PLAN.map((t) => ({ ...t, status: 'completed' }))),
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(
      () => (api.statusBarText() ?? '').includes('Plan proposed · 2 items'),
      'the status bar to say the plan waits',
    );
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const types = () =>
      logLines(logPath)
        .slice(1)
        .map((l) => l.type);
    assert.ok(types().includes('plan/proposed'), 'the proposal is on the log');
    assert.equal(types().includes('turn/end'), false, 'the turn waits, it has not ended');
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.deepEqual(
      types().filter((t) => t.startsWith('plan/') || t === 'turn/start' || t === 'turn/end'),
      ['turn/start', 'plan/proposed', 'plan/approved', 'plan/verify-completion', 'turn/end'],
      'one turn: proposed, approved, then the work (its items completed with no tool call: the model is told once)',
    );
    assert.equal(api.statusBarText(), '$(checklist) 2/2', 'the progress again once approved and done');
  });

  it('the Agent view: the strip’s plan is proposed and waiting, the Plan view says so, and the page’s decisions are answered (reject with feedback, then approve)', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus'); // a page to post to
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    await setSetting('planFirst', true);
    const revised = [...PLAN, { content: 'Add a regression test', status: 'pending' as const }];
    await useScript([
      todoWrite(PLAN),
      { text: 'My plan.' },
      todoWrite(revised),
      { text: 'Revised.' },
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(
      () => postedPlan(api.webviewMessages())?.proposed?.waiting === true,
      'the strip to show the plan proposed, waiting',
    );
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.equal(api.planViewDescription(), 'proposed · 0/2');
    await api.webviewMessage({
      type: 'decidePlan',
      decision: { kind: 'reject', feedback: 'Add a regression test first' },
    });
    await waitFor(
      () =>
        postedPlan(api.webviewMessages())?.todos.length === 3 &&
        postedPlan(api.webviewMessages())?.proposed?.waiting === true,
      'the revised plan proposed',
    );
    assert.equal(api.planViewDescription(), 'proposed · 0/3');
    await api.webviewMessage({ type: 'decidePlan', decision: { kind: 'approve' } });
    assert.deepEqual(await turn, { kind: 'completed' });
    const review = logLines(logPath).filter((l) => l.type.startsWith('plan/'));
    assert.deepEqual(
      review.map((l) => l.type),
      ['plan/proposed', 'plan/rejected', 'plan/proposed', 'plan/approved'],
    );
    assert.equal(
      (review[1]?.data as { feedback?: string }).feedback,
      'Add a regression test first',
      'the page’s feedback, as the command records it',
    );
    assert.equal(postedPlan(api.webviewMessages())?.proposed, undefined, 'approved: no longer proposed');
    assert.equal(api.planViewDescription(), '0/3');
  });

  it('the composer’s Plan first toggle writes the setting and gets it back', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    const planFirst = () => vscode.workspace.getConfiguration('agentChecklist').get<boolean>('planFirst');
    const posted = (): boolean | undefined =>
      api
        .webviewMessages()
        .flatMap((m) => (m.type === 'provider' || m.type === 'snapshot' ? [m.provider.planFirst] : []))
        .at(-1);
    // The page's message is handled as it arrives (not awaited here): what it changed is waited for.
    await api.webviewMessage({ type: 'setPlanFirst', on: true });
    await waitFor(() => planFirst() === true && posted() === true, 'the setting on and the toggle pressed');
    assert.equal(
      vscode.workspace.getConfiguration('agentChecklist').inspect<boolean>('planFirst')?.globalValue,
      true,
      'in the user settings (the workspace sets none)',
    );
    await api.webviewMessage({ type: 'setPlanFirst', on: false });
    await waitFor(() => planFirst() === false && posted() === false, 'the setting off and the toggle released');
  });

  it('notifies once when a plan is proposed while the Agent view is hidden', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => !api.webview().visible, 'the Agent view hidden');
    const before = api.attentionNoticesShown().shown;
    await useScript([todoWrite(PLAN), { text: 'My plan.' }, { text: 'Done.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    try {
      await waitFor(() => api.attentionNoticesShown().shown === before + 1, 'the notification');
      assert.deepEqual(api.attentionNoticesShown().last, {
        level: 'warning',
        text: 'The agent proposed a plan and waits for your decision: approve, edit or reject it. Plan: 0/2 done',
      });
    } finally {
      await vscode.commands.executeCommand('agentChecklist.approvePlan');
      await vscode.commands.executeCommand('workbench.view.extension.agentChecklist'); // the container back, for the suites after this one
    }
    assert.deepEqual(await turn, { kind: 'completed' });
  });

  it('asks again when the model grows the approved plan: Needs approval with the diff since the approval, and Approve Plan goes on', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus'); // a page to post to
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    await setSetting('planFirst', true);
    const grown: Todo[] = [
      { content: 'Read the parser', status: 'completed' },
      ...PLAN.slice(1),
      { content: 'Add a regression test', status: 'pending' },
    ];
    await useScript([
      todoWrite(PLAN, 'Let me plan.'),
      { text: 'This is my plan.' },
      todoWrite(grown),
      todoWrite(grown.map((t) => ({ ...t, status: 'completed' }))),
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(() => (api.statusBarText() ?? '').includes('Plan proposed · 2 items'), 'the plan to wait');
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    await waitFor(
      () => (postedPlan(api.webviewMessages())?.proposed?.sinceApproval?.rows.length ?? 0) > 0,
      'the grown plan proposed again, with what changed since the approval',
    );
    const proposed = postedPlan(api.webviewMessages())?.proposed;
    assert.equal(proposed?.waiting, true);
    assert.deepEqual(
      proposed?.sinceApproval?.rows.map((row) => [row.kind, row.text]),
      [
        ['status', 'Read the parser'],
        ['added', 'Add a regression test'],
      ],
    );
    assert.ok((api.statusBarText() ?? '').includes('Plan proposed · 3 items'), api.statusBarText() ?? '');
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.equal(
      logLines(logPath).some((l) => l.type === 'turn/end'),
      false,
      'the turn waits for the decision',
    );
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    assert.deepEqual(await turn, { kind: 'completed' });
    assert.deepEqual(
      logLines(logPath)
        .filter((l) => l.type.startsWith('plan/') && l.type !== 'plan/verify-completion')
        .map((l) => l.type),
      ['plan/proposed', 'plan/approved', 'plan/scope-changed', 'plan/proposed', 'plan/approved'],
    );
    assert.equal(postedPlan(api.webviewMessages())?.proposed, undefined, 'approved again: no longer proposed');
  });

  it('marks in the Plan tree tooltip what the model adds or rewords after the approval (not asked again)', async function () {
    this.timeout(60_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    await setSetting('reapproveOnScopeChange', false);
    const worked: Todo[] = [
      { content: 'Read the parser', status: 'completed' },
      { content: 'Fix the off-by-two', status: 'completed' },
      { content: 'Add a test', status: 'pending' },
    ];
    await useScript([
      todoWrite(PLAN, 'Let me plan.'),
      { text: 'This is my plan.' },
      todoWrite(worked),
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
    await waitFor(() => (api.statusBarText() ?? '').includes('Plan proposed'), 'the plan to wait');
    await vscode.commands.executeCommand('agentChecklist.approvePlan');
    assert.deepEqual(await turn, { kind: 'completed' });
    // The model's write left the approved 'Fix the off-by-one' out: the tree also lists it under Dropped.
    await waitFor(() => api.planTreeRows().some((r) => r.label === 'Add a test'), 'the worked plan in the tree');
    const tooltip = (label: string): string =>
      unescapeMarkdown(api.planTreeRows().find((r) => r.label === label)?.tooltip ?? '');
    assert.doesNotMatch(tooltip('Read the parser'), /approved plan/, 'an approved item is not marked');
    assert.match(tooltip('Fix the off-by-two'), /\n\nNot in the approved plan: approved as “Fix the off-by-one”\.$/);
    assert.match(tooltip('Add a test'), /\n\nNot in the approved plan: added since the approval\.$/);
  });
});
