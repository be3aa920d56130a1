// The Plan tree's edit actions (package.json: inline and context-menu items on plan
// item nodes, Add Item… also in the view title, Restore on dropped items). Each one
// is a single call of the controller's planEditing.edit, so an action is one
// todo/user-edit in the log (landing at the next step boundary while a turn's step runs) and every
// surface redraws from the folds. They are shown only while the context key
// `agentChecklist.planEditable` holds (this window writes the shown session); a
// read-only or followed session refuses anyway.
//
// A node argument is what VS Code passes from a menu (the tree's own node); without
// one the tree's selection is used. A string after it (tests, other extensions)
// skips the input box of Edit Text… / Add Item….
//
// The keyboard shortcuts (package.json `keybindings`, while the Plan view's tree has
// focus) act on the FOCUSED row, which the arrow keys move without selecting it: each
// binding's args are `{ $treeViewId, $focusedTreeItem: true }`, which VS Code's
// extension host turns into that row's node before the command runs (the argument
// its view-title actions get). Were a host to pass the marker unconverted, the
// selection is used. A key on a row the action does not fit (a subagent's item, the
// first row's Move Up) changes nothing: the same checks as the menus' context values.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { PlanEditOutcome } from '../../core/plan/plan-editor';
import { TODO_STATUSES, type TodoStatus } from '../../core/plan/todo-schema';
import { itemTextProblem, type PlanEdit } from '../../core/plan/user-edit';
import type { PlanNode } from './plan-tree-model';
import type { SessionController } from '../controller/session-controller';

export const PLAN_EDIT_COMMANDS = {
  markCompleted: 'agentChecklist.plan.markCompleted',
  markInProgress: 'agentChecklist.plan.markInProgress',
  markPending: 'agentChecklist.plan.markPending',
  editText: 'agentChecklist.plan.editText',
  addItem: 'agentChecklist.plan.addItem',
  remove: 'agentChecklist.plan.remove',
  moveUp: 'agentChecklist.plan.moveUp',
  moveDown: 'agentChecklist.plan.moveDown',
  restore: 'agentChecklist.plan.restore',
} as const;

/** Context key: the shown session's plan may be edited in this window. */
export const PLAN_EDITABLE_CONTEXT = 'agentChecklist.planEditable';

/** The parts of a node an action reads (validated: a command can be run by anyone with anything). */
const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  index: z.number(),
  item: z.object({ content: z.string() }),
});
const droppedNodeSchema = z.object({
  kind: z.literal('dropped'),
  dropped: z.object({ content: z.string(), status: z.enum(TODO_STATUSES), index: z.number() }),
});

/** The keybindings' argument, when the host passed it as written (not turned into the focused node). */
function isFocusMarker(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null && '$focusedTreeItem' in arg;
}

export interface PlanEditCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
}

type ItemNode = z.infer<typeof itemNodeSchema>;

export function registerPlanEditCommands(deps: PlanEditCommandDeps): vscode.Disposable {
  const { controller } = deps;
  /** A command that makes one edit of the item it is run on. */
  const onItem = (edit: (content: string) => PlanEdit) => (arg: unknown) => {
    const node = itemOf(deps.view, arg);
    return runEdit(controller, node && edit(node.item.content));
  };
  const setStatus = (status: TodoStatus) => onItem((content) => ({ kind: 'status', content, status }));
  const move = (by: -1 | 1) => onItem((content) => ({ kind: 'move', content, by }));
  const updateContext = (): void =>
    void vscode.commands.executeCommand('setContext', PLAN_EDITABLE_CONTEXT, controller.planEditing.canEdit);
  updateContext();
  const c = PLAN_EDIT_COMMANDS;
  return vscode.Disposable.from(
    controller.onDidChangeSession(updateContext),
    vscode.commands.registerCommand(c.markCompleted, setStatus('completed')),
    vscode.commands.registerCommand(c.markInProgress, setStatus('in_progress')),
    vscode.commands.registerCommand(c.markPending, setStatus('pending')),
    vscode.commands.registerCommand(c.editText, (arg: unknown, text?: unknown) => editText(deps, arg, text)),
    vscode.commands.registerCommand(c.addItem, (arg: unknown, text?: unknown) => addItem(controller, arg, text)),
    vscode.commands.registerCommand(
      c.remove,
      onItem((content) => ({ kind: 'remove', content })),
    ),
    vscode.commands.registerCommand(c.moveUp, move(-1)),
    vscode.commands.registerCommand(c.moveDown, move(1)),
    vscode.commands.registerCommand(c.restore, (arg: unknown) => restore(deps, arg)),
    { dispose: () => void vscode.commands.executeCommand('setContext', PLAN_EDITABLE_CONTEXT, false) },
  );
}

