// Items run in parallel, as the parent's log records them (session/item-run-events.ts):
// each item's latest child run by item content, a pure fold. `state` is `running` from
// the child's start until its end is logged (a run the process never ended, killed
// mid-run, stays `running`: its worktree and branch are still there), then the child's
// outcome, and `merged` / `discarded` once the user closed the branch.
import type { ItemRunEndOutcome } from '../session/item-run-events';
import type { Projection } from '../session/projection';

type ItemRunState = 'running' | ItemRunEndOutcome | 'merged' | 'discarded';

export interface ItemRunRecord {
  n: number;
  content: string;
  childSession: string;
  branch: string;
  worktree: string;
  base: string;
  state: ItemRunState;
  reason?: string;
  commit: string | null;
  /** The summary line of the branch's diff stat (`1 file changed, 2 insertions(+)`), when it changed something. */
  stat?: string;
}

export type ItemRunsByContent = ReadonlyMap<string, ItemRunRecord>;

const NONE: ItemRunsByContent = new Map();

function updated(state: ItemRunsByContent, childSession: string, change: Partial<ItemRunRecord>): ItemRunsByContent {
  const entry = [...state].find(([, r]) => r.childSession === childSession);
  if (entry === undefined) return state;
  return new Map(state).set(entry[0], { ...entry[1], ...change });
}

export const itemRunsProjection: Projection<ItemRunsByContent> = {
  init: NONE,
  apply(state, event) {
    switch (event.type) {
      case 'item-run/start': {
        const { n, content, childSession, branch, worktree, base } = event.data;
        const record: ItemRunRecord = {
          n,
          content,
          childSession,
          branch,
          worktree,
          base,
          state: 'running',
          commit: null,
        };
        return new Map(state).set(content, record);
      }
      case 'item-run/end': {
        const { childSession, outcome, reason, commit, stat } = event.data;
        const more = { ...(reason === undefined ? {} : { reason }), ...(stat === undefined ? {} : { stat }) };
        return updated(state, childSession, { state: outcome, commit, ...more });
      }
      case 'item-run/closed':
        return updated(state, event.data.childSession, { state: event.data.how });
      default:
        return state;
    }
  },
};

/** Whether the item's branch and worktree are still there: not merged or discarded yet. */
export function branchIsOpen(record: ItemRunRecord): boolean {
  return record.state !== 'merged' && record.state !== 'discarded';
}

/** What `plan --format json` says of an item's branch while it is there (none once merged or discarded). */
export interface ItemBranchFields {
  branch?: string;
  worktree?: string;
  itemRun?: ItemRunState;
}

export function itemBranchFields(runs: ItemRunsByContent, content: string): ItemBranchFields {
  const run = runs.get(content);
  if (run === undefined || !branchIsOpen(run)) return {};
  return { branch: run.branch, worktree: run.worktree, itemRun: run.state };
}
