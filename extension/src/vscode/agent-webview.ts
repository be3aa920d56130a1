// The Agent view (a webview): transcript, plan strip, approvals and composer. The
// host side owns the protocol: it validates every message from the webview, answers
// `ready` with a full snapshot and then posts deltas, each stamped with the next
// seq. It posts nothing before `ready` (a message the page cannot receive would
// leave a gap).
import * as vscode from 'vscode';
import {
  HostSequencer,
  parseWebviewMessage,
  type ChildView,
  type HostMessage,
  type HostMessageBody,
  type StreamView,
  type WebviewMessage,
} from '../core/protocol/messages';
import { planView } from '../core/protocol/plan-view';
import { WEBVIEW_STRING_KEYS, WEBVIEW_STRINGS } from '../core/protocol/strings';
import { transcriptFromEvents, type TranscriptItem } from '../core/protocol/transcript';
import type { ChildChange, ChildSnapshot } from './child-sessions';
import type { ProviderSource } from './provider-source';
import type { SessionController } from './session-controller';
import type { AgentSettings } from './settings';
import type { WebviewApprovalGate } from './webview-approval-gate';
import { webviewHtml } from './webview-html';

export const AGENT_VIEW_ID = 'agentChecklist.agent';
/** Streaming text (and a running child's transcript) is coalesced to at most one message per this many ms. */
const STREAM_INTERVAL_MS = 40;

/** Requests the view handles itself; the rest map to commands (`execute`). */
type OwnMessage = Extract<WebviewMessage, { type: 'ready' | 'loadOlder' | 'approve' | 'openChild' | 'closeChild' }>;
export type CommandMessage = Exclude<WebviewMessage, OwnMessage>;

export interface AgentWebviewOptions {
  extensionUri: vscode.Uri;
  controller: SessionController;
  providers: ProviderSource;
  settings: () => AgentSettings;
  approvals: WebviewApprovalGate;
  log: vscode.LogOutputChannel;
  /** Runs a webview request that maps to a command (send, stop, new session, export, …). */
  execute: (message: CommandMessage) => Promise<void>;
}

/** Every webview string in the UI language (vscode.l10n), English where no translation exists. */
export function webviewStrings(): Record<string, string> {
  return Object.fromEntries(WEBVIEW_STRING_KEYS.map((key) => [key, vscode.l10n.t(WEBVIEW_STRINGS[key])]));
}

export function childView(child: ChildSnapshot): ChildView {
  return { sessionId: child.sessionId, title: child.title, items: transcriptFromEvents(child.events), plan: planView(child.plan), running: child.running };
}

