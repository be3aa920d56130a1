// How an item's check looks in the Plan tree (issue 52; its state from
// core/plan/check-states.ts): a verified item (its check passed after its last change)
// has its own icon and the word "verified"; a failed check is the item's flag,
// "check failed: exit N", in place of the other flags; the tooltip names the command
// and its state. The command is the user's or an accepted file's text, shown inert.
import * as vscode from 'vscode';
import type { CheckState, ItemCheckView } from '../../core/plan/check-states';
import { visibleControls } from '../../core/terminal-text';
import { flagIcon } from './plan-item-evidence';

/** The item's icon when its check decides it (verified, or failed), else null. */
export function checkIcon(check: ItemCheckView | null): vscode.ThemeIcon | null {
  if (check?.state === 'passed') return new vscode.ThemeIcon('verified', new vscode.ThemeColor('testing.iconPassed'));
  return check?.state === 'failed' ? flagIcon() : null;
}

/** The words the description and accessible name carry: `verified`, `check failed: exit N`; '' otherwise. */
export function checkWords(check: ItemCheckView | null): string {
  if (check?.state === 'passed') return vscode.l10n.t('verified');
  if (check?.state !== 'failed') return '';
  return check.exitCode === null
    ? vscode.l10n.t('check failed (timed out or cancelled)')
    : vscode.l10n.t('check failed: exit {0}', check.exitCode);
}

function stateWords(state: CheckState): string {
  switch (state) {
    case 'passed':
      return vscode.l10n.t('verified');
    case 'failed':
      return vscode.l10n.t('failed');
    case 'stale':
      return vscode.l10n.t('changed since checked');
    case 'running':
      return vscode.l10n.t('running');
    case 'not-run':
      return vscode.l10n.t('not run');
    case 'waiting-acceptance':
      return vscode.l10n.t('from the plan file, waiting for your acceptance (Run Check)');
  }
}

/** The tooltip's line: `Check: <command> (<state>)`. */
export function checkLine(check: ItemCheckView): string {
  return vscode.l10n.t(
    'Check: {0} ({1})',
    visibleControls(check.command, { keepLayout: false }),
    stateWords(check.state),
  );
}
