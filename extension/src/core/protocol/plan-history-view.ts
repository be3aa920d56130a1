// The plan history as the Agent view paints it: every plan version of the shown
// session (each todo/write by the model, each todo/user-edit by the user) in log
// order, with its time, who made it, the plan it wrote (with its counts) and what
// changed against the plan before it. Presented ON THE HOST from the history fold by
// core/plan/plan-history-presenter.ts (the changes, drops included, are computed once,
// by core/plan/plan-changes.ts); the webview paints these views and never diffs or
// counts a list.
//
// Types and zod/mini schemas only: bundled into the webview.
import * as z from 'zod/mini';
import { TODO_STATUSES, type TodoStatus } from '../domain-literals';
import { planViewSchema, type PlanView } from './plan-view';

export type PlanChangeView =
  /** `dropped`: an unfinished item a model write left out. */
  | { kind: 'added' | 'removed' | 'dropped'; content: string }
  | { kind: 'status'; content: string; from: TodoStatus; to: TodoStatus }
  /** `content` is the new text. */
  | { kind: 'text'; content: string; from: string };

export interface PlanVersionView {
  /** 1-based, in log order. */
  number: number;
  /** The event's seq in the log (`agent-checklist plan <log> --at <seq>` shows the same plan). */
  seq: number;
  /** ISO 8601, the event's time (the webview shows it in the user's locale). */
  ts: string;
  by: 'model' | 'user';
  plan: PlanView;
  changes: PlanChangeView[];
}

const statusSchema = z.enum(TODO_STATUSES);

export const planChangeViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['added', 'removed', 'dropped']), content: z.string() }),
  z.strictObject({ kind: z.literal('status'), content: z.string(), from: statusSchema, to: statusSchema }),
  z.strictObject({ kind: z.literal('text'), content: z.string(), from: z.string() }),
]) satisfies z.ZodMiniType<PlanChangeView>;

export const planVersionViewSchema = z.strictObject({
  number: z.number().check(z.int(), z.minimum(1)),
  seq: z.number().check(z.int(), z.minimum(1)),
  ts: z.string(),
  by: z.enum(['model', 'user']),
  plan: planViewSchema,
  changes: z.array(planChangeViewSchema),
}) satisfies z.ZodMiniType<PlanVersionView>;
