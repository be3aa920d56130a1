// A plan item's completion that needs a second look (plan/item-evidence.ts says when):
// the model marked it completed with no tool call while it was in progress (or added
// it already completed), or the last command run for it failed (`exit` null: it
// failed without an exit code: killed, timed out, refused, an ACP agent's failed
// call). At the core's root because the log (`plan/verify-completion`) and the views
// (protocol/item-evidence-view.ts) both carry it.
import * as z from 'zod/mini';

export const itemFlagSchema = z.discriminatedUnion('reason', [
  z.strictObject({ reason: z.literal('no-work') }),
  z.strictObject({ reason: z.literal('last-command-failed'), exit: z.nullable(z.number().check(z.int())) }),
]);
export type ItemFlag = z.infer<typeof itemFlagSchema>;
