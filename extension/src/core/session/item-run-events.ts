// Run Items in Parallel's events (docs/todo-write-contract.md, "Items run in parallel"),
// composed into THE event map (events.ts), written `ignorable`: records beside the
// conversation that no fold of an older reader needs. Each chosen item runs as its own
// child session in its own git worktree on its own branch (core/worktrees/).
// In the child's log, `item-run/child` is the first event: the parent's session and the
// item (its number and text). In the parent's log: `item-run/start` when the child
// starts, `item-run/end` when its turn ended (its changes committed on the branch:
// `commit`, null when it changed nothing; `stat`, the summary line of its diff stat, when
// it changed something), `item-run/closed` when the user merged or
// discarded the branch. None lands inside a step.
import * as z from 'zod/mini';
import { count } from './event-fields';

/** A git commit id: 40 lowercase hex digits. */
const commitId = z.string().check(z.regex(/^[0-9a-f]{40}$/));
const text = z.string().check(z.minLength(1), z.maxLength(4096));
/** An item's text: as long as the plan's item is. */
const itemText = z.string().check(z.minLength(1));

/** How an item's child run ended: its turn completed without error, failed, or was stopped. */
const ITEM_RUN_OUTCOMES = ['completed', 'failed', 'stopped'] as const;
export type ItemRunEndOutcome = (typeof ITEM_RUN_OUTCOMES)[number];

export const itemRunEventDataFields = {
  'item-run/child': z.strictObject({ parentSession: text, n: count, content: itemText, branch: text }),
  'item-run/start': z.strictObject({
    n: count,
    content: itemText,
    childSession: text,
    branch: text,
    worktree: text,
    base: commitId,
  }),
  'item-run/end': z.strictObject({
    childSession: text,
    outcome: z.enum(ITEM_RUN_OUTCOMES),
    reason: z.exactOptional(text),
    commit: z.nullable(commitId),
    stat: z.exactOptional(text),
  }),
  'item-run/closed': z.strictObject({ childSession: text, how: z.enum(['merged', 'discarded']) }),
};
