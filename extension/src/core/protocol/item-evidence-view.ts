// What the surfaces show of one plan item's evidence: the tool calls made while it was
// in progress, counted per kind (`shared`: of those, the calls made while another item
// was in progress too, counted for each), the last few of them, how many commands
// failed, its time in progress and the files it changed; and its flag, a completion that needs a second
// look (core/plan/item-evidence.ts folds it, docs/todo-write-contract.md "Evidence and
// flags"). The same view is the CLI's `plan --format json` `evidence` and `flag`.
// Its size is bounded by the plan: counts, and at most EVIDENCE_RECENT_CALLS calls.
//
// zod/mini only; the webview imports the types.
import * as z from 'zod/mini';

const count = z.number().check(z.int(), z.minimum(0));

/**
 * How a call counts: it read the workspace, wrote it, ran a command,
 * or something else (a subagent, another extension's tool).
 */
const EVIDENCE_CALL_KINDS = ['read', 'write', 'command', 'other'] as const;
export type EvidenceCallKind = (typeof EVIDENCE_CALL_KINDS)[number];

/** How many of an item's latest calls its evidence keeps. */
export const EVIDENCE_RECENT_CALLS = 5;

const evidenceCallSchema = z.strictObject({
  /** The tool's name (an ACP agent's call: its title). */
  tool: z.string(),
  kind: z.enum(EVIDENCE_CALL_KINDS),
  /** Made while another item was in progress too. */
  shared: z.boolean(),
  /** A command that failed: a non-zero exit, killed, timed out, stopped, refused. */
  failed: z.boolean(),
  /** A command's exit code when it exited by itself; null otherwise. */
  exit: z.nullable(z.number().check(z.int())),
});
export type EvidenceCall = z.infer<typeof evidenceCallSchema>;

/** How a file differs between two checkpoints: A added, D deleted, M modified, T type changed. */
const changedFileSchema = z.strictObject({ status: z.enum(['A', 'D', 'M', 'T']), path: z.string() });
export type ChangedFile = z.infer<typeof changedFileSchema>;

export const itemEvidenceViewSchema = z.strictObject({
  tools: z.strictObject({ read: count, write: count, command: count, other: count, shared: count }),
  /** The latest calls, oldest first. */
  recent: z.array(evidenceCallSchema),
  failedCommands: count,
  /** Time in progress. */
  ms: count,
  /**
   * The files it changed, between the checkpoints of its range (core/checkpoints/item-files.ts):
   * [] when it changed none, null when that is unknown (no checkpoints, or the shadow
   * repository cannot say). Absent until the host has read them; always in the CLI's JSON.
   */
  files: z.exactOptional(z.nullable(z.array(changedFileSchema))),
});
export type ItemEvidenceView = z.infer<typeof itemEvidenceViewSchema>;

export { itemFlagSchema, type ItemFlag } from '../item-flag';
