// What activate() returns outside production (development and test hosts): read-only
// views of the REAL objects the extension runs — the tree provider's items, the status
// bar item's text — for the integration tests in the extension host. Nothing here
// computes a result of its own.
import type { RunView } from '../core/protocol/messages';
import type { PlanStatusBar } from './plan-status-bar';
import type { PlanTreeProvider } from './plan-tree';
import type { AgentWebviewProvider } from './agent-webview';
import type { SessionController } from './session-controller';

export interface PlanTreeRow {
  label: string;
  description: string;
  icon: string;
  tooltip: string;
}

/** Counts of live (created, not yet disposed) adapters, by kind. */
export class LiveAdapters {
  private readonly counts = new Map<string, number>();

  track<T extends { dispose(): void }>(kind: string, adapter: T): T {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    const dispose = adapter.dispose.bind(adapter);
    let done = false;
    adapter.dispose = () => {
      if (!done) {
        done = true;
        this.counts.set(kind, (this.counts.get(kind) ?? 1) - 1);
      }
      dispose();
    };
    return adapter;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}

export interface AgentChecklistTestApi {
  planTreeRows(): PlanTreeRow[];
  /** The status bar item's text, or null while it is hidden. */
  statusBarText(): string | null;
  session(): { id: string; title: string | null; readOnly: boolean; logPath: string | null } | null;
  run(): RunView;
  webview(): { resolved: boolean; ready: boolean; lastSeq: number; posted: number };
  liveAdapters(): Record<string, number>;
  /**
   * Deactivates (as VS Code does: deactivate(), then dispose subscriptions) and
   * activates again. The API object stays the same and reads the new activation.
   */
  reactivate(): Promise<void>;
}

export interface TestApiParts {
  controller: SessionController;
  tree: PlanTreeProvider;
  statusBar: PlanStatusBar;
  webview: AgentWebviewProvider;
  live: LiveAdapters;
}

/** One API object for the extension's lifetime: every call reads the current activation. */
export function createTestApi(current: () => TestApiParts, reactivate: () => Promise<void>): AgentChecklistTestApi {
  return {
    planTreeRows: () => {
      const parts = current();
      return parts.tree
        .getChildren().map((node) => {
        const item = parts.tree.getTreeItem(node);
        const icon = item.iconPath && typeof item.iconPath === 'object' && 'id' in item.iconPath ? item.iconPath.id : '';
        return {
          label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
          description: typeof item.description === 'string' ? item.description : '',
          icon,
          tooltip: typeof item.tooltip === 'string' ? item.tooltip : '',
        };
      });
    },
    statusBarText: () => current().statusBar.text,
    session: () => {
      const { controller } = current();
      const view = controller.sessionView;
      return view ? { ...view, logPath: controller.logPath } : null;
    },
    run: () => current().controller.runView,
    webview: () => current().webview.state,
    liveAdapters: () => current().live.snapshot(),
    reactivate,
  };
}
