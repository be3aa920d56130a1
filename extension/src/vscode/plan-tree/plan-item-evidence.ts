// An item's evidence and flag in the user's language (core/plan/plan-flags.ts folds
// them): the words of a flag (the Plan tree's description, the status bar), and the
// evidence lines of the item's tooltip. Kept apart from plan-tree-items.ts, which
// only places them.
import * as vscode from 'vscode';
import { changedFilesList } from '../../core/plan/summaries';
import type { ItemEvidenceView, ItemFlag } from '../../core/protocol/item-evidence-view';

/** `no work recorded`, `last command failed: exit 1`. */
export function flagWords(flag: ItemFlag): string {
  if (flag.reason === 'no-work') return vscode.l10n.t('no work recorded');
  return flag.exit === null
    ? vscode.l10n.t('last command failed')
    : vscode.l10n.t('last command failed: exit {0}', flag.exit);
}

/** The codicon of a flagged item. */
export function flagIcon(): vscode.ThemeIcon {
  return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
}

/**
 * The tooltip's evidence: the flag (why it needs a second look), the calls made while it was in progress and the latest
 * of them.
 */
export function evidenceLines(evidence: ItemEvidenceView, flag: ItemFlag | null): string[] {
  const lines: string[] = [];
  if (flag !== null) lines.push(vscode.l10n.t('Needs a second look: {0}', flagWords(flag)));
  const { read, write, command, other, shared } = evidence.tools;
  if (read + write + command + other === 0) {
    lines.push(vscode.l10n.t('No tool call while in progress'));
    return [...lines, ...filesLines(evidence)];
  }
  lines.push(
    vscode.l10n.t(
      'Tool calls while in progress: {0} reads, {1} writes, {2} commands, {3} other',
      read,
      write,
      command,
      other,
    ),
  );
  if (shared > 0) lines.push(vscode.l10n.t('{0} of them shared with other items in progress', shared));
  if (evidence.failedCommands > 0) lines.push(vscode.l10n.t('Failed commands: {0}', evidence.failedCommands));
  const recent = evidence.recent.map((c) =>
    c.kind !== 'command'
      ? c.tool
      : c.exit !== null
        ? vscode.l10n.t('{0} (exit {1})', c.tool, c.exit)
        : c.failed
          ? vscode.l10n.t('{0} (failed)', c.tool)
          : c.tool,
  );
  lines.push(vscode.l10n.t('Latest calls: {0}', recent.join(', ')));
  return [...lines, ...filesLines(evidence)];
}

/** The files it changed (unknown, or not read yet: no line). */
function filesLines({ files }: ItemEvidenceView): string[] {
  if (files === undefined || files === null) return [];
  return [
    files.length === 0
      ? vscode.l10n.t('No file changed')
      : vscode.l10n.t('Files changed ({0}): {1}', files.length, changedFilesList(files)),
  ];
}
