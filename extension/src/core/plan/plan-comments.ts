// Comments on plan items (plan/comment, plan/comment-resolved: session/review-events.ts)
// and each one's state on the latest plan version: `resolved` (the user marked it),
// `stale` (its item is gone), `addressed` (its item's text or status changed after the
// version it was made on: reworded, split, a status), else `unresolved`. A pure fold
// (live = replay); items are matched by their itemId (item-identity.ts).
import type { SessionEvent } from '../session/events';
import type { Projection } from '../session/projection';
import { itemIdentityProjection, type IdentifiedItem, type IdentifiedVersion } from './item-identity';

type CommentState = 'addressed' | 'unresolved' | 'stale' | 'resolved';

interface PlanComment {
  /** The plan/comment event's seq: the comment's id. */
  readonly seq: number;
  readonly itemId: string;
  readonly planSeq: number;
  readonly text: string;
  /** The item's text when the comment was made (null: no such item then). */
  readonly itemText: string | null;
  readonly resolved: boolean;
}

export interface PlanReviewState {
  /** The latest plan version, its items identified. */
  readonly version: IdentifiedVersion | null;
  /** Every comment, in log order. */
  readonly comments: readonly PlanComment[];
}

export const planCommentsProjection: Projection<PlanReviewState> = {
  init: { version: null, comments: [] },
  apply(state, event: SessionEvent) {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit':
        return { ...state, version: itemIdentityProjection.apply(state.version, event) };
      case 'plan/comment': {
        const { itemId, planSeq, text } = event.data;
        const itemText = state.version?.items.find((item) => item.itemId === itemId)?.content ?? null;
        const comment: PlanComment = { seq: event.seq, itemId, planSeq, text, itemText, resolved: false };
        return { ...state, comments: [...state.comments, comment] };
      }
      case 'plan/comment-resolved': {
        const at = state.comments.findIndex((c) => c.seq === event.data.commentSeq);
        if (at < 0 || state.comments[at]!.resolved) return state;
        const comments = state.comments.map((c, i) => (i === at ? { ...c, resolved: true } : c));
        return { ...state, comments };
      }
      default:
        return state;
    }
  },
};

/** `comment`'s state on `version` (module header). */
function commentState(comment: PlanComment, version: IdentifiedVersion | null): CommentState {
  if (comment.resolved) return 'resolved';
  const item = itemOf(version, comment.itemId);
  if (item === undefined) return 'stale';
  return item.changedSeq > comment.planSeq ? 'addressed' : 'unresolved';
}

function itemOf(version: IdentifiedVersion | null, itemId: string): IdentifiedItem | undefined {
  return version?.items.find((item) => item.itemId === itemId);
}

/** A comment as `plan --format json` gives it under its item. */
export interface ItemComment {
  itemId: string;
  text: string;
  state: CommentState;
  planSeq: number;
}

/** The comments on each item of the latest version, index for index with its items. */
export function commentsByItem(state: PlanReviewState): ItemComment[][] {
  const byId = new Map<string, ItemComment[]>();
  for (const c of state.comments) {
    const list = byId.get(c.itemId) ?? [];
    list.push({ itemId: c.itemId, text: c.text, state: commentState(c, state.version), planSeq: c.planSeq });
    byId.set(c.itemId, list);
  }
  return (state.version?.items ?? []).map((item) => byId.get(item.itemId) ?? []);
}

/** Every comment with its state and its item's text (now, or when it was made if the item is gone). */
export function listComments(state: PlanReviewState): (ItemComment & { seq: number; item: string | null })[] {
  return state.comments.map((c) => ({
    seq: c.seq,
    itemId: c.itemId,
    planSeq: c.planSeq,
    state: commentState(c, state.version),
    item: itemOf(state.version, c.itemId)?.content ?? c.itemText,
    text: c.text,
  }));
}
