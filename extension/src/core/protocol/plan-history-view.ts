// The plan history as the Agent view paints it: every plan version of the shown
// session (each todo/write by the model, each todo/user-edit by the user) in log
// order, with its time, who made it, the plan it wrote (with its counts) and what
// changed against the plan before it. Presented ON THE HOST from the history fold by
// core/presenters/plan-history-presenter.ts (the changes, drops included, are computed once,
// by core/plan/plan-changes.ts); the webview paints these views and never diffs or
// counts a list.
//
// zod/mini schemas, the types inferred from them: the webview imports only the types.
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';
import { planDiffViewSchema } from './plan-review-view';
import { planViewSchema } from './plan-view';

const statusSchema = z.enum(TODO_STATUSES);

const planChangeViewSchema = z.discriminatedUnion('kind', [
  /** `dropped`: an unfinished item a model write left out. */
  z.strictObject({ kind: z.enum(['added', 'removed', 'dropped']), content: z.string() }),
  z.strictObject({ kind: z.literal('status'), content: z.string(), from: statusSchema, to: statusSchema }),
  /** `content` is the new text. */
  z.strictObject({ kind: z.literal('text'), content: z.string(), from: z.string() }),
]);
export type PlanChangeView = z.infer<typeof planChangeViewSchema>;

/**
 * Plan first: an item of this version not in the approved plan (plan-drift.ts):
 * `added` since the approval, `reworded` (`approved`: its approved text), or an
 * approved item `dropped` since.
 */
const planDriftViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['added', 'dropped']), content: z.string() }),
  z.strictObject({ kind: z.literal('reworded'), content: z.string(), approved: z.string() }),
]);
export type PlanDriftView = z.infer<typeof planDriftViewSchema>;

export const planVersionViewSchema = z.strictObject({
  /** 1-based, in log order. */
  number: z.number().check(z.int(), z.minimum(1)),
  /** The event's seq in the log (`agent-checklist plan <log> --at <seq>` shows the same plan). */
  seq: z.number().check(z.int(), z.minimum(1)),
  /** ISO 8601, the event's time (the webview shows it in the user's locale). */
  ts: z.string(),
  by: z.enum(['model', 'user']),
  /** A user edit from the plan file, or a hand-over from another session (its id); absent otherwise. */
  origin: z.exactOptional(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('plan-file') }),
      z.strictObject({ kind: z.literal('hand-over'), session: z.string() }),
    ]),
  ),
  plan: planViewSchema,
  changes: z.array(planChangeViewSchema),
  /** The revision's diff against the version before (items matched by itemId); null for the first or no change. */
  diff: z.nullable(planDiffViewSchema),
  /** Empty when no approval stands or the version is the approved plan. */
  drift: z.array(planDriftViewSchema),
});
export type PlanVersionView = z.infer<typeof planVersionViewSchema>;
