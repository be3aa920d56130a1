// How each Plan tree node looks (vscode.TreeItem): label, codicon, description,
// tooltip and accessible name, and the contextValue the menus in package.json match:
//   own plan items   `todo.<status>[ editable][ checkable][ up][ down][ changes][ check][ comments]`
//                    (editable: this window writes the shown session; checkable: Set
//                    Check… may act on it, also on a followed session; up/down: Move
//                    Up/Down can move it; changes: Show Changes / Revert can act on it;
//                    check: it has a check, for Run Check / Remove Check; comments: it
//                    has a comment Resolve Comment can resolve; branch: it ran in parallel and its
//                    branch is there, for Merge / Discard Item's Branch)
//   subagent items   `subagentTodo.<status>`  (a subagent's plan is its own session's)
//   Dropped node     `droppedGroup`, its items `dropped[ editable]` (Restore)
// The item's history in its tooltip comes from one core presenter (timingRows, the
// rows Export Plan prints); this file only words it, and the item's drift from an
// approved plan (plan first: core/plan/plan-drift.ts, from the ledger).
import * as vscode from 'vscode';
import { word } from '../host/l10n-words';
import type { TodoStatus } from '../../core/domain-literals';
import type { TimingRow } from '../../core/plan/timing-rows';
import { itemDrift, type ItemDrift } from '../../core/plan/plan-drift';
import type { PlanAuthor } from '../../core/plan/todos-projection';
import { durationParts, inProgressElapsedMs } from '../../core/plan/plan-timing';
import type { ItemEvidenceView, ItemFlag } from '../../core/protocol/item-evidence-view';
import { evidenceLines, flagIcon, flagWords } from './plan-item-evidence';
import { checkIcon, checkLine, checkWords } from './plan-item-check';
import type { ItemCheckView } from '../../core/plan/check-states';
import { changeBadge, commentLine, itemReview } from './plan-review-look';
import { branchDescription, branchLines, openItemRun } from './plan-item-branch';
import type { DroppedGroupNode, DroppedItemNode, PlanItemNode } from './plan-tree-model';

export function statusLabel(status: TodoStatus): string {
  return word(`status.${status}`);
}

