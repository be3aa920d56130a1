// The Plan tree's undo actions on an item (issue 24; package.json: the context menu of
// items whose contextValue has `changes`): Show Changes, Revert Item's Changes and
// Restore Workspace to Before This Item. Registered at start; what runs them
// (plan-changes-run.ts, with the checkpoints' diff and revert) loads at the first one.
import * as vscode from 'vscode';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';
import { registerCheckpointDocuments } from './checkpoint-documents';
import type { PlanNode } from './plan-tree-model';

const PLAN_CHANGES_COMMANDS = {
  showChanges: 'agentChecklist.plan.showChanges',
  revertItem: 'agentChecklist.plan.revertItem',
  restoreWorkspace: 'agentChecklist.plan.restoreWorkspace',
} as const;

export interface PlanChangesCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
  /** Where the shadow repositories live (the one the turn runner checkpoints into). */
  checkpointsBase: string;
}

/** What the commands resolve with: the outcome, for callers that run them (tests, other extensions). */
export type ChangesOutcome = 'shown' | 'reverted' | 'refused' | 'nothing' | 'cancelled';

export function registerPlanChangesCommands(deps: PlanChangesCommandDeps): vscode.Disposable {
  const c = PLAN_CHANGES_COMMANDS;
  return vscode.Disposable.from(
    registerCheckpointDocuments(deps.checkpointsBase),
    registerLazyCommands(() => import('./plan-changes-run'), {
      [c.showChanges]: (m, arg) => m.showChanges(deps, arg),
      [c.revertItem]: (m, arg) => m.revertItem(deps, arg),
      [c.restoreWorkspace]: (m, arg) => m.restoreWorkspace(deps, arg),
    }),
  );
}
