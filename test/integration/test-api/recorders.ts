// The recorders behind the test API (test-api.ts): what the extension's adapters did,
// kept here for the tests because the adapters themselves keep no such buffer: the
// Plan tree's public onDidChangeTreeData.
import type * as vscode from 'vscode';
import type { PlanTreeProvider } from '../../../extension/src/vscode/plan-tree/plan-tree';

/** What the Plan tree told VS Code to redraw: the whole tree, or the ids of the rows. */
export type TreeRedraw = 'all' | string[];

/** The last redraws the Plan tree asked of VS Code (its `onDidChangeTreeData`), ticks included. */
export class TreeRedraws {
  private readonly recent: TreeRedraw[] = [];

  constructor(private readonly limit = 200) {}

  follow(tree: PlanTreeProvider): vscode.Disposable {
    return tree.onDidChangeTreeData((nodes) => {
      const list = nodes === undefined ? null : Array.isArray(nodes) ? nodes : [nodes];
      this.recent.push(list ? list.map((node) => tree.itemOf(node).id ?? '') : 'all');
      if (this.recent.length > this.limit) this.recent.shift();
    });
  }

  list(): TreeRedraw[] {
    return [...this.recent];
  }
}
