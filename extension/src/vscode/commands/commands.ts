// The commands (category "Agent Checklist" in package.json). Errors a user can act
// on are shown as messages; everything else goes to the log as well. The bodies of the
// commands a prompt does not need (Reject Plan, Show Log, …) are in commands-run.ts,
// loaded at the first of them.
import type { TurnStart } from '../turn/turn-runner';
import type { PendingPlanReview, PlanDecision } from '../../core/agent/plan-first';
import * as vscode from 'vscode';
import type { TurnEndReason } from '../../core/session/events';
import { isProviderUnavailableError } from '../providers/provider-source';
import type { SessionController } from '../controller/session-controller';
import { isTurnRefusedError } from '../session/turn-refused';
import { PLAN_VIEW_ID } from '../plan-tree/plan-tree';
import { registerLazyCommands } from '../host/lazy-commands';

export const COMMAND_IDS = {
  sendPrompt: 'agentChecklist.sendPrompt',
  newSession: 'agentChecklist.newSession',
  stop: 'agentChecklist.stop',
  focusPlan: 'agentChecklist.focusPlan',
  showLog: 'agentChecklist.showLog',
  exportPlan: 'agentChecklist.exportPlan',
  compactConversation: 'agentChecklist.compactConversation',
  openAgentFile: 'agentChecklist.openAgentFile',
  approvePlan: 'agentChecklist.approvePlan',
  rejectPlan: 'agentChecklist.rejectPlan',
  useLanguageModel: 'agentChecklist.useLanguageModel',
} as const;

const CONTAINER_COMMAND = 'workbench.view.extension.agentChecklist';

/** Answers the waiting plan-first proposal (null: only say that none waits). */
export function decidePlan(deps: CommandDeps, decision: PlanDecision | null): void {
  if (decision !== null && deps.planReview.answer(decision)) return;
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Agent Checklist: no proposed plan waits for your decision.'),
  );
}

export interface CommandDeps {
  controller: SessionController;
  log: vscode.LogOutputChannel;
  /** The plan-first proposal waiting for a decision (Approve Plan / Reject Plan with Feedback…). */
  planReview: PendingPlanReview;
}

/** Runs a prompt and reports problems to the user; resolves with how the turn ended. */
export async function sendPrompt(
  deps: CommandDeps,
  text: string,
  start?: TurnStart,
): Promise<TurnEndReason | undefined> {
  try {
    const reason = await deps.controller.sendPrompt(text, start);
    if (reason?.kind === 'error')
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Agent Checklist: the model request failed: {0}', reason.message),
      );
    return reason;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isProviderUnavailableError(error)) {
      // Not awaited: the command ends now, whether or not the user ever answers.
      void vscode.window
        .showErrorMessage(`Agent Checklist: ${message}`, vscode.l10n.t('Open Settings'))
        .then((choice) => {
          if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', error.setting);
        });
    } else if (isTurnRefusedError(error)) {
      void vscode.window.showWarningMessage(`Agent Checklist: ${message}`);
    } else {
      deps.log.error(`send prompt failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      void vscode.window.showErrorMessage(`Agent Checklist: ${message}`);
    }
    return undefined;
  }
}

/** Stop: the running turn, and the running check also outside a turn (killed within 500 ms, recorded as cancelled). */
export function stopAll(controller: SessionController): Promise<void> {
  controller.checks.cancel();
  return controller.turns.stop();
}

export function registerCommands(deps: CommandDeps): vscode.Disposable {
  const { controller } = deps;
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND_IDS.sendPrompt, (prompt?: unknown) => askAndSendPrompt(deps, prompt)),
    vscode.commands.registerCommand(COMMAND_IDS.newSession, () => controller.newSession()),
    vscode.commands.registerCommand(COMMAND_IDS.stop, () => stopAll(controller)),
    vscode.commands.registerCommand(COMMAND_IDS.approvePlan, () => decidePlan(deps, { kind: 'approve' })),
    vscode.commands.registerCommand(COMMAND_IDS.focusPlan, () =>
      vscode.commands.executeCommand(`${PLAN_VIEW_ID}.focus`),
    ),
    registerLazyCommands(() => import('./commands-run'), {
      [COMMAND_IDS.rejectPlan]: (m, given) => m.rejectPlan(deps, given),
      [COMMAND_IDS.showLog]: (m) => m.showLog(controller),
      [COMMAND_IDS.openAgentFile]: (m) => m.openAgentFile(controller),
      [COMMAND_IDS.compactConversation]: (m) => m.compactConversation(deps),
      [COMMAND_IDS.exportPlan]: (m) => m.exportPlan(controller),
    }),
  );
}

/** Send Prompt; with a string argument (tests, other extensions) it skips the input box. */
async function askAndSendPrompt(deps: CommandDeps, prompt: unknown): Promise<TurnEndReason | undefined> {
  let text = typeof prompt === 'string' ? prompt : undefined;
  if (text === undefined) {
    text = await vscode.window.showInputBox({
      title: vscode.l10n.t('Agent Checklist: Send Prompt'),
      prompt: vscode.l10n.t('What should the agent do?'),
      placeHolder: vscode.l10n.t('Describe the task'),
      ignoreFocusOut: true,
    });
    if (!text?.trim()) return undefined;
    // Shown before the turn starts, so a view the user opens meanwhile is not replaced by it later.
    await vscode.commands.executeCommand(CONTAINER_COMMAND);
  }
  return sendPrompt(deps, text);
}