/** The node a command acts on: the one it was given, else the tree's selection. */
function target(view: vscode.TreeView<PlanNode>, arg: unknown): unknown {
  return arg === undefined || arg === null || isFocusMarker(arg) ? view.selection[0] : arg;
}

function parseItem(value: unknown): ItemNode | null {
  const parsed = itemNodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const itemOf = (view: vscode.TreeView<PlanNode>, arg: unknown): ItemNode | null => parseItem(target(view, arg));

/** Runs one edit; a refusal is shown to the user. Resolves with the outcome (null: nothing to act on or cancelled). */
async function runEdit(controller: SessionController, edit: PlanEdit | null): Promise<PlanEditOutcome | null> {
  if (!edit) return null;
  const outcome = await controller.planEditing.edit(edit);
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: the plan was not changed: {0}', outcome.message),
    );
  return outcome;
}

/** Asks for an item's text, checked as the edit will be (trim, not empty, no duplicate); undefined when cancelled. */
function askText(
  controller: SessionController,
  title: string,
  value: string,
  replacing?: string,
): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    value,
    prompt: vscode.l10n.t('The item as it will appear in the plan'),
    ignoreFocusOut: true,
    validateInput: (text) => {
      switch (itemTextProblem(controller.standingPlan, text, replacing)) {
        case 'empty':
          return vscode.l10n.t('An item needs some text.');
        case 'duplicate':
          return vscode.l10n.t('The plan already has this item.');
        default:
          return null;
      }
    },
  });
}

async function editText(deps: PlanEditCommandDeps, arg: unknown, text?: unknown): Promise<PlanEditOutcome | null> {
  const node = itemOf(deps.view, arg);
  if (!node) return null;
  const content = node.item.content;
  const next =
    typeof text === 'string'
      ? text
      : await askText(deps.controller, vscode.l10n.t('Agent Checklist: Edit Plan Item'), content, content);
  return runEdit(deps.controller, next === undefined ? null : { kind: 'text', content, text: next });
}

/** On an item: the new item goes right after it. From the view title or the palette: at the end. */
async function addItem(controller: SessionController, arg: unknown, text?: unknown): Promise<PlanEditOutcome | null> {
  // The selection is not a place to insert at; the node of a menu or of the key's focused row is.
  const node = arg === undefined || arg === null || isFocusMarker(arg) ? null : parseItem(arg);
  const next =
    typeof text === 'string' ? text : await askText(controller, vscode.l10n.t('Agent Checklist: Add Plan Item'), '');
  if (next === undefined) return null;
  return runEdit(controller, node ? { kind: 'add', text: next, index: node.index + 1 } : { kind: 'add', text: next });
}

/**
 * Restore: the item comes back where it was and as it was when the model dropped it
 * (its status then, even in progress); the parallel policy may refuse that, and says so.
 */
function restore(deps: PlanEditCommandDeps, arg: unknown): Promise<PlanEditOutcome | null> {
  const parsed = droppedNodeSchema.safeParse(target(deps.view, arg));
  if (!parsed.success) return Promise.resolve(null);
  const { content, status, index } = parsed.data.dropped;
  return runEdit(deps.controller, { kind: 'add', text: content, status, index });
}
