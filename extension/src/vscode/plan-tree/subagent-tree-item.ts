// How a subagent's node looks in the Plan tree: its description, a codicon for its
// outcome (running, done, failed, stopped), its progress, and the command that opens its
// transcript in the Agent view when its log can be read.
import * as vscode from 'vscode';
import { planProgress, progressFraction } from '../../core/plan/summaries';
import { word } from '../host/l10n-words';
import { formatTime } from './plan-tree-items';
import type { SubagentNode } from './plan-tree-model';

/** Internal (not in the palette): shows a subagent's transcript in the Agent view; argument: the child session id. */
export const OPEN_SUBAGENT_COMMAND = 'agentChecklist.openSubagent';

function outcomeLabel(node: SubagentNode): string {
  return word(node.running ? 'outcome.running' : `outcome.${node.mark.outcome ?? 'interrupted'}`);
}

function subagentIcon(node: SubagentNode): vscode.ThemeIcon {
  if (node.running) return new vscode.ThemeIcon('sync~spin', new vscode.ThemeColor('charts.blue'));
  if (node.mark.outcome === 'completed')
    return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
  if (node.mark.outcome === 'error' || node.mark.outcome === 'max-steps')
    return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
  return new vscode.ThemeIcon('circle-slash');
}

export function subagentTreeItem(node: SubagentNode, now: Date): vscode.TreeItem {
  const label = vscode.l10n.t('Subagent: {0}', node.mark.description);
  const state = node.children.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
  const tree = new vscode.TreeItem(label, state);
  tree.id = node.id;
  tree.iconPath = subagentIcon(node);
  const plan = node.child?.plan;
  const outcome = outcomeLabel(node);
  const counts = plan && plan.length ? progressFraction(planProgress(plan)) : null;
  tree.description = counts ? `${counts} · ${outcome}` : outcome;
  const tooltip = new vscode.MarkdownString('', true);
  tooltip.appendText(label);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(
    node.child
      ? vscode.l10n.t('Its own session ({0}), {1}.', node.mark.childSessionId, outcome)
      : vscode.l10n.t('Its log ({0}) cannot be read.', node.mark.childSessionId),
  );
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(vscode.l10n.t('Started at {0}', formatTime(node.mark.startedAt, now)));
  tree.tooltip = tooltip;
  tree.accessibilityInformation = { label: `${label}, ${tree.description}` };
  tree.contextValue = 'subagent';
  if (node.child)
    tree.command = {
      command: OPEN_SUBAGENT_COMMAND,
      title: vscode.l10n.t('Open transcript'),
      arguments: [node.mark.childSessionId],
    };
  return tree;
}
