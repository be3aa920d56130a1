// Agent Checklist: Turn On Codex's Plan Tool (registered by plan-tool-notice.ts): shows
// the exact lines it adds to Codex's config.toml and writes them only once the user
// confirms (core/import/codex-config-edit.ts: nothing else in the file changes). A
// deliberate `enabled = false` is left as it is. A lazy module
// (dist/codex-plan-tool-enable.js, LAZY_MODULES in scripts/lazy-bundles.mjs).
import * as vscode from 'vscode';
import { codexConfigFile, codexHomeOf, isCodexConfigError, readCodexConfig } from '../../core/codex-config';
import { codexPlanToolChange } from '../../core/import/codex-config-edit';
import { writeClaudeSettings } from '../../core/import/claude-settings';

type CodexPlanToolOutcome = 'written' | 'already-on' | 'off-by-choice' | 'refused' | 'cancelled';

/** Shows the change to Codex's config and writes it once the user chooses Turn On; resolves with what happened. */
export async function enableCodexPlanTool(): Promise<CodexPlanToolOutcome> {
  const file = codexConfigFile(codexHomeOf(process.env));
  let current: string | undefined;
  try {
    current = readCodexConfig(file);
  } catch (error) {
    if (!isCodexConfigError(error)) throw error;
    return refuse(file, error.message);
  }
  const change = codexPlanToolChange(current);
  switch (change.kind) {
    case 'refused':
      return refuse(file, change.reason);
    case 'already-on':
      void vscode.window.showInformationMessage(
        vscode.l10n.t("Agent Checklist: Codex's plan tool is already on in {0}.", file),
      );
      return 'already-on';
    case 'off-by-choice':
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
          "Agent Checklist: {0} turns Codex's plan tool off (tools.update_plan.enabled = false); that is your choice, so it was left as it is.",
          file,
        ),
      );
      return 'off-by-choice';
    case 'change':
      return confirmAndWrite(file, current, change.text, change.lines, change.existed);
  }
}

async function confirmAndWrite(
  file: string,
  current: string | undefined,
  text: string,
  lines: string,
  existed: boolean,
): Promise<CodexPlanToolOutcome> {
  const turnOn = vscode.l10n.t('Turn On');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t("Turn on Codex's plan tool (update_plan) for the sessions it starts from now on?"),
    {
      modal: true,
      detail: existed
        ? [vscode.l10n.t('Adds to {0}:', file), lines, vscode.l10n.t('Every other line stays as it is.')].join('\n')
        : [vscode.l10n.t('Creates {0} with:', file), lines].join('\n'),
    },
    turnOn,
  );
  if (answer !== turnOn) return 'cancelled';
  try {
    if (!writeClaudeSettings(file, current, text))
      return refuse(file, vscode.l10n.t('it changed while you were asked; run the command again'));
  } catch (error) {
    return refuse(file, error instanceof Error ? error.message : String(error));
  }
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      "Agent Checklist: Codex's plan tool is on ({0}); the sessions it starts from now on show their plans here.",
      file,
    ),
  );
  return 'written';
}

function refuse(file: string, reason: string): 'refused' {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0} was not changed: {1}', file, reason));
  return 'refused';
}
