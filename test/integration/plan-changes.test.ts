// The Plan tree's undo actions in the real extension host, on real files and the real
// shadow git repository the loop checkpoints into: a scripted model changes one file
// for item 1 and the same line again for item 2. Revert Item's Changes on item 1 is
// refused then (nothing written, nothing logged); item 2's revert puts its bytes back
// and logs it; then item 1's revert goes through. Show Changes opens the multi-file
// diff editor with the item's file, its "before" side read from the checkpoint; a file
// an item still in progress deleted shows as gone on the "after" side. Each item's
// tooltip and Export Plan list the files it changed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import {
  getApi,
  logLines,
  setSetting,
  todoWrite,
  toolCall,
  unescapeMarkdown,
  useScript,
  waitFor,
  type Todo,
} from './helpers';

const C = (name: string): string => `agentChecklist.plan.${name}`;
const FIRST = 'Fix the greeting';
const SECOND = 'Shout the greeting';
const plan = (first: Todo['status'], second: Todo['status']): Todo[] => [
  { content: FIRST, status: first },
  { content: SECOND, status: second },
];

type Api = Awaited<ReturnType<typeof getApi>>;

function node(api: Api, label: string): unknown {
  const id = api.planTree().find((row) => row.label === label)?.id;
  assert.ok(id, `a tree node "${label}"`);
  return api.planTreeNode(id);
}

const revertedSchema = z.object({
  item: z.string(),
  scope: z.string(),
  checkpoint: z.string(),
  files: z.array(z.string()),
});
const reverts = (file: string): z.infer<typeof revertedSchema>[] =>
  logLines(file).flatMap((l) => (l.type === 'changes/reverted' ? [revertedSchema.parse(l.data)] : []));
const lastUserEdit = (file: string): unknown =>
  logLines(file)
    .flatMap((l) => (l.type === 'todo/user-edit' ? [l.data] : []))
    .at(-1);

