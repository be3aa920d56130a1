// Comments on plan items (plan/comment, plan/comment-resolved: session/review-events.ts)
// and each one's state on the latest plan version: `resolved` (the user marked it),
// `stale` (its item is gone), `addressed` (its item's text or status changed after the
// version it was made on: reworded, split, a status), else `unresolved`. A pure fold
// (live = replay); items are matched by their itemId (item-identity.ts).
// `seen`: the version standing at the user's last word in the log (a prompt, an
// approval, a rejection, a comment, a resolve, their own edit), which the revision's
// diff of the surfaces starts from ("Changes since …", docs/surfaces.md): what the user
// last acted on is what they saw, in every window and on every replay alike.
// `approved`: the version the standing approval names (plan/approved; a re-approval's
// proposal, right after plan/scope-changed, keeps it: its diff is what is asked; a
// first proposal or a rejection ends it), the diff "since the approved plan" starts from.
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
  /** The version standing at the user's last word (module header); `approved` when that word approved it. */
  readonly seen: { readonly version: IdentifiedVersion; readonly approved: boolean } | null;
  /** The version the standing approval names (module header); null when none stands. */
  readonly approved: IdentifiedVersion | null;
  /** plan/scope-changed came last of plan first's events: the next plan/proposed is a re-approval. */
  readonly reapproval: boolean;
}

export const planCommentsProjection: Projection<PlanReviewState> = {
  init: { version: null, comments: [], seen: null, approved: null, reapproval: false },
  apply(state, event: SessionEvent) {
    const next = applyReview(state, event);
    // A resolve of no open comment is no word: it changes nothing.
    if (
      !USER_WORDS.has(event.type) ||
      next.version === null ||
      (next === state && event.type === 'plan/comment-resolved')
    )
      return next;
    const same = next.seen?.version === next.version;
    const approved = event.type === 'plan/approved' || (same && next.seen!.approved);
    return same && next.seen!.approved === approved ? next : { ...next, seen: { version: next.version, approved } };
  },
};

/** The events that are the user's word on the plan (module header: `seen`). */
const USER_WORDS: ReadonlySet<SessionEvent['type']> = new Set([
  'user/message',
  'plan/approved',
  'plan/rejected',
  'plan/comment',
  'plan/comment-resolved',
  'todo/user-edit',
]);

function applyReview(state: PlanReviewState, event: SessionEvent): PlanReviewState {
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
    case 'plan/approved':
      return { ...state, approved: state.version, reapproval: false };
    case 'plan/rejected':
      return { ...state, approved: null, reapproval: false };
    case 'plan/scope-changed':
      return { ...state, reapproval: true };
    case 'plan/proposed':
      if (state.reapproval) return { ...state, reapproval: false };
      return state.approved === null ? state : { ...state, approved: null };
    default:
      return state;
  }
}

/** `comment`'s state on `version` (module header). */
export function commentState(comment: PlanComment, version: IdentifiedVersion | null): CommentState {
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

/** A comment on the standing version's item `content`: its plan/comment data, or null when no such item stands. */
export function commentOn(
  state: PlanReviewState,
  planSeq: number | undefined,
  content: string,
  text: string,
): { itemId: string; planSeq: number; text: string } | null {
  const version = state.version;
  if (version === null || version.seq !== planSeq) return null;
  const item = version.items.find((i) => i.content === content);
  return item === undefined ? null : { itemId: item.itemId, planSeq: version.seq, text };
}
