// The bodies of the window's commands that only some users run (commands.ts registers
// them): Reject Plan with Feedback…, Show Log, Open Agent's File, Compact Conversation and
// Export Plan.
import * as vscode from 'vscode';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';
import type { SessionController } from '../controller/session-controller';
import { isTurnRefusedError } from '../session/turn-refused';
import { decidePlan, type CommandDeps } from './commands';

/**
 * `given`: the feedback the Agent view's strip asked for in the page; without it, an input box asks, holding the
 * unresolved comments (plan review) to start from.
 */
export async function rejectPlan(deps: CommandDeps, given: unknown): Promise<void> {
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

export async function showLog(controller: SessionController): Promise<void> {
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
export async function openAgentFile(controller: SessionController): Promise<void> {
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
export async function compactConversation(deps: CommandDeps): Promise<boolean> {
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
export async function exportPlan(controller: SessionController): Promise<string | undefined> {
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
