// An item's check (issue 52: "done means proven"), composed into THE event map
// (events.ts). A check is one command line the user wrote or accepted; the model never
// sets one (docs/todo-write-contract.md). Items are named by their text and, where
// items have one, their `itemId` (core/plan/item-identity.ts); the id wins when both
// name an item of the standing plan.
// - `plan/check-set`: the item's check is now `command` (`null`: removed). `from`:
//   `user` (written by the user: it may run at once) or `file` (it arrived through the
//   plan file, which a `git pull` may have written: it waits for acceptance).
// - `plan/check-accepted`: the user accepted the file's check `command` of the item once,
//   for good (until the check changes).
// - `check/result`: the check `command` ran: `exitCode` (null: timed out or cancelled),
//   `durationMs`, and `output`, the last CHECK_OUTPUT_BYTES of its combined output,
//   redacted as the bash tool's output is; `startSeq`, when written, the log's last seq
//   as the check started: a result counts only for an item not changed since (an item
//   reopened while its check ran is not verified by it).
// The set and the acceptance land between steps or turns; a result anywhere
// (check-invariants.ts). All three are written `ignorable`: an older reader skips them.
// In a followed session's checks side log (core/store/side-checks.ts) each also carries
// `logSeq`: the seq of the log's last event when it was written, the place the checks'
// fold takes it at (core/plan/side-checks.ts); a session log's own never do.
import * as z from 'zod/mini';

/** agentChecklist.checks.timeoutSeconds' default (and the CLI's). */
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 300;
/** The output a check/result keeps: its last 4 KiB. */
export const CHECK_OUTPUT_BYTES = 4096;
/** The longest command line a check holds. */
export const MAX_CHECK_COMMAND_CHARS = 2000;

const CHECK_ORIGINS = ['user', 'file'] as const;
export type CheckOrigin = (typeof CHECK_ORIGINS)[number];

const item = z.string().check(z.minLength(1));
const itemId = z.exactOptional(z.string().check(z.minLength(1), z.maxLength(40)));
const logSeq = z.exactOptional(z.number().check(z.int(), z.minimum(0)));
export const checkCommandSchema = z.string().check(z.minLength(1), z.maxLength(MAX_CHECK_COMMAND_CHARS));

export const checkEventDataFields = {
  'plan/check-set': z.strictObject({
    item,
    itemId,
    command: z.nullable(checkCommandSchema),
    from: z.exactOptional(z.enum(CHECK_ORIGINS)),
    logSeq,
  }),
  'plan/check-accepted': z.strictObject({ item, itemId, command: checkCommandSchema, logSeq }),
  'check/result': z.strictObject({
    item,
    itemId,
    command: checkCommandSchema,
    exitCode: z.nullable(z.number().check(z.int())),
    durationMs: z.number().check(z.int(), z.minimum(0)),
    output: z.string().check(z.maxLength(CHECK_OUTPUT_BYTES)),
    startSeq: z.exactOptional(z.number().check(z.int(), z.minimum(0))),
    logSeq,
  }),
};
