// The Plan view: the standing plan's items in order (a codicon per status, the elapsed time of in-progress items, the
// full text and the item's history in the tooltip) with each subagent's own plan nested (plan-tree-model.ts says
// where) and the items model writes dropped under "Dropped". The edit actions on its nodes are plan-edit-commands.ts;
// plan-tree-items.ts and subagent-tree-item.ts say how each node looks. It reads the controller's folds once per
// change (a step's plan, timeline and ledger changes together) and keeps nothing of its own but the nodes it last
// handed to VS Code and how each looked, so that it redraws only the rows that changed (and the ticking ones).
import * as vscode from 'vscode';
import { timingRows } from '../../core/plan/timing-rows';
import { planProgress, progressFraction } from '../../core/plan/summaries';
import { itemEvidence, withFiles } from '../../core/plan/plan-flags';
import { droppedGroupTreeItem, droppedTreeItem, itemTreeItem } from './plan-tree-items';
import { subagentTreeItem } from './subagent-tree-item';
import {
  buildTreeNodes,
  patchSameShape,
  tickingNodes,
  walkPlanNodes,
  type PlanItemNode,
  type PlanNode,
} from './plan-tree-model';
import type { SessionController } from '../controller/session-controller';
import type { TodoItem } from '../../core/plan/todo-schema';

export const PLAN_VIEW_ID = 'agentChecklist.plan';
/** How often the elapsed time of in-progress items is redrawn (only while one ticks and the view is visible). */
const TICK_MS = 1000;

export type { PlanNode } from './plan-tree-model';
export { statusLabel } from './plan-tree-items';

export class PlanTreeProvider implements vscode.TreeDataProvider<PlanNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PlanNode | PlanNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly rebuilt = new vscode.EventEmitter<void>();
  /** After the nodes were rebuilt from the controller's folds and VS Code was told what changed (not on a tick). */
  readonly onDidRebuild = this.rebuilt.event;
  private readonly subscriptions: vscode.Disposable[];
  private roots: PlanNode[] | null = null;
  /** The folds changed since the nodes were built. */
  private stale = true;
  /** What VS Code must redraw at the next flush: the changed rows, or everything (a new shape). */
  private redraw: 'none' | 'rows' | 'all' = 'none';
  private flushQueued = false;
  private disposed = false;
  /** Each node's tree item as last handed to VS Code (JSON), to tell which rows a rebuild changed. */
  private readonly drawn = new WeakMap<PlanNode, string>();

  constructor(
    private readonly controller: SessionController,
    private readonly planFile?: FilePlanSource,
  ) {
    // One step of a turn changes the plan, its timeline and its ledger together:
    // they are read at once, in one redraw, after the step's events (a microtask).
    const invalidate = (): void => {
      this.stale = true;
      if (this.flushQueued) return;
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    };
    this.subscriptions = [
      controller.onDidChangePlan(invalidate),
      controller.onDidChangeLedger(invalidate), // the times, the subagents, the dropped items, who added what
      controller.checks.onDidChange(invalidate), // the items' checks: verified, failed, running
      ...(planFile ? [planFile.onDidChangeFilePlan(invalidate)] : []),
      controller.children.onDidChange((change) => {
        // a child's transcript items alone change nothing here
        if (change.planChanged || change.runningChanged) invalidate();
      }),
    ];
  }

  private get nodes(): PlanNode[] {
    if (this.stale || !this.roots) this.rebuild();
    return this.roots ?? [];
  }

  /**
   * Reads the folds again; the nodes keep their objects when the shape is the same (plan-tree-model.ts
   * `patchSameShape`).
   */
  private rebuild(): void {
    const { controller } = this;
    const ledger = controller.planLedger;
    const plan = controller.standingPlan ?? this.planFile?.filePlan ?? null;
    const next = buildTreeNodes({ plan, ledger }, ledger.dropped, (id) => controller.children.get(id));
    this.stale = false;
    if (this.roots && patchSameShape(this.roots, next)) {
      if (this.redraw === 'none') this.redraw = 'rows';
      return;
    }
    this.roots = next;
    this.redraw = 'all';
  }

  /**
   * Tells VS Code what the last changes redraw: only the rows whose tree item differs from the one it has, unless the
   * shape changed.
   */
  private flush(): void {
    this.flushQueued = false;
    if (this.disposed) return;
    if (this.stale) this.rebuild();
    const redraw = this.redraw;
    this.redraw = 'none';
    if (redraw === 'all') this.changed.fire(undefined);
    if (redraw === 'rows') {
      // A row the workbench has not read yet (after a whole redraw) gets its item when it reads it.
      const rows = [...walkPlanNodes(this.nodes)].filter((node) => {
        const drawn = this.drawn.get(node);
        return drawn !== undefined && drawn !== JSON.stringify(this.itemOf(node));
      });
      if (rows.length) this.changed.fire(rows);
    }
    this.rebuilt.fire();
  }

  getChildren(element?: PlanNode): PlanNode[] {
    return element ? element.children : this.nodes;
  }

  /** VS Code's read: the node's tree item, remembered as what the workbench has (see `flush`). */
  getTreeItem(node: PlanNode): vscode.TreeItem {
    const item = this.itemOf(node);
    this.drawn.set(node, JSON.stringify(item));
    return item;
  }

  /** The node's tree item, as getTreeItem makes it, without counting it as handed to VS Code (for other readers). */
  itemOf(node: PlanNode): vscode.TreeItem {
    const now = new Date();
    const editable = this.controller.planEditing.canEdit;
    switch (node.kind) {
      case 'item': {
        const history = timingRows([node.item], node.ledger.timings, now)[0]; // a subagent's items: from its own ledger
        // A subagent's log is our agent's: it records its tool calls.
        const records = node.own ? this.controller.recordsToolCalls : true;
        const found = records ? itemEvidence(node.ledger, node.item.content, true, now) : null;
        const evidence =
          found && withFiles(found.evidence, node.own ? this.controller.evidenceFiles(node.item.content) : undefined);
        const check = node.own ? this.controller.checks.viewAt(node.index, node.item.content) : null;
        const checkable = editable || this.controller.checks.onSide;
        return itemTreeItem(node, { now, editable, checkable, history, evidence, flag: found?.flag ?? null, check });
      }
      case 'subagent':
        return subagentTreeItem(node, now);
      case 'dropped-group':
        return droppedGroupTreeItem(node);
      case 'dropped':
        return droppedTreeItem(node, editable, now);
    }
  }

  getParent(node: PlanNode): PlanNode | undefined {
    const find = (nodes: readonly PlanNode[], parent: PlanNode | undefined): PlanNode | undefined | null => {
      for (const candidate of nodes) {
        if (candidate === node) return parent;
        const found = find(candidate.children, candidate);
        if (found !== null) return found;
      }
      return null;
    };
    return find(this.nodes, undefined) ?? undefined;
  }

  /** Items whose elapsed time still counts. */
  get ticking(): PlanItemNode[] {
    return tickingNodes(this.nodes);
  }

  /** Redraws the ticking items only (their elapsed time). */
  tick(): void {
    const nodes = this.ticking;
    if (nodes.length) this.changed.fire(nodes);
  }

  dispose(): void {
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
    this.rebuilt.dispose();
  }
}

