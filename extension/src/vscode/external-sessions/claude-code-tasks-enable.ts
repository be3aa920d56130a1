// Agent Checklist: Turn On Claude Code's Task List (registered by plan-tool-notice.ts):
// shows the change to Claude Code's user settings and writes it only once the user
// confirms. A lazy module (dist/claude-code-tasks-enable.js, LAZY_MODULES in
// scripts/lazy-bundles.mjs), loaded at the command's first run.
import * as vscode from 'vscode';
import {
  CLAUDE_TASKS_ENTRY,
  claudeSettingsFile,
  claudeTasksChange,
  readClaudeSettings,
  writeClaudeSettings,
} from '../../core/import/claude-settings';
import { agentHomes } from '../../core/import/followed-agents';

/**
 * Shows the change to Claude Code's settings and writes it once the user chooses Turn On; resolves with what happened.
 */
export async function enableClaudeCodeTasks(): Promise<'written' | 'already-on' | 'refused' | 'cancelled'> {
  const file = claudeSettingsFile(agentHomes(process.env)['claude-code']!);
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
        // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
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
