// What plan review adds to a Plan tree item (issue 51): its comments with their states
// in the tooltip, a `comments` flag in its contextValue (Resolve Comment) and, after a
// revision, what changed in it since the approved version or the user's last look, in its
// description. Presented once per review state by the core's presenters
// (plan-review-rows.ts, plan-diff-rows.ts) and kept per state, so each row reads a map.
import * as vscode from 'vscode';
import type { PlanLedger } from '../../core/plan/plan-ledger';
import { changesByItem } from '../../core/presenters/plan-diff-rows';
import { commentsOfItems, reviewDiffView } from '../../core/presenters/plan-review-rows';
import type { PlanCommentView, PlanDiffRow } from '../../core/protocol/plan-view';
import type { PlanReviewState } from '../../core/plan/plan-comments';

interface Look {
  comments: ReadonlyMap<string, PlanCommentView[]>;
  changes: ReadonlyMap<string, readonly PlanDiffRow['kind'][]>;
}

const looks = new WeakMap<PlanReviewState, Look>();

function lookOf(review: PlanReviewState): Look {
  let look = looks.get(review);
  if (!look) {
    const diff = reviewDiffView(review);
    look = { comments: commentsOfItems(review), changes: changesByItem(diff?.rows ?? []) };
    looks.set(review, look);
  }
  return look;
}

interface ItemReview {
  comments: readonly PlanCommentView[];
  /** What changed in the item since the user's last look (empty: nothing). */
  changes: readonly PlanDiffRow['kind'][];
}

/** The review of the standing plan's item at `index` with `content` (none for another plan, e.g. the file's). */
export function itemReview(ledger: PlanLedger, index: number, content: string): ItemReview {
  const version = ledger.review.version;
  const item = version?.seq === ledger.plan?.seq ? version?.items[index] : undefined;
  if (item === undefined || item.content !== content) return { comments: [], changes: [] };
  const look = lookOf(ledger.review);
  return { comments: look.comments.get(item.itemId) ?? [], changes: look.changes.get(item.itemId) ?? [] };
}

/** The words of a comment's state. */
function commentStateWords(state: PlanCommentView['state']): string {
  switch (state) {
    case 'unresolved':
      return vscode.l10n.t('unresolved');
    case 'addressed':
      return vscode.l10n.t('addressed');
    case 'stale':
      return vscode.l10n.t('stale');
    case 'resolved':
      return vscode.l10n.t('resolved');
  }
}

/** The tooltip line of a comment. */
export function commentLine(comment: PlanCommentView): string {
  return vscode.l10n.t('Comment ({0}): {1}', commentStateWords(comment.state), comment.text);
}

/** The description's badge of an item's changes since the user's last look ('' for none). */
export function changeBadge(changes: readonly PlanDiffRow['kind'][]): string {
  if (changes.length === 0) return '';
  const words: Record<PlanDiffRow['kind'], string> = {
    added: vscode.l10n.t('new'),
    reworded: vscode.l10n.t('reworded'),
    moved: vscode.l10n.t('moved'),
    status: vscode.l10n.t('status changed'),
    removed: vscode.l10n.t('removed'),
  };
  return changes.map((kind) => words[kind]).join(', ');
}
