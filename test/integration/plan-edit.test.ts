// The Plan tree's edit actions in the real extension host: each command is ONE
// todo/user-edit in the log, and the tree (labels, icons, contextValue the menus
// match, history tooltips) and the status bar agree with it; an edit made while a
// step runs lands at the step boundary; a dropped item appears under "Dropped" and
// Restore brings it back. (A read-only session: read-only-plan-edit.test.ts.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, logLines, todoWrite, unescapeMarkdown, useScript, waitFor, type Todo } from './helpers';

const C = (name: string): string => `agentChecklist.plan.${name}`;

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'in_progress' },
  { content: 'Port the lexer', status: 'pending' },
  { content: 'Write the changelog', status: 'pending' },
];

type Api = Awaited<ReturnType<typeof getApi>>;

/** The real tree node labelled `label` (what a menu hands the command). */
function node(api: Api, label: string): unknown {
  const find = (rows: ReturnType<Api['planTree']>): string | undefined => {
    for (const row of rows) {
      if (row.label === label) return row.id;
      const inner = find(row.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const id = find(api.planTree());
  assert.ok(id, `a tree node "${label}" in ${JSON.stringify(api.planTree().map((r) => r.label))}`);
  return api.planTreeNode(id);
}

const userEdits = (file: string): unknown[] =>
  logLines(file).flatMap((l) => (l.type === 'todo/user-edit' ? [l.data] : []));

describe('editing the plan from the Plan tree', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('makes each action one todo/user-edit; the tree, its menus and the status bar agree', async () => {
    const api = await getApi();
    await useScript([todoWrite(PLAN), { text: 'Planned.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan the port'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.deepEqual(
      api.planTreeRows().map((r) => r.contextValue),
      [
        'todo.in_progress editable checkable down changes',
        'todo.pending editable checkable up down',
        'todo.pending editable checkable up',
      ],
      'own items take the edit menus; Move Up/Down only where they can move',
    );

    const edit = async (command: string, label: string | null, ...rest: unknown[]): Promise<unknown> => {
      const before = userEdits(logPath).length;
      const outcome = await vscode.commands.executeCommand(
        C(command),
        label === null ? undefined : node(api, label),
        ...rest,
      );
      assert.equal(userEdits(logPath).length, before + 1, `${command} appended one todo/user-edit`);
      return outcome;
    };
    const labels = (): string[] => api.planTreeRows().map((r) => r.label);

    await edit('markCompleted', 'Read the parser');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.icon),
      ['pass', 'circle-large-outline', 'circle-large-outline'],
    );
    assert.equal(api.statusBarText(), '$(checklist) 1/3');
    await edit('markInProgress', 'Port the lexer');
    assert.equal(api.statusBarText(), '$(checklist) 1/3 · Port the lexer');
    await edit('editText', 'Write the changelog', '  Write the CHANGELOG  ');
    await edit('addItem', 'Port the lexer', 'Port the printer');
    await edit('addItem', null, 'Tag the release');
    assert.deepEqual(
      labels(),
      ['Read the parser', 'Port the lexer', 'Port the printer', 'Write the CHANGELOG', 'Tag the release'],
      'trimmed; added after the item, or at the end',
    );
    await edit('moveUp', 'Port the printer');
    await edit('moveDown', 'Read the parser');
    await edit('remove', 'Tag the release');
    await edit('markPending', 'Port the lexer');
    const last = userEdits(logPath).at(-1);
    assert.deepEqual(last, {
      todos: [
        { content: 'Port the printer', status: 'pending' },
        { content: 'Read the parser', status: 'completed' },
        { content: 'Port the lexer', status: 'pending' },
        { content: 'Write the CHANGELOG', status: 'pending' },
      ],
    });
    assert.deepEqual(
      labels(),
      ['Port the printer', 'Read the parser', 'Port the lexer', 'Write the CHANGELOG'],
      'the tree shows the log',
    );
    assert.equal(api.statusBarText(), '$(checklist) 1/4');

    // Refused by todo_write's rules: nothing is appended.
    const count = userEdits(logPath).length;
    const duplicate = await vscode.commands.executeCommand(
      C('editText'),
      node(api, 'Port the lexer'),
      'Read the parser',
    );
    assert.deepEqual(duplicate, { kind: 'refused', message: 'invalid todos: duplicate content "Read the parser"' });
    assert.deepEqual(await vscode.commands.executeCommand(C('addItem'), undefined, '   '), {
      kind: 'refused',
      message: 'invalid todo: `content` must be a non-empty string',
    });
    assert.equal(userEdits(logPath).length, count);

    // History in the tooltips: who added it, when it started and finished, time in progress.
    const tooltip = (label: string): string =>
      unescapeMarkdown(api.planTreeRows().find((r) => r.label === label)?.tooltip ?? '');
    assert.match(
      tooltip('Read the parser'),
      /\n\nAdded by the model at .+\n\nStarted at .+\n\nFinished at .+\n\nIn progress for \d+s in all\n\nNo tool call while in progress$/,
    );
    assert.match(tooltip('Port the printer'), /\n\nAdded by you at [^\n]+$/, 'an item the user added, never started');
    assert.match(tooltip('Write the CHANGELOG'), /Added by the model at/, 'reworded, it keeps its history');

    // Export Plan: the same timing rows, with who added each item.
    const uri = await vscode.commands.executeCommand<string | undefined>('agentChecklist.exportPlan');
    const text = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.getText() ?? '';
    assert.match(text, /\| Item \| Added \| Started \| Finished \| In progress \|/);
    assert.match(text, /\| Port the printer \| \S+ by the user \| — \| — \| — \|/);
    assert.match(text, /\| Read the parser \| \S+ by the model \| \S+ \| \S+ \| \d+s \|/);
    assert.match(text, /### Turn 1 · update 10 · \S+ · edited by the user/, 'every version is in the history');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    // The edited plan carries into the next turn.
    await useScript([{ text: 'Noted.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on'), { kind: 'completed' });
    assert.deepEqual(labels(), ['Port the printer', 'Read the parser', 'Port the lexer', 'Write the CHANGELOG']);
  });

  it('lands an edit made while a step runs at the step boundary, before the next request', async () => {
    const api = await getApi();
    await useScript([todoWrite(PLAN), { delayMs: 1500, ...todoWrite(PLAN) }, { text: 'Done.' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Work slowly');
    await waitFor(() => api.planTreeRows().length === 3 && (api.session()?.logPath ?? null) !== null, 'the first plan');
    const logPath = api.session()?.logPath ?? '';
    await waitFor(
      () => logLines(logPath).filter((l) => l.type === 'step/start').length === 2,
      'the second step to start',
    );
    const outcome = vscode.commands.executeCommand(C('markCompleted'), node(api, 'Write the changelog'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(userEdits(logPath).length, 0, 'queued while the step is open');
    assert.equal(((await outcome) as { kind: string }).kind, 'applied');
    assert.deepEqual(await turn, { kind: 'completed' });
    const types = logLines(logPath).map((l) => l.type);
    const at = types.indexOf('todo/user-edit');
    assert.deepEqual(
      types.slice(at - 1, at + 2),
      ['step/end', 'todo/user-edit', 'step/start'],
      'between step 2 and step 3',
    );
    assert.equal(api.planTreeRows().find((r) => r.label === 'Write the changelog')?.icon, 'pass');
  });

  it('lists the items a model write dropped under "Dropped"; Restore puts one back as it was, where it was', async () => {
    const api = await getApi();
    await useScript([
      todoWrite(PLAN),
      todoWrite([{ content: 'Read the parser', status: 'completed' }]),
      { text: 'Trimmed.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan, then drop'), {
      kind: 'completed',
    });
    const tree = api.planTree();
    assert.deepEqual(
      tree.map((r) => [r.label, r.description, r.contextValue]),
      [
        ['Read the parser', 'completed · no work recorded', 'todo.completed editable checkable changes'],
        ['Dropped', '2', 'droppedGroup'],
      ],
    );
    assert.deepEqual(
      tree[1]?.children.map((r) => [r.label, r.description, r.contextValue]),
      [
        ['Port the lexer', 'dropped while pending', 'dropped editable'],
        ['Write the changelog', 'dropped while pending', 'dropped editable'],
      ],
    );
    const outcome = await vscode.commands.executeCommand(C('restore'), node(api, 'Write the changelog'));
    assert.equal((outcome as { kind: string }).kind, 'applied');
    const logPath = api.session()?.logPath ?? '';
    assert.deepEqual(userEdits(logPath), [
      {
        todos: [
          { content: 'Read the parser', status: 'completed' },
          { content: 'Write the changelog', status: 'pending' },
        ],
      },
    ]);
    assert.deepEqual(
      api.planTree().map((r) => [r.label, r.children.map((c) => c.label)]),
      [
        ['Read the parser', []],
        ['Write the changelog', []],
        ['Dropped', ['Port the lexer']],
      ],
    );
    assert.equal(api.statusBarText(), '$(checklist) 1/2');
  });
});
