// The revision's diff (core/plan/revision-diff.ts) as typed rows for the surfaces
// (protocol/plan-diff-view.ts): the host presents, the page paints. Texts are the
// items' own, bounded by the todo schema; the page shows them as inert text.
import type { RevisionChange } from '../plan/revision-diff';
import type { PlanDiffRow } from '../protocol/plan-diff-view';

export function planDiffRows(changes: readonly RevisionChange[]): PlanDiffRow[] {
  return changes.map((change) => ({
    kind: change.kind,
    text: change.text,
    ...(change.oldText === undefined ? {} : { oldText: change.oldText }),
    ...(change.status === undefined ? {} : { status: change.status }),
    ...(change.oldStatus === undefined ? {} : { oldStatus: change.oldStatus }),
  }));
}
