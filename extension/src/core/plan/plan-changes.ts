// What changed between two plan versions. Items have no identity but their content
// (the contract), so the diff is by content: an item in both lists with another
// status is a status change; an item only in the old list was removed, or DROPPED
// when a model write left out an item that was not completed; an item only in the
// new list was added. In a USER edit, a removed item and an added item at the same
// place (same index in their lists) are one item whose text the user changed (Edit
// Text…); a model write is never read that way, so an unfinished item the model
// reworded or replaced counts as dropped (the definition: an unfinished item
// a model write left out). The old version is
// the standing plan just before the new one (none after a turn/start cleared it).
// `byPlace` overrides that reading: plan first's drift (plan-drift.ts) reads a new
// text in the same place as the same item reworded whoever wrote it.
import type { TodoItem, TodoStatus } from './todo-schema';
import type { PlanAuthor } from './todos-projection';

type PlanChangeKind = 'added' | 'removed' | 'dropped' | 'status' | 'text';

export interface PlanChange {
  kind: PlanChangeKind;
  /** The item's content (after a text change: the new text). */
  content: string;
  /** status: the old status; text: the old text. */
  from?: string;
  /** status: the new status; text: the new text. */
  to?: string;
}

export function planChanges(
  before: readonly TodoItem[] | null,
  after: readonly TodoItem[],
  by: PlanAuthor,
  byPlace: boolean = by === 'user',
): PlanChange[] {
  const old = before ?? [];
  const oldByContent = new Map(old.map((t, i) => [t.content, { item: t, index: i }]));
  const newContents = new Set(after.map((t) => t.content));
  const goneAt = new Map<number, TodoItem>();
  old.forEach((t, i) => {
    if (!newContents.has(t.content)) goneAt.set(i, t);
  });
  const changes: PlanChange[] = [];
  after.forEach((item, index) => {
    const was = oldByContent.get(item.content);
    if (was) {
      if (was.item.status !== item.status) changes.push(status(item.content, was.item.status, item.status));
      return;
    }
    const renamed = byPlace ? goneAt.get(index) : undefined;
    if (renamed) {
      goneAt.delete(index);
      changes.push({ kind: 'text', content: item.content, from: renamed.content, to: item.content });
      if (renamed.status !== item.status) changes.push(status(item.content, renamed.status, item.status));
      return;
    }
    changes.push({ kind: 'added', content: item.content });
  });
  for (const item of goneAt.values()) {
    changes.push({
      kind: by === 'model' && item.status !== 'completed' ? 'dropped' : 'removed',
      content: item.content,
    });
  }
  return changes;
}

function status(content: string, from: TodoStatus, to: TodoStatus): PlanChange {
  return { kind: 'status', content, from, to };
}
