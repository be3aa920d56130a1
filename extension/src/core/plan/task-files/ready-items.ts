// The dependency rule: which pending items are ready to start. An item waits for the
// items its dependsOn names (what the plan file said: spec-kit's `(depends on T012)`,
// Kiro's sub-task order, our checklist's `(after 2, 3)`; task-meta-fold.ts). A name is
// an item's taskId; failing that, in a plan with no task ids, a number is the item's
// number (from 1). A pending item is ready when each item it names is completed; a
// name no item of the plan answers to (its item removed) does not hold it back.
import type { TodoItem } from '../todo-schema';
import { taskMetaOf, type TaskMetaByContent } from './task-meta-fold';

/** The indexes (0-based, in plan order) of the pending items whose dependencies are all completed. */
export function readyItems(plan: readonly TodoItem[], meta: TaskMetaByContent): number[] {
  const byId = new Map<string, TodoItem>();
  for (const item of plan) {
    const id = taskMetaOf(meta, item.content).taskId;
    if (id !== undefined) byId.set(id, item);
  }
  const named = (name: string): TodoItem | undefined => {
    if (byId.size > 0) return byId.get(name);
    return /^[1-9]\d*$/.test(name) ? plan[Number(name) - 1] : undefined;
  };
  const ready: number[] = [];
  plan.forEach((item, i) => {
    if (item.status !== 'pending') return;
    const waits = (taskMetaOf(meta, item.content).dependsOn ?? []).some((name) => {
      const other = named(name);
      return other !== undefined && other !== item && other.status !== 'completed';
    });
    if (!waits) ready.push(i);
  });
  return ready;
}