/** The plan file's plan, shown while no session is (vscode/plan-file/plan-file-sync.ts). */
export interface FilePlanSource {
  readonly filePlan: readonly TodoItem[] | null;
  readonly onDidChangeFilePlan: vscode.Event<void>;
}

/**
 * Registers the provider with its view: `<done>/<total>` as the view's description (`proposed · <done>/<total>` while
 * a plan-first proposal waits for its decision), and the elapsed-time ticker.
 */
export function registerPlanTree(
  controller: SessionController,
  planFile?: FilePlanSource,
): {
  provider: PlanTreeProvider;
  view: vscode.TreeView<PlanNode>;
  disposable: { dispose(): Promise<void> };
} {
  const provider = new PlanTreeProvider(controller, planFile);
  const view = vscode.window.createTreeView(PLAN_VIEW_ID, { treeDataProvider: provider });
  let timer: NodeJS.Timeout | undefined;
  const update = (): void => {
    const fromFile = controller.standingPlan === null ? (planFile?.filePlan ?? null) : null;
    const plan = controller.standingPlan ?? fromFile;
    const counts = plan && plan.length ? progressFraction(planProgress(plan)) : '';
    // Plan first: a proposal waiting for the user's decision is marked as such.
    const description =
      counts !== '' && controller.planState?.review?.stage === 'proposed'
        ? vscode.l10n.t('proposed · {0}', counts)
        : fromFile
          ? vscode.l10n.t('from the plan file · {0}', counts)
          : counts;
    // each set is a redraw of the view's title bar
    if (view.description !== description) view.description = description;
    const tick = view.visible && provider.ticking.length > 0;
    if (tick && !timer) timer = setInterval(() => provider.tick(), TICK_MS);
    if (!tick && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  update();
  // One subscription to what the tree itself redraws for (no second set on the controller).
  const subscriptions = [
    provider.onDidRebuild(update),
    view.onDidChangeVisibility(update),
    { dispose: () => clearInterval(timer) },
  ];
  // The view's dispose is async in the extension host (1.100: it awaits its
  // registration, then deletes the view from the host's map BY ID and sends
  // `$disposeTree(id)` to the workbench): a view created with the same id before
  // that settles is removed in both. So this returns that promise, and whoever
  // re-creates the view (the test API's reactivate) awaits it first.
  return {
    provider,
    view,
    disposable: {
      dispose: async (): Promise<void> => {
        for (const s of subscriptions) s.dispose();
        const viewDisposed: unknown = view.dispose();
        provider.dispose();
        await viewDisposed;
      },
    },
  };
}