describe('undoing a plan item from the Plan tree', () => {
  let file = '';
  before(async () => {
    await setSetting('tools.autoApprove', true);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration run opens a workspace folder');
    file = path.join(folder.uri.fsPath, 'undo', 'greeting.txt');
    fs.mkdirSync(path.dirname(file), { recursive: true });
  });
  after(async () => {
    await setSetting('tools.autoApprove', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("shows an item's changes, refuses an overlapping revert, and reverts each item back to its bytes", async () => {
    const api = await getApi();
    fs.writeFileSync(file, 'hello\nworld\n');
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([
      todoWrite(plan('in_progress', 'pending')),
      toolCall('write_file', { path: 'undo/greeting.txt', content: 'hello there\nworld\n' }),
      todoWrite(plan('completed', 'in_progress')),
      toolCall('write_file', { path: 'undo/greeting.txt', content: 'HELLO THERE\nworld\n' }),
      todoWrite(plan('completed', 'completed')),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Greet louder'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.ok(
      logLines(logPath).some((l) => l.type === 'checkpoint/created'),
      'the turn took checkpoints',
    );
    assert.deepEqual(
      api.planTreeRows().map((r) => r.contextValue),
      ['todo.completed editable checkable down changes', 'todo.completed editable checkable up changes'],
      'both items offer the undo actions',
    );
    // Each item's tooltip lists the files it changed, read from its checkpoints once the tree asked; so does Export Plan.
    const tooltips = (): string[] => api.planTreeRows().map((r) => unescapeMarkdown(r.tooltip));
    await waitFor(
      () => tooltips().every((t) => t.endsWith('\n\nFiles changed (1): undo/greeting.txt')),
      'the files in both tooltips',
    );
    const exported = await vscode.commands.executeCommand<string>('agentChecklist.exportPlan');
    const markdown = vscode.workspace.textDocuments.find((d) => d.uri.toString() === exported)?.getText() ?? '';
    assert.match(
      markdown,
      new RegExp(`\\| ${FIRST} \\| 0 \\| 1 \\| 0 \\| 0 \\| 0 \\| 0 \\| undo/greeting\\.txt \\| — \\|`),
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    // Show Changes: the multi-file diff editor, its "before" side from the checkpoint.
    assert.equal(await vscode.commands.executeCommand(C('showChanges'), node(api, FIRST)), 'shown');
    const title = `Changes of ${FIRST} (1 file)`; // the multi-file diff editor counts the files in its tab's title
    const tabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs);
    await waitFor(() => tabs().some((tab) => tab.label === title), 'the diff editor tab');
    const tab = tabs().find((t) => t.label === title);
    assert.ok(
      tab && !(tab.input instanceof vscode.TabInputText) && !(tab.input instanceof vscode.TabInputTextDiff),
      'a multi-file diff editor, not a text or single diff editor',
    );
    // Its path is the workspace file's own: the multi-file diff editor marks a pair whose paths differ as a rename.
    const checkpointed = (): vscode.TextDocument[] =>
      vscode.workspace.textDocuments.filter(
        (d) => d.uri.scheme === 'agent-checklist-checkpoint' && d.uri.path === vscode.Uri.file(file).path,
      );
    await waitFor(() => checkpointed().length > 0, 'the diff editor to read the file from the checkpoints');
    assert.ok(
      checkpointed().some((d) => d.getText() === 'hello\nworld\n'),
      'the "before" side is the file before item 1 started',
    );

    // Item 2 changed the same line since: item 1's revert is refused, nothing written or logged.
    assert.equal(await vscode.commands.executeCommand(C('revertItem'), node(api, FIRST)), 'refused');
    assert.equal(fs.readFileSync(file, 'utf8'), 'HELLO THERE\nworld\n');
    assert.deepEqual(reverts(logPath), []);

    // Item 2's revert: its bytes back, logged, the item pending again.
    assert.equal(await vscode.commands.executeCommand(C('revertItem'), node(api, SECOND)), 'reverted');
    assert.equal(fs.readFileSync(file, 'utf8'), 'hello there\nworld\n');
    assert.deepEqual(
      reverts(logPath).map(({ checkpoint, ...rest }) => ({ ...rest, checkpoint: /^[0-9a-f]{40}$/.test(checkpoint) })),
      [{ item: SECOND, scope: 'item', checkpoint: true, files: ['undo/greeting.txt'] }],
    );
    assert.deepEqual(lastUserEdit(logPath), { todos: plan('completed', 'pending') });

    // Now item 1's revert goes through: the file as it was before the turn.
    assert.equal(await vscode.commands.executeCommand(C('revertItem'), node(api, FIRST)), 'reverted');
    assert.equal(fs.readFileSync(file, 'utf8'), 'hello\nworld\n');
    assert.equal(reverts(logPath).length, 2);
    assert.deepEqual(lastUserEdit(logPath), { todos: plan('pending', 'pending') });
    assert.deepEqual(
      api.planTreeRows().map((r) => r.contextValue),
      ['todo.pending editable checkable down', 'todo.pending editable checkable up'],
      'reverted items no longer offer them',
    );
    assert.equal(
      await vscode.commands.executeCommand(C('showChanges'), node(api, FIRST)),
      'nothing',
      "a revert ends the item's changes",
    );
  });

  it('shows a file the item deleted as gone while its changes end at the workspace now', async () => {
    const api = await getApi();
    const note = path.join(path.dirname(file), 'note.txt');
    fs.writeFileSync(note, 'note\n');
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const item = 'Drop the note';
    await useScript([
      todoWrite([{ content: item, status: 'in_progress' }]),
      toolCall('bash', { command: 'rm undo/note.txt' }),
      { text: 'Dropped it.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Drop the note'), {
      kind: 'completed',
    });
    assert.equal(fs.existsSync(note), false, 'the command deleted the file');

    // The item is still in progress: its changes end at the workspace now, where the file is gone.
    assert.equal(await vscode.commands.executeCommand(C('showChanges'), node(api, item)), 'shown');
    const sides = (): string[] =>
      vscode.workspace.textDocuments
        .filter((d) => d.uri.scheme === 'agent-checklist-checkpoint' && d.uri.path === vscode.Uri.file(note).path)
        .map((d) => d.getText())
        .sort();
    await waitFor(
      () => sides().length === 2,
      'the diff editor to read both sides of the deleted file from the checkpoints',
    );
    assert.deepEqual(sides(), ['', 'note\n'], 'before: the file; after: gone (empty), not the file again');
  });
});
