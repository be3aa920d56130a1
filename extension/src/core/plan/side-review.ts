// The review of a followed or imported session: its log's events and its comments side
// log's (docs/formats.md, "Comments on a followed session") folded as one review. A
// side event is folded right after the main event it names (a comment: its `planSeq`;
// a resolve: its comment's), in side-log order; one whose main event is not (or no
// longer) in the log is folded at the end. The side log's comment ids are its own seqs:
// a followed log holds no comments of its own (they are never written to it).
import type { SessionEvent } from '../session/events';
import { planCommentsProjection, type PlanReviewState } from './plan-comments';

/** The event types a comments side log holds. */
export const SIDE_COMMENT_TYPES: ReadonlySet<SessionEvent['type']> = new Set(['plan/comment', 'plan/comment-resolved']);

/** Side events grouped by the main seq each follows (module header). */
function anchored(side: readonly SessionEvent[]): Map<number, SessionEvent[]> {
  const commentAnchor = new Map<number, number>();
  const byAnchor = new Map<number, SessionEvent[]>();
  for (const event of side) {
    let anchor: number | undefined;
    if (event.type === 'plan/comment') commentAnchor.set(event.seq, (anchor = event.data.planSeq));
    else if (event.type === 'plan/comment-resolved') anchor = commentAnchor.get(event.data.commentSeq);
    if (anchor === undefined) continue;
    const list = byAnchor.get(anchor) ?? [];
    list.push(event);
    byAnchor.set(anchor, list);
  }
  return byAnchor;
}

/** The review fold fed the main log's events one by one, the side log's merged in (module header). */
export class ReviewWithSide {
  private readonly pending: Map<number, SessionEvent[]>;
  private current: PlanReviewState = planCommentsProjection.init;

  constructor(side: readonly SessionEvent[]) {
    this.pending = anchored(side);
  }

  apply(event: SessionEvent): void {
    this.current = planCommentsProjection.apply(this.current, event);
    for (const s of this.pending.get(event.seq) ?? []) this.current = planCommentsProjection.apply(this.current, s);
    this.pending.delete(event.seq);
  }

  /** The review with every side event folded (those whose main event never came, at the end). */
  get review(): PlanReviewState {
    let review = this.current;
    for (const rest of this.pending.values()) for (const s of rest) review = planCommentsProjection.apply(review, s);
    return review;
  }
}

/** The review fold over `events` with `side` merged in (module header). */
export function foldWithSide(events: Iterable<SessionEvent>, side: readonly SessionEvent[]): PlanReviewState {
  const merged = new ReviewWithSide(side);
  for (const event of events) merged.apply(event);
  return merged.review;
}