export class AgentWebviewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private readonly sequencer = new HostSequencer();
  private readonly owned: vscode.Disposable[] = [];
  private viewOwned: vscode.Disposable[] = [];
  private streamTimer: NodeJS.Timeout | undefined;
  private childTimer: NodeJS.Timeout | undefined;
  /** The subagent session shown over the transcript (openChild), if any. */
  private openChild: string | null = null;
  private posted = 0;
  /** Changes of the open child not posted yet (coalesced to one childDelta per STREAM_INTERVAL_MS). */
  private childPending: { items: Map<string, TranscriptItem>; plan: boolean; running: boolean } | null = null;
  private readonly postedEmitter = new vscode.EventEmitter<HostMessage>();
  /** Every message posted to the page, after it was posted. */
  readonly onDidPost = this.postedEmitter.event;

  constructor(private readonly options: AgentWebviewOptions) {
    const { controller, approvals } = options;
    this.owned.push(
      controller.onDidChangeSession(() => {
        this.openChild = null;
        this.postSnapshot();
      }),
      controller.onDidChangePlan((plan) => this.post({ type: 'plan', plan: planView(plan) })),
      controller.onDidChangeItems((items) => {
        this.flushStream();
        this.post({ type: 'items', items });
        this.post({ type: 'context', context: controller.contextView });
      }),
      controller.onDidChangeRun((run) => {
        this.flushStream();
        this.post({ type: 'run', run });
        if (run.state === 'idle') this.post({ type: 'sessions', sessions: controller.sessionList() }); // titles, times, a new log
      }),
      controller.onDidStream((stream) => this.queueStream(stream)),
      controller.children.onDidChange((change) => this.queueChildDelta(change)),
      approvals.onDidChange((pending) => this.post({ type: 'approvals', approvals: pending })),
    );
  }

  /** For the test API: whether a page is connected, and the last seq posted to it. */
  get state(): { resolved: boolean; ready: boolean; lastSeq: number; posted: number; visible: boolean } {
    return { resolved: this.view !== undefined, ready: this.ready, lastSeq: this.sequencer.current, posted: this.posted, visible: this.view?.visible ?? false };
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    this.ready = false;
    const distWebview = vscode.Uri.joinPath(this.options.extensionUri, 'dist', 'webview');
    view.webview.options = { enableScripts: true, localResourceRoots: [distWebview] };
    view.webview.html = webviewHtml(view.webview, distWebview);
    this.viewOwned.push(
      view.webview.onDidReceiveMessage((data: unknown) => void this.handleMessage(data)),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
          this.disposeView();
        }
      }),
    );
  }

  /** Brings the view forward (an approval waits), keeping the editor's focus when it is already resolved. */
  reveal(): void {
    if (this.view) this.view.show(true);
    else void vscode.commands.executeCommand(`${AGENT_VIEW_ID}.focus`);
  }

  /** Shows a subagent's transcript over the parent's (the webview's openChild, the Plan tree's subagent rows). */
  showChild(sessionId: string): void {
    if (!this.options.controller.children.get(sessionId)) throw new Error(vscode.l10n.t('The subagent session {0} cannot be read.', sessionId));
    this.openChild = sessionId;
    this.postChild();
  }

  /** Re-sends the provider (settings changed). */
  providerChanged(): void {
    this.post({ type: 'provider', provider: this.options.providers.describe(this.options.settings()) });
  }

  notice(level: 'info' | 'error', text: string): void {
    this.post({ type: 'notice', level, text });
  }

  /** Every message from the page comes through here (the test API too): validated, then handled. */
  async handleMessage(data: unknown): Promise<void> {
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
          const page = this.options.controller.page(message.cursor);
          this.post({ type: 'page', items: page.items, cursor: page.cursor });
          return;
        }
        case 'approve':
          if (!this.options.approvals.decide(message.id, message.decision)) this.notice('info', vscode.l10n.t('That request is no longer waiting for an answer.'));
          return;
        case 'openChild':
          this.showChild(message.sessionId);
          return;
        case 'closeChild':
          this.openChild = null;
          this.postChild();
          return;
        default:
          await this.options.execute(message);
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.options.log.error(`Agent view request ${message.type} failed: ${text}`);
      this.notice('error', text);
    }
  }

  private currentChild(): ChildView | null {
    const child = this.openChild === null ? null : this.options.controller.children.get(this.openChild);
    return child ? childView(child) : null;
  }

  /** Opens (the child's whole view, read once) or closes the panel. */
  private postChild(): void {
    clearTimeout(this.childTimer);
    this.childTimer = undefined;
    this.childPending = null;
    this.post({ type: 'child', child: this.currentChild() });
  }

  private queueChildDelta(change: ChildChange): void {
    if (change.sessionId !== this.openChild) return;
    const pending = (this.childPending ??= { items: new Map(), plan: false, running: false });
    for (const item of change.items) pending.items.set(item.id, item);
    pending.plan ||= change.planChanged;
    pending.running ||= change.runningChanged;
    this.childTimer ??= setTimeout(() => this.flushChildDelta(), STREAM_INTERVAL_MS);
  }

  /** Posts what changed in the open child since the last post: its items, and its plan / running state when they moved. */
  private flushChildDelta(): void {
    clearTimeout(this.childTimer);
    this.childTimer = undefined;
    const pending = this.childPending;
    this.childPending = null;
    const child = this.openChild === null ? null : this.options.controller.children.get(this.openChild);
    if (!pending || !child) return;
    this.post({
      type: 'childDelta',
      sessionId: child.sessionId,
      items: [...pending.items.values()],
      ...(pending.plan ? { plan: planView(child.plan) } : {}),
      ...(pending.running ? { running: child.running } : {}),
    });
  }

  private postSnapshot(): void {
    if (!this.ready) return;
    const { controller, providers, settings, approvals } = this.options;
    let page: { items: TranscriptItem[]; cursor: number | null } = { items: [], cursor: null };
    try {
      page = controller.page();
    } catch (error) {
      this.options.log.error(`could not read the transcript: ${error instanceof Error ? error.message : String(error)}`);
    }
    clearTimeout(this.streamTimer);
    this.streamTimer = undefined;
    clearTimeout(this.childTimer);
    this.childTimer = undefined;
    this.childPending = null;
    this.post({
      type: 'snapshot',
      session: controller.sessionView,
      items: page.items,
      cursor: page.cursor,
      plan: planView(controller.standingPlan),
      run: controller.runView,
      provider: providers.describe(settings()),
      stream: controller.stream,
      strings: webviewStrings(),
      sessions: controller.sessionList(),
      approvals: approvals.pending,
      child: this.currentChild(),
    });
    this.post({ type: 'context', context: controller.contextView });
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
    const message = this.sequencer.stamp(body);
    void this.view.webview.postMessage(message);
    this.postedEmitter.fire(message);
  }

  private disposeView(): void {
    for (const d of this.viewOwned.splice(0)) d.dispose();
  }

  dispose(): void {
    clearTimeout(this.streamTimer);
    clearTimeout(this.childTimer);
    this.disposeView();
    for (const d of this.owned.splice(0)) d.dispose();
    this.postedEmitter.dispose();
    this.view = undefined;
  }
}
