// One page that shows the Agent view: the side bar's WebviewView or the editor tab's
// WebviewPanel (Open in Editor). Both are the same page (dist/webview) over the same
// protocol; what is per page is only the channel: its webview, whether it said
// `ready`, and its own seq stream (each page's reducer orders by seq from its own
// snapshot, so every page gets its own `seq = previous + 1`). AgentPages is the set
// of them the provider posts to.
import * as vscode from 'vscode';
import { HostSequencer, type HostMessageBody } from '../../core/protocol/messages';
import { webviewHtml } from './webview-html';

export type AgentPageKind = 'view' | 'editor';

export class AgentPage implements vscode.Disposable {
  ready = false;
  private readonly sequencer = new HostSequencer();
  private readonly subscriptions: vscode.Disposable[];

  /**
   * Loads the page into `webview` and sends each message it posts to `onMessage`.
   * `isVisible` reads the host's visibility (a view's or a panel's); `onDispose`
   * runs once, when the page is disposed.
   */
  constructor(
    readonly kind: AgentPageKind,
    readonly webview: vscode.Webview,
    private readonly isVisible: () => boolean,
    extensionUri: vscode.Uri,
    onMessage: (page: AgentPage, data: unknown) => void,
    private readonly onDispose: (page: AgentPage) => void,
  ) {
    const distWebview = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    webview.options = { enableScripts: true, localResourceRoots: [distWebview] };
    webview.html = webviewHtml(webview, distWebview, vscode.l10n.t('Loading…'), vscode.env.language);
    this.subscriptions = [webview.onDidReceiveMessage((data: unknown) => onMessage(this, data))];
  }

  get visible(): boolean {
    return this.isVisible();
  }

  /** Stamps `body` with this page's next seq and posts it; nothing before `ready`. */
  post(body: HostMessageBody): void {
    if (!this.ready) return;
    void this.webview.postMessage(this.sequencer.stamp(body));
  }

  dispose(): void {
    if (this.subscriptions.length === 0) return;
    this.ready = false;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.onDispose(this);
  }
}

/**
 * The pages that show the view: at most one of each kind (attaching a page of a kind
 * disposes the one before), and posting to them. A page that is disposed (its view or
 * tab closed) leaves the set and is handed to `onGone`.
 */
export class AgentPages implements vscode.Disposable {
  private readonly byKind = new Map<AgentPageKind, AgentPage>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly onMessage: (page: AgentPage, data: unknown) => void,
    private readonly onGone: (page: AgentPage) => void,
  ) {}

  get(kind: AgentPageKind): AgentPage | undefined {
    return this.byKind.get(kind);
  }

  all(): AgentPage[] {
    return [...this.byKind.values()];
  }

  /** Some page (the side bar's or the editor tab's) is visible. */
  get visible(): boolean {
    return this.all().some((page) => page.visible);
  }

  /** Loads the view into `webview` as the page of `kind`; disposing the result detaches it. */
  attach(kind: AgentPageKind, webview: vscode.Webview, isVisible: () => boolean): AgentPage {
    this.byKind.get(kind)?.dispose();
    const page = new AgentPage(kind, webview, isVisible, this.extensionUri, this.onMessage, (gone) => {
      this.onGone(gone);
      if (this.byKind.get(kind) === gone) this.byKind.delete(kind);
    });
    this.byKind.set(kind, page);
    return page;
  }

  /** Posts `body` to every page that said `ready`. */
  post(body: HostMessageBody): void {
    for (const page of this.all()) this.postTo(page, body);
  }

  /** Posts `body` to `page` (nothing before its `ready`, or without a page). */
  postTo(page: AgentPage | undefined, body: HostMessageBody): void {
    page?.post(body);
  }

  dispose(): void {
    for (const page of this.all()) page.dispose();
  }
}
