// What the Plan tree shows, as plain nodes: the standing plan's items in order and,
// for each subagent the plan's turn started, a "Subagent" node holding the child's
// OWN plan (folded from the child's log: single owner), recursively for
// grandchildren. One builder for every session the tree shows: this window's own,
// or one another program writes (a CLI `run` with subagents): ChildSessions reads
// the children from beside the shown log either way.
//
// Where a subagent hangs: under the parent's plan item that was the one item in
// progress when the subagent started (core/plan/plan-ledger.ts `anchor`), when that
// item is still in the plan; otherwise (none or several in progress, or the item
// is gone) after the plan's items, at the end of its level. Each child is shown
// once, in the order the subagents started.
//
// After everything, a "Dropped" node lists the shown session's items that a model
// write left out while unfinished and that have not come back since (the plan
// ledger's `dropped`), each to be restored by a user edit. Only the shown session's
// own items (`own`) are the user's to edit: a subagent's plan is its own session's.
// Every item carries its own session's timings (who added it, started, finished),
// so a subagent's items get the same history in their tooltips as the shown one's.
import type { DroppedItem, PlanLedger, SubagentMark } from '../../core/plan/plan-ledger';
import type { TodoItem } from '../../core/plan/todo-schema';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { ChildSnapshot } from '../session/child-sessions';

export interface PlanItemNode {
  kind: 'item';
  /** Unique in the tree and stable while the item keeps its place, content and children. */
  id: string;
  item: TodoItem;
  /** The plan ledger of the session that owns the item (its times, its history lines). */
  ledger: PlanLedger;
  /** An item of the shown session's own plan (not a subagent's). */
  own: boolean;
  /** Its place in its list, and the list's length (Move Up / Move Down). */
  index: number;
  count: number;
  children: PlanNode[];
}

/** The "Dropped" node: the items model writes dropped. */
export interface DroppedGroupNode {
  kind: 'dropped-group';
  id: string;
  children: DroppedItemNode[];
}

export interface DroppedItemNode {
  kind: 'dropped';
  id: string;
  dropped: DroppedItem;
  children: [];
}

export interface SubagentNode {
  kind: 'subagent';
  id: string;
  mark: SubagentMark;
  /** null when the child's log cannot be read. */
  child: ChildSnapshot | null;
  /**
   * It still works: its turn runs in this window, or (another process runs it) its
   * end is not logged while its parent's turn is open.
   */
  running: boolean;
  children: PlanNode[];
}

export type PlanNode = PlanItemNode | SubagentNode | DroppedGroupNode | DroppedItemNode;

/** Nesting stops here whatever the logs say (the core stops at grandchildren). */
const MAX_DEPTH = 4;

/** One session's plan as the tree reads it: the shown session's folds, or a child's snapshot. */
export interface PlanLevel {
  plan: StandingPlan;
  ledger: PlanLedger;
}

/** The nodes of one session's plan level: its items, then the subagents hung nowhere else. */
function buildPlanNodes(
  level: PlanLevel,
  childOf: (sessionId: string) => ChildSnapshot | null,
  prefix = 'plan',
  depth = 0,
): PlanNode[] {
  const { plan, ledger } = level;
  const count = plan?.length ?? 0;
  const items: PlanItemNode[] = (plan ?? []).map((item, index) => ({
    kind: 'item',
    id: `${prefix}/${index}:${item.content}`,
    item,
    ledger,
    own: depth === 0,
    index,
    count,
    children: [],
  }));
  const byContent = new Map(items.map((node) => [node.item.content, node]));
  const loose: SubagentNode[] = [];
  for (const mark of ledger.subagents) {
    const child = childOf(mark.childSessionId);
    const parent = mark.anchor === null ? undefined : byContent.get(mark.anchor);
    const id = `${parent?.id ?? prefix}/subagent:${mark.childSessionId}`;
    const children =
      child && depth + 1 < MAX_DEPTH
        ? buildPlanNodes({ plan: child.plan, ledger: child.ledger }, childOf, id, depth + 1)
        : [];
    const running = child?.running === true || (mark.outcome === null && ledger.turnEndedAt === null);
    const node: SubagentNode = { kind: 'subagent', id, mark, child, running, children };
    if (parent) parent.children.push(node);
    else loose.push(node);
  }
  // A node that gains children gets a new id: VS Code keeps a node's collapsible
  // state by id, and one first shown without children would stay unexpandable.
  for (const node of items) if (node.children.length) node.id += '/+';
  return [...items, ...loose];
}

/** The shown session's nodes: its plan level, then the "Dropped" node when a model write dropped items. */
export function buildTreeNodes(
  level: PlanLevel,
  dropped: readonly DroppedItem[],
  childOf: (sessionId: string) => ChildSnapshot | null,
): PlanNode[] {
  const nodes = buildPlanNodes(level, childOf);
  if (!dropped.length) return nodes;
  const children: DroppedItemNode[] = dropped.map((d) => ({
    kind: 'dropped',
    id: `dropped/${d.seq}:${d.content}`,
    dropped: d,
    children: [],
  }));
  return [...nodes, { kind: 'dropped-group', id: 'dropped', children }];
}

/** Every node, depth first (parents before children). */
export function* walkPlanNodes(nodes: readonly PlanNode[]): Generator<PlanNode> {
  for (const node of nodes) {
    yield node;
    yield* walkPlanNodes(node.children);
  }
}

/** Item nodes whose elapsed time still counts (in progress while their session's turn is open). */
export function tickingNodes(nodes: readonly PlanNode[]): PlanItemNode[] {
  const out: PlanItemNode[] = [];
  for (const node of walkPlanNodes(nodes)) {
    if (
      node.kind === 'item' &&
      node.item.status === 'in_progress' &&
      node.ledger.turnEndedAt === null &&
      (node.ledger.timings.get(node.item.content)?.inProgressSince ?? null) !== null
    )
      out.push(node);
  }
  return out;
}

/** The same ids, kinds and order at every level (a node's id encodes its place and content). */
function sameShape(shown: readonly PlanNode[], next: readonly PlanNode[]): boolean {
  return (
    shown.length === next.length &&
    shown.every((node, i) => {
      const other = next[i];
      return (
        other !== undefined &&
        node.id === other.id &&
        node.kind === other.kind &&
        sameShape(node.children, other.children)
      );
    })
  );
}

/**
 * When `next` has the same shape as `shown`, copies each node of `next` into the
 * node of `shown` at its place (children included) and returns true; otherwise
 * changes nothing and returns false. Why in place: VS Code keys the rows of a tree
 * by the node objects it was handed, so refreshing only the rows that changed (a
 * status, a timing: most model writes) must hand back those same objects; a new
 * shape (an item added, removed, moved or renamed) is a refresh of the whole tree.
 */
export function patchSameShape(shown: PlanNode[], next: readonly PlanNode[]): boolean {
  if (!sameShape(shown, next)) return false;
  const patch = (into: PlanNode[], from: readonly PlanNode[]): void => {
    into.forEach((node, i) => {
      const source = from[i];
      if (!source) return;
      patch(node.children, source.children);
      Object.assign(node, { ...source, children: node.children });
    });
  };
  patch(shown, next);
  return true;
}
