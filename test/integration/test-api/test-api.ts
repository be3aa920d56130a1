// What activate() returns in ExtensionMode.Test (the integration tests' extension
// host): read-only views of the REAL objects the extension runs, through their public
// members — the tree provider's items, the controller's session — and what the
// extension did to VS Code's API (vscode-observers.ts: the status bar item, the Agent
// view's page, the notifications). Nothing here computes a result of its own.
//
// A test-only module: the integration harness (scripts/vscode-server/harness.mjs,
// bundleIntegrationTests) bundles it to dist/test-api.js, which extension.ts requires
// in ExtensionMode.Test only (its TestHooks). No build of the product contains it,
// and the VSIX packs none of it (test/integration/production-bundle.test.ts).
import * as vscode from 'vscode';
import type { RemoteProviderId } from '../../../extension/src/vscode/providers/remote-provider';
import type { HostMessage, RunView, SessionListItem } from '../../../extension/src/core/protocol/messages';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import type { BoardView } from '../../../extension/src/core/protocol/board-view';
import type { TestHooks, TestParts } from '../../../extension/src/extension';
import type { PlanNode, PlanTreeProvider } from '../../../extension/src/vscode/plan-tree/plan-tree';
import type { PendingApproval } from '../../../extension/src/vscode/session/webview-approval-gate';
import { TreeRedraws, type TreeRedraw } from './recorders';
import { VscodeObservers, type ObservedModal, type ObservedNotice } from './vscode-observers';

export interface PlanTreeRow {
  label: string;
  description: string;
  /** The codicon id, with its modifier (`sync~spin`). */
  icon: string;
  /** The tooltip's Markdown source (model text in it is Markdown-escaped). */
  tooltip: string;
  /** The tree item's id (unique in the tree). */
  id: string;
  collapsible: 'none' | 'collapsed' | 'expanded';
  /** What a click runs: the command id and its arguments; null when nothing. */
  command: { id: string; arguments: unknown[] } | null;
  /** What the menus' `viewItem` when-clauses match (plan-tree-items.ts). */
  contextValue: string;
}

export interface PlanTreeNodeRow extends PlanTreeRow {
  children: PlanTreeNodeRow[];
}

export interface AgentChecklistTestApi {
  planTreeRows(): PlanTreeRow[];
  /** The status bar item's text, or null while it is hidden. */
  statusBarText(): string | null;
  session(): { id: string; title: string | null; readOnly: boolean; logPath: string | null } | null;
  run(): RunView;
  /** The session list the Agent view offers (subagent sessions left out). */
  sessions(): SessionListItem[];
  /** The Plan tree as VS Code gets it: every node (nested) through getChildren and the provider's tree items. */
  planTree(): PlanTreeNodeRow[];
  /** The last redraws the Plan tree asked of the workbench: 'all', or the ids of the rows (ticks included). */
  planTreeRedraws(): TreeRedraw[];
  /** The Plan tree's node with tree item id `id`, the very object a menu hands its command; undefined if none. */
  planTreeNode(id: string): PlanNode | undefined;
  /**
   * Reveals and selects the Plan tree's node `id` through the real TreeView, and
   * resolves with the labels of the selection the WORKBENCH reports back: proof that
   * the workbench's own tree (not only this host's provider) holds that item.
   * Rejects when the reveal fails or no such selection arrives within `timeoutMs`.
   */
  revealPlanTreeNode(id: string, timeoutMs?: number): Promise<string[]>;
  /** The Plan view's description (its title bar: `<done>/<total>`, `proposed · <done>/<total>`). */
  planViewDescription(): string;
  /** The Plan view's message above its tree ('' when none): Run All Items' progress. */
  planViewMessage(): string;
  /** The status bar item's tooltip (Markdown source), or null while it is hidden. */
  statusBarTooltip(): string | null;
  /** The side bar's Agent view: resolved (VS Code handed the extension its WebviewView), ready (the host answered the page's `ready` with a snapshot), the last seq and the count posted to it, visible. */
  webview(): { resolved: boolean; ready: boolean; lastSeq: number; posted: number; visible: boolean };
  /** The status bar item shows the stall warning (the warning background), as the user sees it. */
  statusBarWarns(): boolean;
  /** How many attention notifications were shown, and the latest. */
  attentionNoticesShown(): { shown: number; last: ObservedNotice | null };
  /** The next modal warning is answered with the button titled `title` (as the user's click); resolves at once. */
  answerNextModal(title: string): void;
  /** The modal warnings answered so far (message, detail, buttons, the answer). */
  modalsAnswered(): ObservedModal[];
  /** The warning messages shown so far (the latest 200), modal or not. */
  warningsShown(): string[];
  /** The last messages the host posted to the Agent view (only while a page is connected). */
  webviewMessages(): HostMessage[];
  /** Hands `data` to the Agent view's message handler, exactly as a message from the page (validated first). */
  webviewMessage(data: unknown): Promise<void>;
  /** The transcript's tail page as the controller serves it to the Agent view's snapshot (readable with no page connected). */
  transcriptTail(): TranscriptItem[];
  /** Tool calls waiting for the user's approval. */
  pendingApprovals(): PendingApproval[];
  /** The latest view the host posted to the Plan Board's page (null before the board opened). */
  boardView(): BoardView | null;
  /** Hands `data` to the Plan Board's message handler, exactly as a message from its page (validated first). */
  boardMessage(data: unknown): Promise<void>;
  /** The log of this window's Chat session (the todo_write language-model tool), once it has one. */
  chatSessionLog(): string | null;
  /** Stores an API key exactly where "Set API Key…" stores it (SecretStorage). */
  storeApiKey(provider: RemoteProviderId, key: string): Promise<void>;
  /**
   * Deactivates (as VS Code does: deactivate(), then dispose subscriptions) and
   * activates again. The API object stays the same and reads the new activation.
   */
  reactivate(): Promise<void>;
}

