// The Plan tree's keyboard shortcuts as the real extension host sees them: every
// binding runs a registered plan command (ids and titles unchanged), only while the
// Plan view's tree has focus and this window writes the session, with the focused-row
// argument VS Code turns into the row's node; Enter and Space stay the tree's own;
// no two bindings share a key. When a host hands the argument on unconverted, the
// command acts on the selected row. (Real key presses: test/e2e/plan-keys.test.ts.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, getApi, logLines, todoWrite, useScript, waitFor } from './helpers';

interface Binding {
  command: string;
  key: string;
  mac?: string;
  when: string;
  args?: unknown;
}

const FOCUSED_ROW = { $treeViewId: 'agentChecklist.plan', $focusedTreeItem: true };

function bindings(): Binding[] {
  const contributed: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.keybindings;
  assert.ok(Array.isArray(contributed), 'the manifest contributes keybindings');
  return contributed as Binding[];
}

describe('Plan tree keyboard shortcuts', () => {
  it('bind registered plan commands, only in the focused Plan tree of a session this window writes', async () => {
    await getApi();
    const registered = new Set(await vscode.commands.getCommands(true));
    const commands: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands;
    assert.ok(Array.isArray(commands));
    const titled = new Map((commands as { command: string; title: string }[]).map((c) => [c.command, c.title]));
    const all = bindings();
    assert.deepEqual(
      all.map((b) => [b.command.replace('agentChecklist.plan.', ''), b.key, b.mac ?? b.key]),
      [
        ['editText', 'f2', 'f2'],
        ['remove', 'delete', 'cmd+backspace'],
        ['moveUp', 'alt+up', 'alt+up'],
        ['moveDown', 'alt+down', 'alt+down'],
        ['markCompleted', 'ctrl+enter', 'cmd+enter'],
        ['markInProgress', 'alt+enter', 'alt+enter'],
        ['markPending', 'shift+enter', 'shift+enter'],
        ['addItem', 'insert', 'cmd+i'],
      ],
    );
    for (const b of all) {
      assert.ok(registered.has(b.command), `${b.command} is registered`);
      assert.match(titled.get(b.command) ?? '', /^[A-Z][^%]+$/, `${b.command} has its (localized) title`);
      const clauses = b.when.split('&&').map((c) => c.trim());
      for (const clause of [
        'focusedView == agentChecklist.plan',
        'agentChecklist.planEditable',
        'listFocus',
        '!inputFocus',
      ])
        assert.ok(clauses.includes(clause), `${b.command}: when has ${clause}`);
      assert.deepEqual(b.args, FOCUSED_ROW, `${b.command} acts on the focused row`);
      for (const key of [b.key, b.mac])
        assert.ok(
          key === undefined || !['enter', 'space'].includes(key),
          `${b.command}: Enter and Space stay the tree's`,
        );
    }
    for (const platform of ['key', 'mac'] as const) {
      const keys = all.map((b) => (platform === 'mac' ? (b.mac ?? b.key) : b.key));
      assert.equal(new Set(keys).size, keys.length, `no two bindings share a key (${platform})`);
    }
  });

  it('the focused-row argument, handed on unconverted, acts on the selected row', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite([
        { content: 'Read the parser', status: 'in_progress' },
        { content: 'Port the lexer', status: 'pending' },
      ]),
      { text: 'Planned.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan the port'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    await vscode.commands.executeCommand('agentChecklist.plan.focus');
    const lexer = api.planTreeRows().find((r) => r.label === 'Port the lexer');
    assert.ok(lexer);
    assert.deepEqual(await api.revealPlanTreeNode(lexer.id), ['Port the lexer']);
    // From this host the argument reaches the command as written (VS Code converts only what the workbench sends).
    const outcome: unknown = await vscode.commands.executeCommand('agentChecklist.plan.markCompleted', FOCUSED_ROW);
    assert.ok(
      outcome && typeof outcome === 'object' && 'kind' in outcome && outcome.kind !== 'refused',
      JSON.stringify(outcome),
    );
    const edits = logLines(logPath).filter((l) => l.type === 'todo/user-edit');
    assert.deepEqual(edits.at(-1)?.data, {
      todos: [
        { content: 'Read the parser', status: 'in_progress' },
        { content: 'Port the lexer', status: 'completed' },
      ],
    });
    await waitFor(() => api.planTreeRows()[1]?.icon === 'pass', 'the tree to agree');
    // Add Item… with it inserts at the end (the selection is not a place to insert at).
    await vscode.commands.executeCommand('agentChecklist.plan.addItem', FOCUSED_ROW, 'Tag the release');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      ['Read the parser', 'Port the lexer', 'Tag the release'],
    );
  });
});
