// The workspace's events (a family of the event map, events.ts): its checkpoints in
// the shadow repository (core/checkpoints/) and the changes the user took back.
import * as z from 'zod/mini';
import { count } from './event-fields';

/** A git commit id: 40 lowercase hex digits. */
const commitId = z.string().check(z.regex(/^[0-9a-f]{40}$/));

/** The workspace's event types and their data schemas. */
export const workspaceEventFields = {
  /**
   * A checkpoint of the workspace in the shadow repository (core/checkpoints/), taken
   * before the first workspace-changing call of a step (inside it), or at the end of a
   * turn that changed the workspace since its last one (after its last step: `step`
   * names that step), or, for an ACP agent's turn, when we hear of a change
   * (acp-checkpoints.ts: between steps `step` names the last one, 0 before the first):
   * `commit` is the shadow repository's commit of the workspace as it was then.
   */
  'checkpoint/created': z.strictObject({
    turn: count,
    step: z.number().check(z.int(), z.minimum(0)),
    commit: commitId,
  }),
  /**
   * The user took back an item's changes (`scope: 'item'`: the files it changed, back to
   * `checkpoint`, the one before it started) or the whole workspace (`'workspace'`:
   * every file changed since `checkpoint`). `files` are the paths written, relative to
   * the workspace. A `todo/user-edit` putting the item back to pending follows it.
   * Never inside a step.
   */
  'changes/reverted': z.strictObject({
    item: z.string().check(z.minLength(1)),
    scope: z.enum(['item', 'workspace']),
    checkpoint: commitId,
    files: z.array(z.string()),
  }),
};
