// The Agent view (a webview): transcript, plan strip and composer. The host side
// owns the protocol: it validates every message from the webview, answers `ready`
// with a full snapshot and then posts deltas, each stamped with the next seq. It
// posts nothing before `ready` (a message the page cannot receive would leave a gap).
import * as vscode from 'vscode';
import { HostSequencer, parseWebviewMessage, type HostMessageBody, type StreamView, type WebviewMessage } from '../core/protocol/messages';
import { planView } from '../core/protocol/plan-view';
import type { TranscriptItem } from '../core/protocol/transcript';
import type { ProviderSource } from './provider-source';
import type { SessionController } from './session-controller';
import type { AgentSettings } from './settings';
import { webviewHtml } from './webview-html';

export const AGENT_VIEW_ID = 'agentChecklist.agent';
/** Streaming text is coalesced to at most one message per this many ms. */
const STREAM_INTERVAL_MS = 40;

export interface AgentWebviewOptions {
  extensionUri: vscode.Uri;
  controller: SessionController;
  providers: ProviderSource;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /** Runs a webview request that maps to a command (send, stop, new session, …). */
  execute: (message: Exclude<WebviewMessage, { type: 'ready' | 'loadOlder' }>) => Promise<void>;
}

export class AgentWebviewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private readonly sequencer = new HostSequencer();
  private readonly owned: vscode.Disposable[] = [];
  private viewOwned: vscode.Disposable[] = [];
  private streamTimer: NodeJS.Timeout | undefined;
  private posted = 0;

  constructor(private readonly options: AgentWebviewOptions) {
    const { controller } = options;
    this.owned.push(
      controller.onDidChangeSession(() => this.postSnapshot()),
      controller.onDidChangePlan((plan) => this.post({ type: 'plan', plan: planView(plan) })),
      controller.onDidChangeItems((items) => {
        this.flushStream();
        this.post({ type: 'items', items });
      }),
      controller.onDidChangeRun((run) => {
        this.flushStream();
        this.post({ type: 'run', run });
      }),
      controller.onDidStream((stream) => this.queueStream(stream)),
    );
  }

  /** For the test API: whether a page is connected, and the last seq posted to it. */
  get state(): { resolved: boolean; ready: boolean; lastSeq: number; posted: number } {
    return { resolved: this.view !== undefined, ready: this.ready, lastSeq: this.sequencer.current, posted: this.posted };
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    this.ready = false;
    const distWebview = vscode.Uri.joinPath(this.options.extensionUri, 'dist', 'webview');
    view.webview.options = { enableScripts: true, localResourceRoots: [distWebview] };
    view.webview.html = webviewHtml(view.webview, distWebview);
    this.viewOwned.push(
      view.webview.onDidReceiveMessage((data: unknown) => void this.receive(data)),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
          this.disposeView();
        }
      }),
    );
  }

  /** Re-sends the provider (settings changed). */
  providerChanged(): void {
    this.post({ type: 'provider', provider: this.options.providers.describe(this.options.settings()) });
  }

  notice(level: 'info' | 'error', text: string): void {
    this.post({ type: 'notice', level, text });
  }

  private async receive(data: unknown): Promise<void> {
    const parsed = parseWebviewMessage(data);
    if (!parsed.ok) {
      this.options.log.warn(`dropped an invalid message from the Agent view: ${parsed.error}`);
      return;
    }
    const message = parsed.message;
    try {
      switch (message.type) {
        case 'ready':
          this.ready = true;
          this.postSnapshot();
          return;
        case 'loadOlder': {
          const page = this.options.controller.olderPage(message.cursor);
          this.post({ type: 'page', items: page.items, cursor: page.cursor });
          return;
        }
        default:
          await this.options.execute(message);
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.options.log.error(`Agent view request ${message.type} failed: ${text}`);
      this.notice('error', text);
    }
  }

  private postSnapshot(): void {
    if (!this.ready) return;
    const { controller, providers, settings } = this.options;
    let page: { items: TranscriptItem[]; cursor: number | null } = { items: [], cursor: null };
    try {
      page = controller.tailPage();
    } catch (error) {
      this.options.log.error(`could not read the transcript: ${error instanceof Error ? error.message : String(error)}`);
    }
    clearTimeout(this.streamTimer);
    this.streamTimer = undefined;
    this.post({
      type: 'snapshot',
      session: controller.sessionView,
      items: page.items,
      cursor: page.cursor,
      plan: planView(controller.standingPlan),
      run: controller.runView,
      provider: providers.describe(settings()),
      stream: controller.stream,
    });
  }

  private queueStream(stream: StreamView | null): void {
    if (stream === null) {
      this.flushStream();
      this.post({ type: 'stream', stream: null });
      return;
    }
    this.streamTimer ??= setTimeout(() => this.flushStream(), STREAM_INTERVAL_MS);
  }

  /** Posts the stream as it stands now, if an update is waiting. */
  private flushStream(): void {
    if (this.streamTimer === undefined) return;
    clearTimeout(this.streamTimer);
    this.streamTimer = undefined;
    this.post({ type: 'stream', stream: this.options.controller.stream });
  }

  private post(body: HostMessageBody): void {
    if (!this.view || !this.ready) return;
    this.posted++;
    void this.view.webview.postMessage(this.sequencer.stamp(body));
  }

  private disposeView(): void {
    for (const d of this.viewOwned.splice(0)) d.dispose();
  }

  dispose(): void {
    clearTimeout(this.streamTimer);
    this.disposeView();
    for (const d of this.owned.splice(0)) d.dispose();
    this.view = undefined;
  }
}
