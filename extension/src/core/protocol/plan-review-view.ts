// Plan review as the surfaces paint it (issue 51): the comments under an item, each with
// its state on the standing version, and the revision's diff (what changed since a
// version the user saw or approved), one typed row per change. Presented on the host
// (core/presenters/plan-diff-rows.ts, plan-review-rows.ts); the webview paints them and
// never diffs a list nor decides a comment's state.
//
// zod/mini schemas, the types inferred from them: the webview imports only the types.
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';

const statusSchema = z.enum(TODO_STATUSES);
const seq = z.number().check(z.int(), z.minimum(1));
const itemId = z.string();

/** One change of the revision's diff (core/plan/revision-diff.ts says what each kind means). */
const planDiffRowSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('added'), itemId, text: z.string(), status: statusSchema }),
  z.strictObject({ kind: z.enum(['removed', 'moved']), itemId, text: z.string() }),
  z.strictObject({ kind: z.literal('reworded'), itemId, text: z.string(), oldText: z.string() }),
  z.strictObject({
    kind: z.literal('status'),
    itemId,
    text: z.string(),
    status: statusSchema,
    oldStatus: statusSchema,
  }),
]);
export type PlanDiffRow = z.infer<typeof planDiffRowSchema>;

/**
 * The standing version against an earlier one: `since` says which (`approved`: the
 * approved version, while an approval stands; `seen`: the version standing at the user's
 * last word in the log, docs/surfaces.md; `previous`: the version before it, in Plan
History), `fromSeq` its seq. Never empty.
 */
export const planDiffViewSchema = z.strictObject({
  since: z.enum(['approved', 'seen', 'previous']),
  fromSeq: seq,
  rows: z.array(planDiffRowSchema),
});
export type PlanDiffView = z.infer<typeof planDiffViewSchema>;

const COMMENT_STATES = ['unresolved', 'addressed', 'stale', 'resolved'] as const;

/** A comment under its item: `seq` is the plan/comment event's (the comment's id). */
export const planCommentViewSchema = z.strictObject({
  seq,
  text: z.string(),
  state: z.enum(COMMENT_STATES),
  planSeq: seq,
});
export type PlanCommentView = z.infer<typeof planCommentViewSchema>;
