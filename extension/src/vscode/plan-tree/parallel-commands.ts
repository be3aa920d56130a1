// Run Items in Parallel… (the Plan view's title menu and the strip's row menu), Merge
// Item's Branch and Discard Item's Branch (the Plan tree's menu on an item whose branch
// is there: contextValue `branch`, plan-item-branch.ts). Registered at start; what runs
// them (parallel-run-command.ts, over core/worktrees/: the loop the CLI's
// `run --parallel` drives too) loads at the first one.
//
// Arguments (menus pass a tree node; tests and other extensions may pass more):
// runParallel(items?: 1-based numbers, agent?: 'builtin' | an ACP agent's id, n?, fromHead?),
// where given ones skip their pickers; mergeItem / discardItem(node | 1-based number |
// the item's text, yes?: true skips Discard's confirmation).
import * as vscode from 'vscode';
import type { ApprovalGate } from '../../core/tools/approvals';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';
import type { AgentSettings } from '../host/settings';
import type { ProviderSource } from '../providers/provider-source';
import type { PlanNode } from './plan-tree-model';

export const PARALLEL_COMMANDS = {
  runParallel: 'agentChecklist.plan.runParallel',
  mergeItem: 'agentChecklist.plan.mergeItem',
  discardItem: 'agentChecklist.plan.discardItem',
} as const;

export interface ParallelCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
  providers: ProviderSource;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /** Who asks the user to approve the children's tool calls. */
  approvalGate: ApprovalGate;
  /** The workspace folder on disk (the repository the items' worktrees are made from). */
  cwd: () => string;
  /** Where the items' worktrees are made: outside the workspace, in the extension's storage. */
  worktreesBase: string;
  /** This extension's version, as ACP agents are told it. */
  clientVersion: string;
}

export function registerParallelCommands(
  given: Omit<ParallelCommandDeps, 'worktreesBase' | 'clientVersion'> & { context: vscode.ExtensionContext },
): vscode.Disposable {
  const { context, ...rest } = given;
  const deps: ParallelCommandDeps = {
    ...rest,
    worktreesBase: vscode.Uri.joinPath(context.globalStorageUri, 'worktrees').fsPath,
    clientVersion: String(context.extension.packageJSON.version ?? ''),
  };
  const c = PARALLEL_COMMANDS;
  return registerLazyCommands(() => import('./parallel-run-command'), {
    [c.runParallel]: (m, ...args) => m.runParallel(deps, args),
    [c.mergeItem]: (m, arg) => m.closeBranch(deps, 'merge', arg),
    [c.discardItem]: (m, arg, yes) => m.closeBranch(deps, 'discard', arg, yes === true),
  });
}