/** `42s`, `3m 07s`, `1h 02m`. */
function formatElapsed(ms: number): string {
  const { hours, minutes, seconds } = durationParts(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (hours) return vscode.l10n.t('{0}h {1}m', hours, pad(minutes));
  if (minutes) return vscode.l10n.t('{0}m {1}s', minutes, pad(seconds));
  return vscode.l10n.t('{0}s', seconds);
}

/** A log time in the UI's language: the time alone when it is today, else date and time. */
export function formatTime(ts: string, now: Date): string {
  const at = new Date(ts);
  const language = vscode.env.language;
  return at.toDateString() === now.toDateString() ? at.toLocaleTimeString(language) : at.toLocaleString(language);
}

/** The codicon of an item: spinning while its session works on it, a play mark once its turn is over. */
function itemIcon(node: PlanItemNode): vscode.ThemeIcon {
  switch (node.item.status) {
    case 'completed':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'in_progress':
      return new vscode.ThemeIcon(
        node.ledger.turnEndedAt === null ? 'sync~spin' : 'debug-start',
        new vscode.ThemeColor('charts.blue'),
      );
    case 'pending':
      return new vscode.ThemeIcon('circle-large-outline');
  }
}

function addedLine(by: PlanAuthor, at: string): string {
  return by === 'user' ? vscode.l10n.t('Added by you at {0}', at) : vscode.l10n.t('Added by the model at {0}', at);
}

/** The history lines of an item's tooltip: who added it and when, started, finished, time in progress. */
function historyLines(row: TimingRow, now: Date): string[] {
  const lines: string[] = [];
  if (row.addedAt !== null) lines.push(addedLine(row.addedBy ?? 'model', formatTime(row.addedAt, now)));
  if (row.startedAt !== null) lines.push(vscode.l10n.t('Started at {0}', formatTime(row.startedAt, now)));
  if (row.finishedAt !== null) lines.push(vscode.l10n.t('Finished at {0}', formatTime(row.finishedAt, now)));
  if (row.startedAt !== null) lines.push(vscode.l10n.t('In progress for {0} in all', formatElapsed(row.inProgressMs)));
  return lines;
}

function driftLine(drift: ItemDrift): string {
  return drift.kind === 'added'
    ? vscode.l10n.t('Not in the approved plan: added since the approval.')
    : vscode.l10n.t('Not in the approved plan: approved as “{0}”.', drift.approved);
}

function itemContextValue(node: PlanItemNode, look: ItemLook): string {
  if (!node.own) return `subagentTodo.${node.item.status}`;
  const flags = [`todo.${node.item.status}`];
  if (look.editable) flags.push('editable');
  if (look.checkable) flags.push('checkable');
  if (node.index > 0) flags.push('up');
  if (node.index < node.count - 1) flags.push('down');
  if (hasChanges(node)) flags.push('changes');
  if (look.check !== null) flags.push('check');
  if (openItemRun(node.ledger.itemRuns, node.item.content) !== null) flags.push('branch');
  if (itemReview(node.ledger, node.index, node.item.content).comments.some((c) => c.state !== 'resolved'))
    flags.push('comments');
  return flags.join(' ');
}

/**
 * The item has a change range (core/plan/change-range.ts) to show or revert: it
 * is in progress or completed. Read from its status, not from the log (a redraw's cost
 * must not grow with the log); an item that changed nothing says so when asked.
 */
function hasChanges(node: PlanItemNode): boolean {
  return node.item.status !== 'pending';
}

export interface ItemLook {
  now: Date;
  /** This window writes the shown session: its items take the edit actions. */
  editable: boolean;
  /** Its check may be set here: the session is editable, or its checks are in its side log (a followed session). */
  checkable: boolean;
  /** The item's row of its own session's timing (the shown session's, or the subagent's). */
  history: TimingRow | undefined;
  /** Its evidence (core/plan/plan-flags.ts itemEvidence); null for a log that records no tool calls. */
  evidence: ItemEvidenceView | null;
  /** A completion that needs a second look: a warning icon and its words. */
  flag: ItemFlag | null;
  /** Its check (core/plan/check-states.ts), null without one: verified, or a failed check's flag. */
  check: ItemCheckView | null;
}

export function itemTreeItem(node: PlanItemNode, look: ItemLook): vscode.TreeItem {
  const { item } = node;
  const state = node.children.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
  const tree = new vscode.TreeItem(item.content, state);
  tree.id = node.id;
  tree.iconPath = checkIcon(look.check) ?? (look.flag === null ? itemIcon(node) : flagIcon());
  const status = statusLabel(item.status);
  const elapsedMs = item.status === 'in_progress' ? inProgressElapsedMs(node.ledger, item.content, look.now) : null;
  const elapsed = elapsedMs === null ? null : formatElapsed(elapsedMs);
  const flagged = checkWords(look.check) || (look.flag === null ? '' : flagWords(look.flag));
  const described =
    item.status === 'pending' ? '' : elapsed ? `${status} · ${elapsed}` : flagged ? `${status} · ${flagged}` : status;
  const priority = node.ledger.timings.get(item.content)?.priority ?? null;
  // An ACP agent's priority, when not medium, leads the description.
  const priorityText =
    priority === 'high' ? vscode.l10n.t('high priority') : priority === 'low' ? vscode.l10n.t('low priority') : '';
  const review = node.own ? itemReview(node.ledger, node.index, item.content) : { comments: [], changes: [] };
  const run = node.own ? openItemRun(node.ledger.itemRuns, item.content) : null;
  const branch = run === null ? '' : branchDescription(run);
  tree.description = [priorityText, described, branch, changeBadge(review.changes)].filter(Boolean).join(' · ');
  const tooltip = new vscode.MarkdownString('', true);
  tooltip.appendText(item.content);
  tooltip.appendMarkdown(`\n\n$(${(tree.iconPath as vscode.ThemeIcon).id.replace('~spin', '')}) `);
  tooltip.appendText(elapsed ? vscode.l10n.t('{0} for {1}', status, elapsed) : status);
  const history = look.history ? historyLines(look.history, look.now) : [];
  // An item never started has no evidence to tell (unless a flag says why it needs a look); an item run on its own
  // branch did its work in its child session: the branch's lines tell it.
  const started = node.ledger.timings.get(item.content)?.startedAt != null;
  const evidence =
    look.evidence === null || run !== null || (!started && look.flag === null)
      ? []
      : evidenceLines(look.evidence, look.flag);
  const drift = itemDrift(node.ledger.drift, item.content);
  const checked = look.check === null ? [] : [checkLine(look.check)];
  const comments = review.comments.map(commentLine);
  const drifted = drift === null ? [] : [driftLine(drift)];
  const branched = run === null ? [] : branchLines(run);
  for (const line of [...history, ...evidence, ...checked, ...drifted, ...branched, ...comments]) {
    tooltip.appendMarkdown('\n\n');
    tooltip.appendText(line);
  }
  tree.tooltip = tooltip;
  const named = elapsed
    ? vscode.l10n.t('{0}, {1} for {2}', item.content, status, elapsed)
    : `${item.content}, ${status}`;
  tree.accessibilityInformation = { label: flagged ? `${named}, ${flagged}` : named };
  tree.contextValue = itemContextValue(node, look);
  return tree;
}

export function droppedGroupTreeItem(node: DroppedGroupNode): vscode.TreeItem {
  const label = vscode.l10n.t('Dropped');
  const tree = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
  tree.id = node.id;
  tree.iconPath = new vscode.ThemeIcon('circle-slash');
  tree.description = String(node.children.length);
  const tooltip = new vscode.MarkdownString('', true);
  tooltip.appendText(vscode.l10n.t('Unfinished items a model write left out. Restore puts one back in the plan.'));
  tree.tooltip = tooltip;
  tree.accessibilityInformation = { label: vscode.l10n.t('Dropped, {0} items', node.children.length) };
  tree.contextValue = 'droppedGroup';
  return tree;
}

export function droppedTreeItem(node: DroppedItemNode, editable: boolean, now: Date): vscode.TreeItem {
  const { dropped } = node;
  const tree = new vscode.TreeItem(dropped.content, vscode.TreeItemCollapsibleState.None);
  tree.id = node.id;
  tree.iconPath = new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
  const status = statusLabel(dropped.status);
  tree.description = vscode.l10n.t('dropped while {0}', status);
  const tooltip = new vscode.MarkdownString('', true);
  tooltip.appendText(dropped.content);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(vscode.l10n.t('Dropped by the model at {0}, while {1}.', formatTime(dropped.ts, now), status));
  tree.tooltip = tooltip;
  tree.accessibilityInformation = { label: vscode.l10n.t('{0}, dropped while {1}', dropped.content, status) };
  tree.contextValue = editable ? 'dropped editable' : 'dropped';
  return tree;
}
