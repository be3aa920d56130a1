// The standing plan's view with its review (core/protocol/plan-review-view.ts): each
// item's comments with their states, and the revision's diff: since the approved
// version while an approval stands and the plan changed since it, else since the
// version the user last saw (core/plan/plan-comments.ts `approved`, `seen`). Read from
// the log, so every window and a reload show the same. Pure, from the ledger's review.
import { commentState, type PlanReviewState } from '../plan/plan-comments';
import type { PlanLedger } from '../plan/plan-ledger';
import type { PlanCommentView, PlanDiffView, PlanView } from '../protocol/plan-view';
import { planDiffView } from './plan-diff-rows';

/** The revision's diff the surfaces show (module header); null when nothing changed. */
export function reviewDiffView(review: PlanReviewState): PlanDiffView | null {
  const sinceApproval = review.approved && planDiffView(review.approved, review.version, 'approved');
  if (sinceApproval) return sinceApproval;
  const seen = review.seen;
  return seen && planDiffView(seen.version, review.version, seen.approved ? 'approved' : 'seen');
}

/**
 * `view` (the standing plan's) with its items' comments and the revision's diff: a re-approval's proposal carries the
 * diff since the approval as its `sinceApproval` (what is asked), any other plan as its `changes`.
 */
export function reviewedPlanView(view: PlanView, ledger: PlanLedger): PlanView {
  const review = ledger.review;
  const version = review.version;
  if (version === null || version.seq !== ledger.plan?.seq) return view;
  const byItem = commentsOfItems(review);
  const changes = reviewDiffView(review);
  const todos = view.todos.map((todo, i) => {
    const comments = byItem.get(version.items[i]?.itemId ?? '');
    return comments ? { ...todo, comments } : todo;
  });
  if (changes === null) return { ...view, todos };
  if (view.proposed && review.approved !== null && changes.since === 'approved')
    return { ...view, todos, proposed: { ...view.proposed, sinceApproval: changes } };
  return { ...view, todos, changes };
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
