// Plan review in the real extension host (issue 51), against an OpenAI-compatible model
// on 127.0.0.1 whose answers are scripted (the model edge): with plan first on, the
// model proposes; Comment on Item… on the Plan tree's item records a plan/comment on
// the proposed version (shown under the item in the strip's plan and the tree's
// tooltip); Send Comments rejects the proposal with the comments as the feedback, which
// the next request carries; the revision then shows what changed since the version the
// user last saw (the strip's changes, the tree's description) and the comment addressed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { HostMessage, PlanView } from '../../extension/src/core/protocol/messages';
import { getApi, logLines, setSetting, unescapeMarkdown, waitFor, type Todo } from './helpers';
import { LoopbackModel, messageText } from './loopback-model';

const KEY = 'sk-loopback-plan-review-0123456789';

function postedPlan(messages: HostMessage[]): PlanView | null | undefined {
  let plan: PlanView | null | undefined;
  for (const m of messages) if (m.type === 'plan' || m.type === 'snapshot') plan = m.plan;
  return plan;
}

/** `promise`, or a failure that names `what` after 20 s (a hang says where it is). */
function within<T>(promise: Thenable<T>, what: string): Promise<T> {
  return Promise.race([
    Promise.resolve(promise),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`gave up waiting for ${what}`)), 20_000)),
  ]);
}

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'pending' },
  { content: 'Fix the off-by-one', status: 'pending' },
];
const REVISED: Todo[] = [
  { content: 'Read the parser', status: 'pending' },
  { content: 'Fix the off-by-one in the lexer', status: 'pending' },
  { content: 'Add a regression test', status: 'pending' },
];

describe('plan review in the editor', () => {
  it('Comment on Item… on a proposed plan, Send Comments as the rejection, the revision’s diff', async function () {
    this.timeout(90_000);
    const model = new LoopbackModel([
      { todos: PLAN },
      { text: 'My plan.' },
      { todos: REVISED },
      { text: 'Revised.' },
      { text: 'Done.' },
    ]);
    const api = await getApi();
    const row = (label: string) => api.planTreeRows().find((r) => unescapeMarkdown(r.label) === label);
    try {
      await vscode.commands.executeCommand('agentChecklist.agent.focus');
      await api.storeApiKey('openai', KEY);
      await setSetting('openai.baseUrl', await model.listen());
      await setSetting('openai.model', 'loopback-model');
      await setSetting('provider', 'openai');
      await setSetting('planFirst', true);
      await vscode.commands.executeCommand('agentChecklist.newSession');
      await waitFor(() => api.webview().ready, 'the Agent view to say ready');
      const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the parser bug');
      await waitFor(() => postedPlan(api.webviewMessages())?.proposed?.waiting === true, 'the plan proposed');
      const logPath = api.session()?.logPath ?? '';

      const node = api.planTreeNode(row('Fix the off-by-one')?.id ?? '');
      const made = await within(
        vscode.commands.executeCommand('agentChecklist.plan.commentItem', node, 'Which file?'),
        'Comment on Item…',
      );
      assert.equal(z.object({ kind: z.string() }).parse(made).kind, 'applied');
      const comment = logLines(logPath).find((l) => l.type === 'plan/comment');
      assert.ok(comment, 'the comment is on the log');
      await waitFor(
        () => postedPlan(api.webviewMessages())?.todos[1]?.comments?.[0]?.state === 'unresolved',
        'the strip to show the comment, unresolved',
      );
      assert.match(unescapeMarkdown(row('Fix the off-by-one')?.tooltip ?? ''), /Comment \(unresolved\): Which file\?/);

      assert.equal(
        await within(vscode.commands.executeCommand('agentChecklist.plan.sendComments'), 'Send Comments'),
        'rejected',
      );
      await waitFor(() => postedPlan(api.webviewMessages())?.todos.length === 3, 'the revised plan, proposed again');
      const rejected = logLines(logPath).find((l) => l.type === 'plan/rejected');
      const feedback = z.object({ feedback: z.string() }).parse(rejected?.data).feedback;
      assert.match(feedback, /On the item "Fix the off-by-one": Which file\?/);
      const told = model.requests[2]?.messages.some((m) => messageText(m.content).includes('Which file?'));
      assert.ok(told, 'the rejection’s feedback reaches the model');

      const plan = postedPlan(api.webviewMessages());
      assert.equal(plan?.changes?.since, 'seen');
      assert.deepEqual(
        plan?.changes?.rows.map((r) => [r.kind, r.text]),
        [
          ['reworded', 'Fix the off-by-one in the lexer'],
          ['added', 'Add a regression test'],
        ],
      );
      assert.deepEqual(
        plan?.todos[1]?.comments?.map((c) => c.state),
        ['addressed'],
      );
      assert.match(row('Fix the off-by-one in the lexer')?.description ?? '', /reworded/);
      assert.match(row('Add a regression test')?.description ?? '', /new/);
      // The review is what this test reads: the turn, still waiting on the revised proposal, is stopped.
      await vscode.commands.executeCommand('agentChecklist.stop');
      await within(turn, 'the turn to end once stopped');
    } finally {
      model.close();
      await setSetting('planFirst', undefined);
      await setSetting('provider', undefined);
      await setSetting('openai.baseUrl', undefined);
      await setSetting('openai.model', undefined);
      await api.storeApiKey('openai', '');
      await vscode.commands.executeCommand('agentChecklist.newSession');
    }
  });
});