function treeRow(tree: PlanTreeProvider, node: PlanNode): PlanTreeRow {
  const item: vscode.TreeItem = tree.itemOf(node);
  const icon = item.iconPath && typeof item.iconPath === 'object' && 'id' in item.iconPath ? item.iconPath.id : '';
  const tooltip =
    item.tooltip === undefined ? '' : typeof item.tooltip === 'string' ? item.tooltip : item.tooltip.value;
  const states = ['none', 'collapsed', 'expanded'] as const;
  return {
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : '',
    icon,
    tooltip,
    id: item.id ?? '',
    collapsible: states[item.collapsibleState ?? 0] ?? 'none',
    command: item.command ? { id: item.command.command, arguments: item.command.arguments ?? [] } : null,
    contextValue: item.contextValue ?? '',
  };
}

/** Resolves once the workbench reports a selection holding `node` (onDidChangeSelection comes from it). */
async function revealSelected(view: vscode.TreeView<PlanNode>, node: PlanNode, timeoutMs: number): Promise<void> {
  let listener: vscode.Disposable | undefined;
  let timer: NodeJS.Timeout | undefined;
  const selected = new Promise<void>((resolve, reject) => {
    listener = view.onDidChangeSelection((e) => e.selection.includes(node) && resolve());
    timer = setTimeout(
      () => reject(new Error(`the workbench reported no selection of the revealed node within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.all([view.reveal(node, { select: true, focus: true }), selected]);
  } finally {
    listener?.dispose();
    clearTimeout(timer);
  }
}

function treeRows(tree: PlanTreeProvider, nodes: PlanNode[]): PlanTreeNodeRow[] {
  return nodes.map((node) => ({ ...treeRow(tree, node), children: treeRows(tree, tree.getChildren(node)) }));
}

function findNode(tree: PlanTreeProvider, id: string, nodes: PlanNode[] = tree.getChildren()): PlanNode | undefined {
  for (const node of nodes) {
    const found = tree.itemOf(node).id === id ? node : findNode(tree, id, tree.getChildren(node));
    if (found) return found;
  }
  return undefined;
}

/** What the status bar item shows (null while hidden). */
function shownItem(): vscode.StatusBarItem | null {
  const observed = observers.statusBar;
  return observed?.shown ? observed.item : null;
}

/** One API object for the extension's lifetime: every call reads the current activation. */
function createTestApi(
  current: () => TestParts,
  redraws: () => TreeRedraws,
  reactivate: () => Promise<void>,
): AgentChecklistTestApi {
  const agentView = () => {
    const observed = observers.agentView;
    return observed && !observed.disposed ? observed : null;
  };
  return {
    planTreeRows: () => {
      const { tree } = current();
      return tree.getChildren().map((node) => treeRow(tree, node));
    },
    planTree: () => {
      const { tree } = current();
      return treeRows(tree, tree.getChildren());
    },
    planTreeRedraws: () => redraws().list(),
    planTreeNode: (id) => findNode(current().tree, id),
    revealPlanTreeNode: async (id, timeoutMs = 10_000) => {
      const { tree, view } = current();
      const node = findNode(tree, id);
      if (!node) throw new Error(`the Plan tree has no node ${id}`);
      await revealSelected(view, node, timeoutMs);
      return view.selection.map((n) => treeRow(tree, n).label);
    },
    statusBarTooltip: () => {
      const tooltip = shownItem()?.tooltip;
      return tooltip === undefined || tooltip === null ? null : typeof tooltip === 'string' ? tooltip : tooltip.value;
    },
    statusBarText: () => shownItem()?.text ?? null,
    planViewDescription: () => current().view.description ?? '',
    planViewMessage: () => current().view.message ?? '',
    statusBarWarns: () => {
      const background = shownItem()?.backgroundColor;
      return background instanceof vscode.ThemeColor && background.id === 'statusBarItem.warningBackground';
    },
    attentionNoticesShown: () => ({ shown: observers.notices.length, last: observers.notices.at(-1) ?? null }),
    answerNextModal: (title) => void observers.modalAnswers.push(title),
    modalsAnswered: () => [...observers.modals],
    warningsShown: () => [...observers.warnings],
    session: () => {
      const { controller } = current();
      const view = controller.sessionView;
      return view ? { ...view, logPath: controller.logPath } : null;
    },
    run: () => current().controller.turns.runView,
    sessions: () => current().controller.sessionList(),
    webview: () => {
      const observed = agentView();
      return {
        resolved: observed !== null,
        ready: observed?.snapshotPosted ?? false,
        lastSeq: observed?.lastSeq ?? 0,
        posted: observed?.count ?? 0,
        visible: observed?.view.visible ?? false,
      };
    },
    webviewMessages: () => [...(agentView()?.posted ?? [])],
    boardView: () => observers.board?.posted.at(-1)?.view ?? null,
    boardMessage: async (data) => {
      await observers.board?.receive?.(data);
    },
    webviewMessage: async (data) => {
      // As the page's own message when the view is resolved; else through the provider's handler with no page.
      const receive = agentView()?.receive;
      await (receive ? receive(data) : current().webview.handleMessage(data));
    },
    transcriptTail: () => current().controller.page().items,
    pendingApprovals: () => current().approvals.pending,
    chatSessionLog: () => current().chatTool.logPath,
    storeApiKey: (provider, key) => Promise.resolve(current().secrets.store(`agentChecklist.apiKey.${provider}`, key)),
    reactivate,
  };
}

// Module state survives re-activation (the bundle is required once per extension host).
// The observers wrap the API now, before the activation that required this module creates anything.
const observers = new VscodeObservers(vscode);
let parts: TestParts | null = null;
/** What the latest activation's Plan tree asked the workbench to redraw. */
let redraws = new TreeRedraws();
let latestReactivate: () => Promise<void> = () => Promise.reject(new Error('Agent Checklist is not active'));
let api: AgentChecklistTestApi | undefined;

export const testHooks: TestHooks<AgentChecklistTestApi> = {
  connect: (next, reactivate) => {
    // A re-activation: VS Code never resolves the Agent view for the new provider (index.ts),
    // so the page seen so far belongs to the old one; messages then go to the new provider's handler.
    if (api !== undefined) observers.agentView = null;
    parts = next;
    redraws = new TreeRedraws();
    const recording = redraws.follow(next.tree);
    latestReactivate = reactivate;
    api ??= createTestApi(
      () => {
        if (!parts) throw new Error('Agent Checklist is not active');
        return parts;
      },
      () => redraws,
      () => latestReactivate(),
    );
    return {
      api,
      disconnect: {
        dispose: () => {
          recording.dispose();
          if (parts === next) parts = null;
        },
      },
    };
  },
};
