// Plan review's events (docs/todo-write-contract.md, "Reviewing a plan"), composed into
// THE event map (events.ts). The user's own, never a model message, never in the model's
// view. `plan/comment`: a comment on item `itemId` (core/plan/item-identity.ts) of plan
// version `planSeq` (the seq of the todo/write or todo/user-edit that wrote it).
// `plan/comment-resolved`: the user marked the comment at `commentSeq` resolved.
// `plan/scope-changed`: plan first's re-approval (core/plan/scope-growth.ts): after an
// approval of plan version `approvedSeq`, the model's write of version `planSeq` grew the
// scope (`added`, `reworded`: the items since the approval); the turn's plan/proposed
// follows it. All land between steps (or between turns: the user's), written `ignorable`:
// no fold of an older reader needs them, so it skips them and still reads the log.
import * as z from 'zod/mini';

const seq = z.number().check(z.int(), z.minimum(1));

/** The longest comment the log takes: the user's text is bounded like any text a log holds. */
export const MAX_COMMENT_CHARS = 8000;

export const reviewEventDataFields = {
  'plan/comment': z.strictObject({
    itemId: z.string().check(z.minLength(1), z.maxLength(40)),
    planSeq: seq,
    text: z.string().check(z.minLength(1), z.maxLength(MAX_COMMENT_CHARS)),
  }),
  'plan/comment-resolved': z.strictObject({ commentSeq: seq }),
  'plan/scope-changed': z.strictObject({
    turn: seq,
    approvedSeq: seq,
    planSeq: seq,
    added: z.number().check(z.int(), z.minimum(0)),
    reworded: z.number().check(z.int(), z.minimum(0)),
  }),
};
