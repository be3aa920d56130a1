// The commands (category "Agent Checklist" in package.json). Errors a user can act
// on are shown as messages; everything else goes to the log as well.
import type { TurnStart } from '../turn/turn-runner';
import type { PendingPlanReview, PlanDecision } from '../../core/agent/plan-first';
import * as vscode from 'vscode';
import type { TurnEndReason } from '../../core/session/events';
import { isProviderUnavailableError } from '../providers/provider-source';
import type { SessionController } from '../controller/session-controller';
import { isTurnRefusedError } from '../session/turn-refused';
import { PLAN_VIEW_ID } from '../plan-tree/plan-tree';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';

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
function decidePlan(deps: CommandDeps, decision: PlanDecision | null): void {
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
    vscode.commands.registerCommand(COMMAND_IDS.rejectPlan, (given?: unknown) => rejectPlan(deps, given)),
    vscode.commands.registerCommand(COMMAND_IDS.focusPlan, () =>
      vscode.commands.executeCommand(`${PLAN_VIEW_ID}.focus`),
    ),
    vscode.commands.registerCommand(COMMAND_IDS.showLog, () => showLog(controller)),
    vscode.commands.registerCommand(COMMAND_IDS.openAgentFile, () => openAgentFile(controller)),
    vscode.commands.registerCommand(COMMAND_IDS.compactConversation, () => compactConversation(deps)),
    vscode.commands.registerCommand(COMMAND_IDS.exportPlan, () => exportPlan(controller)),
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

/**
 * `given`: the feedback the Agent view's strip asked for in the page; without it, an input box asks, holding the
 * unresolved comments (plan review) to start from.
 */
async function rejectPlan(deps: CommandDeps, given: unknown): Promise<void> {
  if (deps.planReview.waiting === null) return decidePlan(deps, null);
  if (typeof given === 'string' && given.trim() !== '') return decidePlan(deps, { kind: 'reject', feedback: given });
  const feedback = await vscode.window.showInputBox({
    title: vscode.l10n.t('Reject Plan with Feedback'),
    prompt: vscode.l10n.t('What should the plan change? The agent replans with your feedback.'),
    value: unresolvedCommentsMessage(deps.controller.planLedger.review) ?? '',
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Write the feedback the agent replans with.') : null),
  });
  return feedback === undefined ? undefined : decidePlan(deps, { kind: 'reject', feedback });
}

async function showLog(controller: SessionController): Promise<void> {
  const file = controller.logPath;
  if (!file) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Checklist: this session has no log yet; send a prompt first.'),
    );
    return;
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
}

/**
 * The agent's own file a followed or imported session was made from, in a read-only editor (it is the agent's, never
 * ours to change).
 */
async function openAgentFile(controller: SessionController): Promise<void> {
  const file = controller.shownAgentFile();
  if (!file) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t("Agent Checklist: the shown session is not made from another agent's own session file."),
    );
    return;
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
  await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
}

/** Summarizes the history now (a context/compact in the log); the plan is untouched. Resolves true when it did. */
async function compactConversation(deps: CommandDeps): Promise<boolean> {
  try {
    const done = await deps.controller.compact();
    if (done)
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Agent Checklist: the conversation was summarized; the model goes on from the summary and the standing plan.',
        ),
      );
    else void vscode.window.showInformationMessage(vscode.l10n.t('Agent Checklist: there is nothing to compact yet.'));
    return done;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!isTurnRefusedError(error)) deps.log.error(`compact failed: ${message}`);
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Agent Checklist: compacting the conversation failed: {0}', message),
    );
    return false;
  }
}

/** The plan and its history as Markdown in a new untitled editor (nothing is saved); resolves with its URI. */
async function exportPlan(controller: SessionController): Promise<string | undefined> {
  const markdown = await controller.exportMarkdown();
  if (markdown === null) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Checklist: there is no session to export yet; send a prompt first.'),
    );
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
  await vscode.window.showTextDocument(document, { preview: false });
  return document.uri.toString();
}
