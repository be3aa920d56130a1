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
import type { TodoStatus } from '../../core/plan/todo-schema';
import type { PlanEdit } from '../../core/plan/user-edit';
import type { PlanNode } from './plan-tree-model';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';

const PLAN_EDIT_COMMANDS = {
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
const PLAN_EDITABLE_CONTEXT = 'agentChecklist.planEditable';

export interface PlanEditCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
}

/** Registered at start; what runs them (plan-edit-run.ts) loads at the first one. */
export function registerPlanEditCommands(deps: PlanEditCommandDeps): vscode.Disposable {
  const { controller } = deps;
  /** The edit of the item a command is run on, from the item's text. */
  const setStatus =
    (status: TodoStatus) =>
    (content: string): PlanEdit => ({ kind: 'status', content, status });
  const move =
    (by: -1 | 1) =>
    (content: string): PlanEdit => ({ kind: 'move', content, by });
  const updateContext = (): void =>
    void vscode.commands.executeCommand('setContext', PLAN_EDITABLE_CONTEXT, controller.planEditing.canEdit);
  updateContext();
  const c = PLAN_EDIT_COMMANDS;
  return vscode.Disposable.from(
    controller.onDidChangeSession(updateContext),
    registerLazyCommands(() => import('./plan-edit-run'), {
      [c.markCompleted]: (m, arg) => m.editItem(deps, arg, setStatus('completed')),
      [c.markInProgress]: (m, arg) => m.editItem(deps, arg, setStatus('in_progress')),
      [c.markPending]: (m, arg) => m.editItem(deps, arg, setStatus('pending')),
      [c.editText]: (m, arg, text) => m.editText(deps, arg, text),
      [c.addItem]: (m, arg, text) => m.addItem(controller, arg, text),
      [c.remove]: (m, arg) => m.editItem(deps, arg, (content) => ({ kind: 'remove', content })),
      [c.moveUp]: (m, arg) => m.editItem(deps, arg, move(-1)),
      [c.moveDown]: (m, arg) => m.editItem(deps, arg, move(1)),
      [c.restore]: (m, arg) => m.restore(deps, arg),
    }),
    { dispose: () => void vscode.commands.executeCommand('setContext', PLAN_EDITABLE_CONTEXT, false) },
  );
}
