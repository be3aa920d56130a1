// The Plan view: the standing plan's items in order, a codicon per status. It reads
// the controller's fold on every change and keeps nothing of its own.
import * as vscode from 'vscode';
import type { TodoItem, TodoStatus } from '../core/plan/todo-schema';
import type { SessionController } from './session-controller';

export const PLAN_VIEW_ID = 'agentChecklist.plan';

export interface PlanNode {
  index: number;
  item: TodoItem;
}

const ICON: Record<TodoStatus, vscode.ThemeIcon> = {
  completed: new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed')),
  in_progress: new vscode.ThemeIcon('play-circle', new vscode.ThemeColor('charts.blue')),
  pending: new vscode.ThemeIcon('circle-large-outline'),
};

export const STATUS_LABEL: Record<TodoStatus, string> = { completed: 'completed', in_progress: 'in progress', pending: 'pending' };

export class PlanTreeProvider implements vscode.TreeDataProvider<PlanNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<PlanNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly controller: SessionController) {
    this.subscription = controller.onDidChangePlan(() => this.changed.fire(undefined));
  }

  getChildren(element?: PlanNode): PlanNode[] {
    if (element) return [];
    return (this.controller.standingPlan ?? []).map((item, index) => ({ index, item }));
  }

  getTreeItem(node: PlanNode): vscode.TreeItem {
    const { item } = node;
    const tree = new vscode.TreeItem(item.content, vscode.TreeItemCollapsibleState.None);
    tree.id = `${node.index}:${item.content}`;
    tree.iconPath = ICON[item.status];
    tree.description = item.status === 'pending' ? '' : STATUS_LABEL[item.status];
    tree.tooltip = `${item.content} (${STATUS_LABEL[item.status]})`;
    tree.accessibilityInformation = { label: `${item.content}, ${STATUS_LABEL[item.status]}` };
    tree.contextValue = `todo.${item.status}`;
    return tree;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Registers the provider with its view; the view shows `<done>/<total>` as its description. */
export function registerPlanTree(controller: SessionController): { provider: PlanTreeProvider; view: vscode.TreeView<PlanNode>; disposable: vscode.Disposable } {
  const provider = new PlanTreeProvider(controller);
  const view = vscode.window.createTreeView(PLAN_VIEW_ID, { treeDataProvider: provider });
  const describe = (): void => {
    const plan = controller.standingPlan;
    view.description = plan && plan.length ? `${plan.filter((t) => t.status === 'completed').length}/${plan.length}` : '';
  };
  describe();
  const subscription = controller.onDidChangePlan(describe);
  return { provider, view, disposable: vscode.Disposable.from(subscription, view, provider) };
}
