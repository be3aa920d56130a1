// Claude Code's hidden plan in the editor. A shown session whose agent withheld its plan
// tools (core/import/plan-notice.ts) is explained where its plan would be: the Agent
// view's page gets the notice in the session view (session-view.ts), the Plan view's
// empty view shows it while context key `agentChecklist.planNotice` names it. Both offer
// Agent Checklist: Turn On Claude Code's Task List, which shows the exact change to
// Claude Code's user settings and writes it only once the user confirms (Turn On).
// (The context key names any notice: Gemini CLI's offers the MCP set-up instead.)
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import { agentHomes } from '../../core/import/agent-session-files';
import {
  CLAUDE_TASKS_ENTRY,
  claudeTasksChange,
  readClaudeSettings,
  writeClaudeSettings,
} from '../../core/import/claude-settings';
import { claudeSettingsFile, type PlanNotice } from '../../core/import/plan-notice';
import type { SessionController } from '../session/session-controller';
import { planNoticeOf } from '../session/session-view';

export const ENABLE_CLAUDE_CODE_TASKS_COMMAND = 'agentChecklist.enableClaudeCodeTasks';
export const PLAN_NOTICE_CONTEXT = 'agentChecklist.planNotice';

/** Keeps the Plan view's notice in step with the shown session, and registers the command. */
export class ClaudeCodeTasks extends Owner {
  private shown: PlanNotice | undefined;

  constructor(private readonly controller: SessionController) {
    super();
    this.register(vscode.commands.registerCommand(ENABLE_CLAUDE_CODE_TASKS_COMMAND, () => enableClaudeCodeTasks()));
    this.register(controller.onDidChangeSession(() => this.update()));
    // Only a session shown with the notice can lose it (its agent's first plan write).
    this.register(controller.onDidChangePlan(() => this.shown !== undefined && this.update()));
    this.register(toDisposable(() => void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, '')));
    this.update(true);
  }

  private update(force = false): void {
    const notice = planNoticeOf(this.controller.session);
    if (notice === this.shown && !force) return;
    this.shown = notice;
    void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, notice ?? '');
  }
}

/** Shows the change to Claude Code's settings and writes it once the user chooses Turn On; resolves with what happened. */
export async function enableClaudeCodeTasks(): Promise<'written' | 'already-on' | 'refused' | 'cancelled'> {
  const file = claudeSettingsFile(agentHomes(process.env).claudeConfigDir);
  let current: string | undefined;
  try {
    current = readClaudeSettings(file);
  } catch (error) {
    return refuse(file, error instanceof Error ? error.message : String(error));
  }
  const change = claudeTasksChange(current);
  if (change.kind === 'refused') return refuse(file, change.reason);
  if (change.kind === 'already-on') {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        "Agent Checklist: Claude Code's task list is already on in {0}; sessions Claude Code starts now show their plans here.",
        file,
      ),
    );
    return 'already-on';
  }
  const turnOn = vscode.l10n.t('Turn On');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t("Turn on Claude Code's task list for the sessions it starts from now on?"),
    {
      modal: true,
      detail: change.existed
        ? [
            vscode.l10n.t('Adds to {0}:', file),
            CLAUDE_TASKS_ENTRY,
            vscode.l10n.t('Every other setting stays as it is.'),
          ].join('\n')
        : [vscode.l10n.t('Creates {0} with:', file), CLAUDE_TASKS_ENTRY].join('\n'),
    },
    turnOn,
  );
  if (answer !== turnOn) return 'cancelled';
  try {
    if (!writeClaudeSettings(file, current, change.text))
      return refuse(file, vscode.l10n.t('it changed while you were asked; run the command again'));
  } catch (error) {
    return refuse(file, error instanceof Error ? error.message : String(error));
  }
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      "Agent Checklist: Claude Code's task list is on ({0}); the sessions it starts from now on show their plans here.",
      file,
    ),
  );
  return 'written';
}

function refuse(file: string, reason: string): 'refused' {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0} was not changed: {1}', file, reason));
  return 'refused';
}
