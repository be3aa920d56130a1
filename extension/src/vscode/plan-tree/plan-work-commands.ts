// The plan drives the work: Start This Item, Continue Plan in New Session… and Run All
// Items. Registered at start; their bodies (plan-work-run.ts, with run-all-command.ts)
// load at the first one.
import type * as vscode from 'vscode';
import type { TodoItem } from '../../core/plan/todo-schema';
import type { TurnEndReason } from '../../core/session/events';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';
import type { AgentSettings } from '../host/settings';
import type { ProviderSource } from '../providers/provider-source';
import type { TurnStart } from '../turn/turn-runner';
import type { PlanNode } from './plan-tree-model';

export const PLAN_WORK_COMMANDS = {
  startItem: 'agentChecklist.plan.startItem',
  continueInNewSession: 'agentChecklist.plan.continueInNewSession',
  runAll: 'agentChecklist.plan.runAll',
} as const;

export interface PlanWorkCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
  providers: ProviderSource;
  settings: () => AgentSettings;
  cwd: () => string;
  /** The plan file's plan while no session is shown (plan-file-sync.ts), else null. */
  filePlan: () => readonly TodoItem[] | null;
  /** Sends a prompt as the composer does (errors shown to the user). */
  send: (prompt: string, start?: TurnStart) => Promise<TurnEndReason | undefined>;
}

export function registerPlanWorkCommands(deps: PlanWorkCommandDeps): vscode.Disposable {
  const c = PLAN_WORK_COMMANDS;
  return registerLazyCommands(() => import('./plan-work-run'), {
    [c.startItem]: (m, arg) => m.startItem(deps, arg),
    [c.continueInNewSession]: (m, agent, words) => m.continueInNewSession(deps, agent, words),
    [c.runAll]: (m) => m.runAll(deps),
  });
}
