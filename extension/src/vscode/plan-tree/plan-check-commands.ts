// The Plan tree's check actions on an item (issue 52): Set Check…, Remove Check and Run
// Check, and the acceptance modal when an item whose check came with the plan file is
// completed (ShownChecks.onDidAwaitAcceptance). Registered at start; their bodies
// (plan-check-run.ts) load at the first one.
import type * as vscode from 'vscode';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';
import type { PlanNode } from './plan-tree-model';

export const PLAN_CHECK_COMMANDS = {
  setCheck: 'agentChecklist.plan.setCheck',
  removeCheck: 'agentChecklist.plan.removeCheck',
  runCheck: 'agentChecklist.plan.runCheck',
} as const;

export interface PlanCheckCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
}

export function registerPlanCheckCommands(deps: PlanCheckCommandDeps): vscode.Disposable {
  const c = PLAN_CHECK_COMMANDS;
  const load = () => import('./plan-check-run');
  const commands = registerLazyCommands(load, {
    [c.setCheck]: (m, arg, command) => m.setCheck(deps, arg, command),
    [c.removeCheck]: (m, arg) => m.removeCheck(deps, arg),
    [c.runCheck]: (m, arg) => m.runCheck(deps, arg),
  });
  // An item completed whose check came with the plan file: asked once, with the same modal as Run Check.
  const awaiting = deps.controller.checks.onDidAwaitAcceptance(async (refs) => {
    const m = await load();
    for (const ref of refs) void m.acceptAndRun(deps, ref);
  });
  return { dispose: () => [commands, awaiting].forEach((d) => d.dispose()) };
}
