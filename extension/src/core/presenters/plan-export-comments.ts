// Export Plan's comments section (plan review, core/plan/plan-comments.ts): every
// comment with its state on the standing version, under the item it was made on (its
// text now, or when last seen if the item is gone), stale and resolved ones included.
import { oneLine } from '../plan/one-line';
import { listComments, type PlanReviewState } from '../plan/plan-comments';

export type ExportedComment = ReturnType<typeof listComments>[number];

export function exportedComments(review: PlanReviewState): ExportedComment[] {
  return listComments(review);
}

export function commentsSection(comments: readonly ExportedComment[]): string[] {
  if (!comments.length) return [];
  const rows = comments.map((c) => `- _${c.state}_ · on "${oneLine(c.item ?? '?')}": ${oneLine(c.text)}`);
  return ['', '## Comments', '', ...rows];
}
