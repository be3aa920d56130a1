// A user edit of the standing plan: the one PlanEdit, as the Agent view asks for it
// (`{ type: 'editPlan', edit }`, validated here when the host receives it) and as the
// domain applies it (core/plan/user-edit.ts applyPlanEdit, the CLI's `edit`, the
// plan tree's commands). It lives in the protocol because the webview builds it and
// may import only the protocol. Only the shape is checked at this boundary; the list
// rules (trim, no empty, no duplicates, the parallel policy) and "no such item" are
// the PlanEditor's, with the same messages as everywhere else, so a refused edit
// tells the user exactly why.
//
// zod/mini only: the protocol is shared with the webview (which imports the type).
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';

/** An item's content or a new text: the same bound as a prompt. */
const text = z.string().check(z.minLength(1), z.maxLength(100_000));
const status = z.enum(TODO_STATUSES);

export const planEditSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('status'), content: text, status }),
  z.strictObject({ kind: z.literal('text'), content: text, text }),
  /** Inserts at `index` (default: the end); Restore is an add with the dropped item's status and place. */
  z.strictObject({
    kind: z.literal('add'),
    text,
    status: z.exactOptional(status),
    index: z.exactOptional(z.number().check(z.int(), z.minimum(0))),
  }),
  z.strictObject({ kind: z.literal('remove'), content: text }),
  z.strictObject({ kind: z.literal('move'), content: text, by: z.union([z.literal(-1), z.literal(1)]) }),
]);

export type PlanEdit = z.infer<typeof planEditSchema>;
