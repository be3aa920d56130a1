// The revision's diff as the surfaces paint it (core/presenters/plan-diff-rows.ts makes
// the rows from core/plan/revision-diff.ts): one row per change, in the diff's order.
// `text`: the item's text in the newer version (removed: its last one); `oldText`: a
// reworded item's text before; `status`/`oldStatus`: an added item's status, a status
// change's. The page labels each kind in the UI language and shows the texts as text.
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';

export const planDiffRowSchema = z.strictObject({
  kind: z.enum(['added', 'removed', 'reworded', 'moved', 'status']),
  text: z.string(),
  oldText: z.exactOptional(z.string()),
  status: z.exactOptional(z.enum(TODO_STATUSES)),
  oldStatus: z.exactOptional(z.enum(TODO_STATUSES)),
});
export type PlanDiffRow = z.infer<typeof planDiffRowSchema>;
