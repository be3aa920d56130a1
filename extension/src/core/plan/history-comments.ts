// The comments of each plan version in the history (CLI `history`): for every version,
// each of its items' comments made on that version or an earlier one, with the state
// it had as of that version (commentState against it: `addressed`, `unresolved`,
// `stale`; `resolved` when marked so before the next version). A pure fold over the
// log (plan-comments.ts), whose versions are index for index with the history's.
import type { SessionEvent } from '../session/events';
import type { IdentifiedVersion } from './item-identity';
import { commentsByItem, planCommentsProjection, type ItemComment, type PlanReviewState } from './plan-comments';

export class HistoryComments {
  private review: PlanReviewState = planCommentsProjection.init;
  private readonly closed: ItemComment[][][] = [];

  apply(event: SessionEvent): void {
    const before = this.review.version;
    this.review = planCommentsProjection.apply(this.review, event);
    if (before !== null && this.review.version !== before) this.closed.push(this.asOf(before));
  }

  /** Per version, per item (index for index), its comments with their states as of that version. */
  get versions(): ItemComment[][][] {
    const last = this.review.version;
    return last === null ? [...this.closed] : [...this.closed, this.asOf(last)];
  }

  private asOf(version: IdentifiedVersion): ItemComment[][] {
    const comments = this.review.comments.filter((comment) => comment.planSeq <= version.seq);
    return commentsByItem({ ...planCommentsProjection.init, version, comments });
  }
}
