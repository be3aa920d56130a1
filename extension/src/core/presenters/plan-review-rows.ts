// The standing plan's view with its review (core/protocol/plan-review-view.ts): each
// item's comments with their states, and the revision's diff since the version the user
// last saw or approved (core/plan/plan-comments.ts `seen`). Pure, from the ledger's review.
import { commentState, type PlanReviewState } from '../plan/plan-comments';
import type { PlanLedger } from '../plan/plan-ledger';
import type { PlanCommentView, PlanView } from '../protocol/plan-view';
import { planDiffView } from './plan-diff-rows';

/** `view` (the standing plan's) with its items' comments and the changes since the user's last look. */
export function reviewedPlanView(view: PlanView, ledger: PlanLedger): PlanView {
  const review = ledger.review;
  const version = review.version;
  if (version === null || version.seq !== ledger.plan?.seq) return view;
  const byItem = commentsOfItems(review);
  const seen = review.seen;
  const changes = seen && planDiffView(seen.version, version, seen.approved ? 'approved' : 'seen');
  return {
    ...view,
    todos: view.todos.map((todo, i) => {
      const comments = byItem.get(version.items[i]?.itemId ?? '');
      return comments ? { ...todo, comments } : todo;
    }),
    ...(changes ? { changes } : {}),
  };
}

/** Each item's comments (by itemId) as their views, in log order. */
export function commentsOfItems(review: PlanReviewState): ReadonlyMap<string, PlanCommentView[]> {
  const byItem = new Map<string, PlanCommentView[]>();
  for (const c of review.comments) {
    const view: PlanCommentView = {
      seq: c.seq,
      text: c.text,
      state: commentState(c, review.version),
      planSeq: c.planSeq,
    };
    const list = byItem.get(c.itemId);
    if (list) list.push(view);
    else byItem.set(c.itemId, [view]);
  }
  return byItem;
}
