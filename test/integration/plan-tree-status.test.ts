// The Plan tree rows and the status bar item as VS Code gets them (the real tree
// data provider and status bar item), for a scripted session with two items in
// progress: codicons per status, elapsed time derived from the log, Markdown
// tooltips; the spinner while the turn runs; Export Plan into a Markdown editor.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, logLines, todoWrite, unescapeMarkdown, useScript, waitFor, type Todo } from './helpers';

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Port the lexer', status: 'in_progress' },
  { content: 'Port the printer', status: 'in_progress' },
  { content: 'Write the changelog', status: 'pending' },
];

describe('Plan tree and status bar', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('shows two items in progress live: spinners, +1 in the status bar, a Markdown tooltip with the whole plan', async () => {
    const api = await getApi();
    await useScript([todoWrite(PLAN), { delayMs: 60_000, text: 'never reached' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port both halves');
    try {
      await waitFor(() => api.planTreeRows().length === 4, 'the plan in the tree');
      assert.equal(api.run().state, 'running');
      const rows = api.planTreeRows();
      assert.deepEqual(
        rows.map((r) => [r.label, r.icon]),
        [
          ['Read the parser', 'warning'], // completed with no tool call: flagged
          ['Port the lexer', 'sync~spin'],
          ['Port the printer', 'sync~spin'],
          ['Write the changelog', 'circle-large-outline'],
        ],
      );
      assert.equal(rows[0]?.description, 'completed · no work recorded');
      for (const row of rows.slice(1, 3))
        assert.match(row.description, /^in progress · \d+s$/, `${row.label} shows how long it has been in progress`);
      assert.equal(rows[3]?.description, '');
      const tooltip = unescapeMarkdown(rows[1]?.tooltip ?? '');
      assert.match(
        tooltip,
        /^Port the lexer\n\n\$\(sync\) in progress for \d+s\n\nAdded by the model at [^\n]+\n\nStarted at [^\n]+\n\nIn progress for \d+s in all\n\nNo tool call while in progress$/,
        'full text, status and elapsed time, then its history and evidence',
      );

      assert.equal(
        api.statusBarText(),
        '$(loading~spin) 1/4 · Port the lexer +1',
        'a spinner while the turn runs, +1 for the other active item',
      );
      const statusTooltip = unescapeMarkdown(api.statusBarTooltip() ?? '');
      assert.match(statusTooltip, /^\*\*Plan\*\* · 1 completed · 2 in progress · 1 pending · the agent is working/);
      for (const line of [
        '$(warning) Read the parser _(completed)_ · no work recorded',
        '$(sync) Port the lexer _(in progress)_',
        '$(sync) Port the printer _(in progress)_',
        '$(circle-large-outline) Write the changelog',
      ]) {
        assert.ok(statusTooltip.includes(line), `the tooltip lists "${line}":\n${statusTooltip}`);
      }
    } finally {
      await vscode.commands.executeCommand('agentChecklist.stop');
    }
    assert.deepEqual(await turn, { kind: 'aborted' });
    assert.equal(api.statusBarText(), '$(checklist) 1/4 · Port the lexer +1', 'no spinner once the turn is over');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.icon),
      ['warning', 'debug-start', 'debug-start', 'circle-large-outline'],
      'in progress items stop spinning when their turn ends',
    );
  });

  it('derives the elapsed time from the log: from the write that started the item to turn/end', async () => {
    const api = await getApi();
    await useScript([
      todoWrite([
        { content: 'Long step', status: 'in_progress' },
        { content: 'Later step', status: 'pending' },
      ]),
      todoWrite([
        { content: 'Long step', status: 'in_progress' },
        { content: 'Later step', status: 'in_progress' },
      ]),
      { delayMs: 1200, text: 'Paused.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Take your time'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const lines = logLines(logPath);
    const writes = lines.filter((l) => l.type === 'todo/write').map((l) => Date.parse(l.ts ?? ''));
    const end = Date.parse(lines.find((l) => l.type === 'turn/end')?.ts ?? '');
    const seconds = (from: number | undefined): string => `in progress · ${Math.floor((end - (from ?? NaN)) / 1000)}s`;
    assert.deepEqual(
      api.planTreeRows().map((r) => r.description),
      [seconds(writes[0]), seconds(writes[1])],
      'each item counts from the write where it became in progress (the first stays from the first write) to turn/end',
    );
  });

  it('Export Plan opens the plan and its history in a new Markdown editor', async () => {
    const api = await getApi();
    await useScript([
      todoWrite(PLAN.map((t) => ({ ...t, status: 'pending' }))),
      todoWrite(PLAN),
      { text: 'Exported.' },
    ]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan something to export');
    const uri = await vscode.commands.executeCommand<string | undefined>('agentChecklist.exportPlan');
    assert.ok(uri, 'the command returns the new document');
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(document, 'the document is open');
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.isUntitled, true, 'nothing was saved anywhere');
    assert.equal(vscode.window.activeTextEditor?.document, document, 'shown in an editor');
    const text = document.getText();
    assert.ok(text.startsWith(`# Plan — ${api.session()?.title ?? ''}\n`), text);
    for (const line of [
      '1 completed · 2 in progress · 1 pending',
      '- [x] Read the parser',
      '- [ ] **Port the lexer** _(in progress)_',
      '- [ ] **Port the printer** _(in progress)_',
      '- [ ] Write the changelog',
      '### Turn 1 · update 2',
    ]) {
      assert.ok(text.includes(line), `the export has "${line}"`);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
