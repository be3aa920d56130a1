// An item run in parallel, as the Plan tree shows it (core/plan/item-runs.ts, folded
// into the ledger): while its branch is there (not merged or discarded yet), the
// description names the run's state and the branch's last part, and the tooltip its
// branch, its commit and diff stat (`item-run/end`), or why it failed. The item's
// contextValue gets `branch` then (Merge Item's Branch, Discard Item's Branch).
import * as vscode from 'vscode';
import { branchIsOpen, type ItemRunRecord, type ItemRunsByContent } from '../../core/plan/item-runs';

/** The item's run while its branch is open, else null. */
export function openItemRun(runs: ItemRunsByContent, content: string): ItemRunRecord | null {
  const run = runs.get(content);
  return run !== undefined && branchIsOpen(run) ? run : null;
}

function stateWords(run: ItemRunRecord): string {
  switch (run.state) {
    case 'running':
      return vscode.l10n.t('running on its branch');
    case 'completed':
      return vscode.l10n.t('done on its branch');
    case 'failed':
      return vscode.l10n.t('failed on its branch');
    default:
      return vscode.l10n.t('stopped on its branch');
  }
}

/** The description's part: the run's state and the branch's last part (`1-alpha-one`). */
export function branchDescription(run: ItemRunRecord): string {
  return `${stateWords(run)} ${run.branch.split('/').at(-1) ?? run.branch}`;
}

/** The tooltip's lines: the branch, its commit and diff stat, or why the run failed. */
export function branchLines(run: ItemRunRecord): string[] {
  const lines = [vscode.l10n.t('Branch: {0}', run.branch)];
  if (run.commit !== null) lines.push(vscode.l10n.t('Commit {0} by Agent Checklist', run.commit.slice(0, 10)));
  else if (run.state !== 'running') lines.push(vscode.l10n.t('No commit: the run changed nothing.'));
  if (run.stat !== undefined) lines.push(run.stat);
  if (run.reason !== undefined) lines.push(run.reason);
  return lines;
}
