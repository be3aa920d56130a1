// The revision's diff: what changed from one plan version to another, item by item
// (items matched by their itemId, item-identity.ts). In the new version's order: an
// item not in the old version is `added` (its `status`); one whose text changed is
// `reworded` (`oldText`); one whose status changed is `status` (`status`, `oldStatus`);
// one whose place among the items both versions hold changed is `moved` (the fewest
// items that explain the new order: those off a longest run kept in order). Then, in
// the old version's order, each item the new one lacks is `removed` (its last text).
// One item can give several entries (reworded and status). Pure; cost O(n log n).
import { oneLine } from './one-line';
import type { IdentifiedItem, IdentifiedVersion } from './item-identity';
import type { TodoStatus } from './todo-schema';

export interface RevisionChange {
  kind: 'added' | 'removed' | 'reworded' | 'moved' | 'status';
  itemId: string;
  /** The item's text in the new version (removed: in the old one). */
  text: string;
  /** reworded: the text in the old version. */
  oldText?: string;
  /** added, status: the status in the new version. */
  status?: TodoStatus;
  /** status: the status in the old version. */
  oldStatus?: TodoStatus;
}

/** `to` against `from` (null: no version before, every item is added). */
export function revisionDiff(from: IdentifiedVersion | null, to: IdentifiedVersion): RevisionChange[] {
  const old = new Map<string, { item: IdentifiedItem; index: number }>();
  from?.items.forEach((item, index) => old.set(item.itemId, { item, index }));
  const kept = to.items.filter((item) => old.has(item.itemId));
  const inOrder = keptInOrder(kept.map((item) => old.get(item.itemId)!.index));
  const moved = new Set(kept.filter((_, k) => !inOrder.has(k)).map((item) => item.itemId));
  const changes: RevisionChange[] = [];
  for (const item of to.items) {
    const { itemId, content: text, status } = item;
    const was = old.get(itemId)?.item;
    if (!was) {
      changes.push({ kind: 'added', itemId, text, status });
      continue;
    }
    if (was.content !== text) changes.push({ kind: 'reworded', itemId, text, oldText: was.content });
    if (was.status !== status) changes.push({ kind: 'status', itemId, text, status, oldStatus: was.status });
    if (moved.has(itemId)) changes.push({ kind: 'moved', itemId, text });
  }
  const now = new Set(to.items.map((item) => item.itemId));
  for (const { item } of old.values())
    if (!now.has(item.itemId)) changes.push({ kind: 'removed', itemId: item.itemId, text: item.content });
  return changes;
}

/** The positions (into `seq`) of one longest strictly increasing run of `seq` (patience sorting). */
function keptInOrder(seq: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = [];
  seq.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) kept.add(i);
  return kept;
}

/** One line per change: `added: a`, `reworded: "a" -> "b"`, `status: b pending -> completed`, `moved: c`. */
export function revisionDiffText(changes: readonly RevisionChange[]): string {
  if (changes.length === 0) return '(no changes)';
  return changes.map(changeLine).join('\n');
}

function changeLine(change: RevisionChange): string {
  const text = oneLine(change.text);
  switch (change.kind) {
    case 'added':
      return `added: ${text}`;
    case 'removed':
      return `removed: ${text}`;
    case 'reworded':
      return `reworded: "${oneLine(change.oldText ?? '')}" -> "${text}"`;
    case 'moved':
      return `moved: ${text}`;
    case 'status':
      return `status: ${text} ${change.oldStatus ?? ''} -> ${change.status ?? ''}`;
  }
}
