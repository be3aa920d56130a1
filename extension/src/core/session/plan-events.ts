// The plan's events (a family of the event map, events.ts): the model's and the user's
// whole lists, plan first's review (docs/todo-write-contract.md, "Plan first") and the
// note that tells the model its flagged items.
import * as z from 'zod/mini';
import { PLAN_PRIORITIES } from '../domain-literals';
import { itemFlagSchema } from '../item-flag';
import { count } from './event-fields';
import { todoListSchema } from './stored-todo-list';
import { taskFileOriginFields } from './task-meta';

/**
 * Where a user edit came from, beside the user's own hand in the strip, the tree or
 * `edit`: the plan file (`agentChecklist.planFile`, `edit --from-file`; what it said of
 * each item: task-meta.ts) or a hand-over from another session (its id), which begins
 * the new session's log.
 */
const userEditOriginSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('plan-file'), ...taskFileOriginFields }),
  z.strictObject({ kind: z.literal('hand-over'), session: z.string().check(z.minLength(1)) }),
]);
export type UserEditOrigin = z.infer<typeof userEditOriginSchema>;

/** The plan's event types and their data schemas. */
export const planEventFields = {
  /**
   * `priorities`: an ACP agent's plan (core/acp-client) keeps each entry's priority,
   * index for index with `todos`; absent for our own model's lists, which have none.
   */
  'todo/write': z.strictObject({
    todos: todoListSchema,
    priorities: z.exactOptional(z.array(z.enum(PLAN_PRIORITIES))),
  }),
  /**
   * The user edited the standing plan: the whole list after the edit, and where it came
   * from when not the strip, the tree or the CLI's `edit` (docs/todo-write-contract.md).
   */
  'todo/user-edit': z.strictObject({ todos: todoListSchema, origin: z.exactOptional(userEditOriginSchema) }),
  /**
   * Plan first (docs/todo-write-contract.md, "Plan first"): the model ended its
   * planning phase with this plan. `planSeq` names the plan version (the seq of the
   * todo/write or todo/user-edit that wrote the list), `todos` is that whole list.
   * Inside a turn, between its steps.
   */
  'plan/proposed': z.strictObject({ turn: count, planSeq: count, todos: todoListSchema }),
  /**
   * The user approved the proposed plan as it stands (with their
   * edits): the version and its whole list. Outside a step.
   */
  'plan/approved': z.strictObject({ planSeq: count, todos: todoListSchema }),
  /** The user rejected the proposed plan version `planSeq`; the model replans with `feedback`. Outside a step. */
  'plan/rejected': z.strictObject({ planSeq: count, feedback: z.string().check(z.minLength(1)) }),
  /**
   * The model is told, once, which items it marked completed are flagged (item-flag.ts),
   * so it can check or reopen them (agentChecklist.verifyCompletion; deriveMessages
   * makes the note). Inside a turn, between its steps; the plan ledger marks them told.
   */
  'plan/verify-completion': z.strictObject({
    turn: count,
    items: z.array(z.strictObject({ content: z.string(), flag: itemFlagSchema })).check(z.minLength(1)),
  }),
};
