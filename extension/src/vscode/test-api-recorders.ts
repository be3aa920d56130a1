// The recorders behind the test API (test-api.ts): what the extension's adapters did,
// kept here for the tests because the adapters themselves keep no such buffer.
// Test build only, like test-api.ts.
import type * as vscode from 'vscode';
import type { HostMessage } from '../core/protocol/messages';
import type { AgentWebviewProvider } from './agent-webview';
import type { PlanTreeProvider } from './plan-tree';

/** Counts of live (created, not yet disposed) adapters, by kind. */
export class LiveAdapters {
  private readonly counts = new Map<string, number>();

  /** Wraps `adapter.dispose`, passing its result through (the Plan tree's is the promise reactivate awaits). */
  track<T extends { dispose(): unknown }>(kind: string, adapter: T): T {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    const dispose = adapter.dispose.bind(adapter);
    let done = false;
    adapter.dispose = () => {
      if (!done) {
        done = true;
        this.counts.set(kind, (this.counts.get(kind) ?? 1) - 1);
      }
      return dispose();
    };
    return adapter;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}

/** The last messages an Agent view posted (kept here, for the tests: the view itself keeps none). */
export class PostedMessages {
  private readonly recent: HostMessage[] = [];

  constructor(private readonly limit = 200) {}

  follow(webview: AgentWebviewProvider): vscode.Disposable {
    return webview.onDidPost((message) => {
      this.recent.push(message);
      if (this.recent.length > this.limit) this.recent.shift();
    });
  }

  list(): HostMessage[] {
    return [...this.recent];
  }
}

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
