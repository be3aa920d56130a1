// A todo list as the surfaces show it: the items and their progress, counted ONCE by
// the host (core/plan/summaries.planProgress). Used for the standing plan (the plan
// strip, a child's plan) and for the list a todo_write call logged (its row). The
// webview fills its localized templates from `progress` with the same summary
// functions (countsHeader, progressRow); it never recounts.
//
// zod/mini and the zod-free summaries only. The type is inferred from the schema; the
// webview imports the type (see host-message-check.ts).
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';
import { itemEvidenceViewSchema, itemFlagSchema } from './item-evidence-view';
import { planCommentViewSchema, planDiffViewSchema } from './plan-review-view';

const count = z.number().check(z.int(), z.minimum(0));

/** An item's check's states (core/plan/check-states.ts says what each means). */
export const CHECK_STATES = ['passed', 'failed', 'stale', 'running', 'not-run', 'waiting-acceptance'] as const;

/** An item's check as the host shows it (its state made by the host: the webview only paints it). */
const itemCheckViewSchema = z.strictObject({
  command: z.string(),
  state: z.enum(CHECK_STATES),
  /** The last result's exit code (null: none, or it timed out or was cancelled). */
  exitCode: z.nullable(z.number().check(z.int())),
});

export const planViewSchema = z.strictObject({
  /**
   * `priority`: an ACP agent's, when not `medium` (the ledger's ItemTiming.priority).
   * `evidence` and `flag` (item-evidence-view.ts): on the standing plan's items, for a
   * log that records its agent's tool calls; `flag` only when the item is flagged.
   * `comments` (plan-review-view.ts): the standing plan's items' comments, when any.
   * `itemId` (core/plan/item-identity.ts) and `check` (issue 52): the standing plan's
   * items in a session whose checks the host folds; `check` only on an item with one.
   */
  todos: z.array(
    z.strictObject({
      content: z.string(),
      status: z.enum(TODO_STATUSES),
      priority: z.exactOptional(z.enum(['high', 'low'])),
      evidence: z.exactOptional(itemEvidenceViewSchema),
      flag: z.exactOptional(itemFlagSchema),
      comments: z.exactOptional(z.array(planCommentViewSchema)),
      itemId: z.exactOptional(z.string().check(z.minLength(1), z.maxLength(40))),
      check: z.exactOptional(itemCheckViewSchema),
    }),
  ),
  progress: z.strictObject({
    counts: z.strictObject({ pending: count, inProgress: count, completed: count }),
    done: count,
    total: count,
    firstActive: z.nullable(z.string()),
    moreActive: count,
  }),
  /** How many items are verified (their check passed after their last change): `3/5 · 2 verified`; absent: none. */
  verified: z.exactOptional(count),
  /**
   * Plan first (docs/todo-write-contract.md): the plan is proposed and waits for the
   * user's decision; absent otherwise (and always for a list a call logged, a child's
   * plan or a history version). `version`: the plan version standing (seq of the event
   * that wrote the list: the one an approval now names; the user's edits make a later
   * one). `waiting`: this window's turn waits for the decision now, so Approve, Edit and
   * Reject with Feedback… answer it; false when the turn ended with the proposal on
   * the log (the next prompt goes on from it). `sinceApproval`: a re-approval (the
   * approved plan grew, core/agent/reapproval.ts): the diff since the approval, read from
   * the log (every window, after a reload, whether or not this window's turn waits).
   */
  proposed: z.exactOptional(
    z.strictObject({
      version: count,
      waiting: z.boolean(),
      sinceApproval: z.exactOptional(planDiffViewSchema),
    }),
  ),
  /** The standing plan: what changed since the version the user last saw or approved (plan-review-view.ts). */
  changes: z.exactOptional(planDiffViewSchema),
});
export type PlanView = z.infer<typeof planViewSchema>;
export type PlanItemView = PlanView['todos'][number];
export type ProposedPlanView = NonNullable<PlanView['proposed']>;
export type { PlanCommentView, PlanDiffRow, PlanDiffView } from './plan-review-view';
