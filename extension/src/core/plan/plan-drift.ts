// Plan first's drift (docs/todo-write-contract.md, "Plan first"): once a plan is
// approved (plan/approved), how the standing plan has moved away from the approved
// version. Each standing item is traced back through every later version to the
// approved item it comes from: an item kept (whatever its status) is in the approved
// plan; one written anew is ADDED; one written in place of an approved item (a new
// text at the same place, plan-changes.ts `byPlace`, whoever wrote it) is REWORDED;
// an approved item nothing comes from any more is DROPPED. Status changes are the
// work, not drift. The drift lasts while the plan's review is the approval (todos
// projection): a new proposal, a rejection or a cleared plan ends it, and the next
// plan/approved starts it again from its own list.
import * as z from 'zod/mini';
import type { SessionEvent } from '../session/events';
import { planChanges } from './plan-changes';
import { todoItemInputSchema, type TodoItem } from './todo-schema';
import type { PlanState } from './todos-projection';

export interface PlanDrift {
  /** The plan/approved that started it: its seq, time and the approved list. */
  readonly approved: { readonly seq: number; readonly ts: string; readonly todos: readonly TodoItem[] };
  /** Per standing item (by content): the approved item's content it comes from, or null (added since). */
  readonly origin: ReadonlyMap<string, string | null>;
}

/** A standing item's drift; absent (null) when it is in the approved plan as approved. */
const itemDriftSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('added') }),
  /** `approved`: the text it had in the approved plan. */
  z.strictObject({ kind: z.literal('reworded'), approved: z.string() }),
]);
export type ItemDrift = z.infer<typeof itemDriftSchema>;

/** A standing item with its drift (`plan --format json`'s items). */
export const driftedItemSchema = z.strictObject({
  ...todoItemInputSchema.shape,
  drift: z.exactOptional(itemDriftSchema),
});
export type DriftedItem = z.infer<typeof driftedItemSchema>;

/** The drift after `event`, given the todos projection's state before and after it. */
export function nextDrift(
  drift: PlanDrift | null,
  before: PlanState | null,
  after: PlanState | null,
  event: SessionEvent,
): PlanDrift | null {
  if (after === null || after.review?.stage !== 'approved') return null;
  if (event.type === 'plan/approved') {
    return {
      approved: { seq: event.seq, ts: event.ts, todos: event.data.todos },
      origin: new Map(event.data.todos.map((t) => [t.content, t.content])),
    };
  }
  if (drift === null || after === before || (event.type !== 'todo/write' && event.type !== 'todo/user-edit'))
    return drift;
  const approved = new Set(drift.approved.todos.map((t) => t.content));
  const renamedFrom = new Map<string, string>();
  for (const change of planChanges(before?.todos ?? null, after.todos, after.by, true)) {
    if (change.kind === 'text' && change.from !== undefined) renamedFrom.set(change.content, change.from);
  }
  const origin = new Map<string, string | null>();
  for (const { content } of after.todos) {
    const from = renamedFrom.get(content) ?? content;
    const traced = drift.origin.get(from);
    origin.set(content, traced !== undefined ? traced : approved.has(content) ? content : null);
  }
  return { approved: drift.approved, origin };
}

export function itemDrift(drift: PlanDrift | null, content: string): ItemDrift | null {
  if (drift === null) return null;
  const from = drift.origin.get(content);
  if (from === undefined || from === content) return null;
  return from === null ? { kind: 'added' } : { kind: 'reworded', approved: from };
}

/** The approved items nothing in the standing plan comes from any more, in the approved order. */
function droppedFromApproved(drift: PlanDrift | null): TodoItem[] {
  if (drift === null) return [];
  const kept = new Set(drift.origin.values());
  return drift.approved.todos.filter((t) => !kept.has(t.content));
}

/** Each item of `todos` (the standing plan) with its drift, when it has one. */
export function withDrift(todos: readonly TodoItem[], drift: PlanDrift | null): DriftedItem[] {
  return todos.map((item) => {
    const d = itemDrift(drift, item.content);
    return d === null
      ? { content: item.content, status: item.status }
      : { content: item.content, status: item.status, drift: d };
  });
}

/** One item not in the approved plan: added or reworded (standing), or dropped (approved, gone). */
export type DriftEntry =
  { kind: 'added' | 'dropped'; content: string } | { kind: 'reworded'; content: string; approved: string };

/** What of `todos` (the standing plan) is not in the approved plan, in its order, then the approved items dropped. */
export function driftEntries(todos: readonly TodoItem[], drift: PlanDrift | null): DriftEntry[] {
  const entries: DriftEntry[] = [];
  for (const { content } of todos) {
    const d = itemDrift(drift, content);
    if (d !== null)
      entries.push(
        d.kind === 'added' ? { kind: 'added', content } : { kind: 'reworded', content, approved: d.approved },
      );
  }
  for (const { content } of droppedFromApproved(drift)) entries.push({ kind: 'dropped', content });
  return entries;
}
