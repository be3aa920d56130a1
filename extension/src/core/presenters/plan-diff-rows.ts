// The revision's diff as typed rows (core/protocol/plan-review-view.ts): what the strip's
// "Changes since …" section, the Plan tree's changed items, Plan History and the
// re-approval show. Pure; one row per change of core/plan/revision-diff.ts, in its order.
import type { IdentifiedVersion } from '../plan/item-identity';
import { revisionDiff, type RevisionChange } from '../plan/revision-diff';
import type { PlanDiffRow, PlanDiffView } from '../protocol/plan-review-view';

/** Each change as its row (a status the change lacks reads as pending: revisionDiff always sets it). */
function planDiffRows(changes: readonly RevisionChange[]): PlanDiffRow[] {
  return changes.map((change): PlanDiffRow => {
    const { itemId, text } = change;
    switch (change.kind) {
      case 'added':
        return { kind: 'added', itemId, text, status: change.status ?? 'pending' };
      case 'reworded':
        return { kind: 'reworded', itemId, text, oldText: change.oldText ?? '' };
      case 'status':
        return {
          kind: 'status',
          itemId,
          text,
          status: change.status ?? 'pending',
          oldStatus: change.oldStatus ?? 'pending',
        };
      case 'removed':
      case 'moved':
        return { kind: change.kind, itemId, text };
    }
  });
}

/** `to` against `from` as a view; null when there is no earlier version, it is `to` itself, or nothing changed. */
export function planDiffView(
  from: IdentifiedVersion | null,
  to: IdentifiedVersion | null,
  since: PlanDiffView['since'],
): PlanDiffView | null {
  if (from === null || to === null || from.seq === to.seq) return null;
  const rows = planDiffRows(revisionDiff(from, to));
  return rows.length === 0 ? null : { since, fromSeq: from.seq, rows };
}

/** The kinds of change of each item the rows name (removed items included), for a badge beside it. */
export function changesByItem(rows: readonly PlanDiffRow[]): ReadonlyMap<string, readonly PlanDiffRow['kind'][]> {
  const byItem = new Map<string, PlanDiffRow['kind'][]>();
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row.kind]);
  return byItem;
}
