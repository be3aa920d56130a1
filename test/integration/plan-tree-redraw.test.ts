// What the Plan tree asks the workbench to redraw (its onDidChangeTreeData, as the
// real TreeView receives it): a model write that changes only statuses redraws the
// rows that changed, not the whole tree; a write that adds an item redraws it all.
// Each step's plan, timeline and ledger changes are one redraw, not three.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, todoWrite, useScript, waitFor, type Todo } from './helpers';

const FIRST: Todo[] = [
  { content: 'Read the parser', status: 'in_progress' },
  { content: 'Fix the bug', status: 'pending' },
  { content: 'Write the changelog', status: 'pending' },
];
const STATUSES_ONLY: Todo[] = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Fix the bug', status: 'in_progress' },
  { content: 'Write the changelog', status: 'pending' },
];
const ONE_MORE: Todo[] = [...STATUSES_ONLY, { content: 'Run the suite', status: 'pending' }];

describe('Plan tree redraws', () => {
  it('redraws only the rows a status-only write changed, and the whole tree when an item is added', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite(FIRST),
      { delayMs: 300, ...todoWrite(STATUSES_ONLY) },
      { delayMs: 300, ...todoWrite(ONE_MORE) },
      { delayMs: 300, text: 'Done.' },
    ]);
    const before = api.planTreeRedraws().length;
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix it'), {
      kind: 'completed',
    });
    await waitFor(() => api.planTreeRows().length === 4, 'the grown plan in the tree');
    const [read, fix, changelog] = api.planTreeRows().map((row) => row.id);
    assert.ok(read && fix && changelog);

    const redraws = api.planTreeRedraws().slice(before);
    const whole = redraws.flatMap((r, i) => (r === 'all' ? [i] : []));
    assert.ok(whole.length >= 2, `the first plan and the added item redraw the whole tree: ${JSON.stringify(redraws)}`);
    // Between them: the status-only write (and elapsed-time ticks of the item in progress).
    const between = redraws.slice(whole[0]! + 1, whole[1]);
    const rows = new Set(between.flatMap((r) => (r === 'all' ? [] : r)));
    assert.ok(between.length > 0, `the status-only write redrew something: ${JSON.stringify(redraws)}`);
    assert.deepEqual([...rows].sort(), [fix, read].sort(), 'only the two rows whose status changed');
    assert.ok(!rows.has(changelog));

    assert.deepEqual(
      api.planTreeRows().map((r) => [r.label, r.icon]),
      [
        ['Read the parser', 'warning'], // completed with no tool call: flagged
        ['Fix the bug', 'debug-start'],
        ['Write the changelog', 'circle-large-outline'],
        ['Run the suite', 'circle-large-outline'],
      ],
      'and the rows read as the last write says',
    );
  });
});
