// The Plan Board (issue 49's editor side): one editor tab per window with one card
// per plan, read on the board's worker thread (core/board/board-thread.ts), painted by
// its own page (webview/src/board/, dist/webview/board.js). The host presents
// (board-presenter.ts) and posts the whole view on each change; the page's messages
// are validated (core/protocol/board-view.ts) and run here. A lazy bundle
// (dist/board-panel.js), loaded at the first Open Plan Board.
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import type { BoardCard } from '../../core/board/board-card';
import { BoardThread } from '../../core/board/board-thread';
import { Owner } from '../../core/disposable';
import {
  boardHostMessageSchema,
  parseBoardMessage,
  type BoardHostMessage,
  type BoardWebviewMessage,
} from '../../core/protocol/board-view';
import type { SessionController } from '../controller/session-controller';
import type { AgentSettings } from '../host/settings';
import { webviewHtml } from '../agent-view/webview-html';
import { BOARD_VIEW_TYPE } from './board-ids';
import { BoardLive, gitDirOf } from './board-live';
import { boardView, cardKey } from './board-presenter';
import { branchPlanUri, registerBranchDocuments } from './branch-documents';

export interface BoardDeps {
  controller: SessionController;
  planReview: PendingPlanReview;
  onDidChangePlanReview: vscode.Event<void>;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  extensionUri: vscode.Uri;
  /** The window's session folders (its own, the followed agents', each workspace folder's). */
  sessionDirs: () => string[];
  /** The first workspace folder on disk: its followed agents and its repository's branches. */
  folder: () => string | undefined;
  /** The tools whose calls wait for the user's approval. */
  approvalTools: () => string[];
}

export class BoardHost extends Owner {
  private readonly thread = this.register(new BoardThread());
  private panel: vscode.WebviewPanel | undefined;
  private live: BoardLive | undefined;
  private cards: BoardCard[] = [];
  private fetching = false;
  private problem: string | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(private readonly deps: BoardDeps) {
    super();
    this.register(registerBranchDocuments(this.thread));
    this.register({ dispose: () => this.panel?.dispose() });
  }

  open(): void {
    if (this.panel !== undefined) return this.panel.reveal();
    const distWebview = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'webview');
    const title = vscode.l10n.t('Plan Board');
    const panel = vscode.window.createWebviewPanel(BOARD_VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [distWebview],
    });
    const loading = vscode.l10n.t('Reading the plans…');
    const page = { name: 'board', title };
    panel.webview.html = webviewHtml(panel.webview, distWebview, loading, vscode.env.language, page);
    panel.webview.onDidReceiveMessage((data: unknown) => this.receive(data));
    panel.onDidDispose(() => {
      this.live?.dispose();
      this.live = undefined;
      this.panel = undefined;
    });
    this.panel = panel;
    this.live = this.startLive();
    void this.read();
  }

  private startLive(): BoardLive {
    const folder = this.deps.folder();
    const sources = {
      sessionDirs: this.deps.sessionDirs(),
      gitDir: folder === undefined ? undefined : gitDirOf(folder),
      events: [
        this.deps.controller.onDidChangePlan,
        this.deps.controller.onDidChangeSession,
        this.deps.onDidChangePlanReview,
      ],
      fetchMinutes: this.deps.settings().boardFetchMinutes,
    };
    return new BoardLive(
      sources,
      () => void this.read(),
      () => void this.fetch(),
    );
  }

  /** Reads every card; a change during a read asks for one more read after it. */
  private async read(): Promise<void> {
    if (this.reading !== null) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readOnce();
    try {
      await this.reading;
    } finally {
      this.reading = null;
    }
    if (this.readAgain && this.panel !== undefined) {
      this.readAgain = false;
      await this.read();
    }
  }

  private async readOnce(): Promise<void> {
    const folder = this.deps.folder();
    const settings = this.deps.settings();
    try {
      this.cards = await this.thread.read({
        kind: 'read',
        sessionDirs: this.deps.sessionDirs(),
        ...(folder === undefined ? {} : { folder }),
        ...(settings.planFile.trim() === '' ? {} : { planFile: settings.planFile }),
        nowMs: Date.now(),
        stallMinutes: settings.stallMinutes,
        approvalTools: this.deps.approvalTools(),
      });
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
    }
    this.post();
  }

  private post(): void {
    const view = boardView(this.cards, {
      waitingSession: this.deps.planReview.waiting?.sessionId ?? null,
      fetching: this.fetching,
      problem: this.problem,
    });
    const message: BoardHostMessage = { type: 'board', view };
    void this.panel?.webview.postMessage(boardHostMessageSchema.parse(message));
  }

  /** `git fetch --all --prune` in the workspace's repository; the refs' watcher then reads the branches again. */
  private async fetch(): Promise<void> {
    const folder = this.deps.folder();
    if (folder === undefined || this.fetching) return;
    this.fetching = true;
    this.problem = null;
    this.post();
    try {
      await this.thread.fetch(folder);
    } catch (error) {
      this.problem = vscode.l10n.t('Fetch failed: {0}', error instanceof Error ? error.message : String(error));
    }
    this.fetching = false;
    await this.read();
  }

  private async receive(data: unknown): Promise<void> {
    const parsed = parseBoardMessage(data);
    if (!parsed.ok) return void this.deps.log.warn(`plan board: a message from the page was dropped: ${parsed.error}`);
    await this.run(parsed.message).catch((error: unknown) =>
      this.deps.log.error(`plan board: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async run(message: BoardWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.post();
      case 'fetch':
        return this.fetch();
      case 'act': {
        const card = this.cards.find((c) => cardKey(c) === message.key);
        if (card === undefined) return;
        if (message.action === 'approve')
          return void (await vscode.commands.executeCommand('agentChecklist.approvePlan'));
        if (message.action === 'reject')
          return void (await vscode.commands.executeCommand('agentChecklist.rejectPlan'));
        return this.openCard(card);
      }
    }
  }

  /** A session in the Agent view (read-only where another process writes it); a branch's plan file read-only. */
  private async openCard(card: BoardCard): Promise<void> {
    const folder = this.deps.folder();
    if (card.source === 'branch') {
      if (folder === undefined || card.path === undefined) return;
      const doc = await vscode.workspace.openTextDocument(branchPlanUri(folder, card.id, card.path));
      await vscode.window.showTextDocument(doc, { preview: true });
      return;
    }
    try {
      await this.deps.controller.switcher.openSession(card.id);
      await vscode.commands.executeCommand('agentChecklist.agent.focus');
    } catch (error) {
      if (card.path === undefined) throw error;
      // A followed agent's session no log of ours holds: the agent's own file, read-only.
      await vscode.window.showTextDocument(vscode.Uri.file(card.path), { preview: true });
      await vscode.commands.executeCommand('workbench.action.files.setActiveEditorReadonlyInSession');
    }
  }
}
