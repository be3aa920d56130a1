// One page that shows the Agent view: the side bar's WebviewView or the editor tab's
// WebviewPanel (Open in Editor). Both are the same page (dist/webview) over the same
// protocol; what is per page is only the channel: its webview, whether it said
// `ready`, and its own seq stream (each page's reducer orders by seq from its own
// snapshot, so every page gets its own `seq = previous + 1`).
import * as vscode from 'vscode';
import { HostSequencer, type HostMessage, type HostMessageBody } from '../core/protocol/messages';
import { WEBVIEW_STRINGS } from '../core/protocol/strings';
import { webviewHtml } from './webview-html';

export type AgentPageKind = 'view' | 'editor';

export class AgentPage implements vscode.Disposable {
  ready = false;
  posted = 0;
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
    webview.html = webviewHtml(webview, distWebview, vscode.l10n.t(WEBVIEW_STRINGS.loading));
    this.subscriptions = [webview.onDidReceiveMessage((data: unknown) => onMessage(this, data))];
  }

  get visible(): boolean {
    return this.isVisible();
  }

  get lastSeq(): number {
    return this.sequencer.current;
  }

  /** Stamps `body` with this page's next seq and posts it; undefined (nothing sent) before `ready`. */
  post(body: HostMessageBody): HostMessage | undefined {
    if (!this.ready) return undefined;
    this.posted++;
    const message = this.sequencer.stamp(body);
    void this.webview.postMessage(message);
    return message;
  }

  dispose(): void {
    if (this.subscriptions.length === 0) return;
    this.ready = false;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.onDispose(this);
  }
}
