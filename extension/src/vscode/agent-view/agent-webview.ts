// The Agent view (a webview): transcript, plan strip, approvals and composer. The
// host side owns the protocol: it validates every message from the webview, answers
// `ready` with a full snapshot and then posts deltas, each stamped with the next
// seq. It posts nothing before `ready` (a message the page cannot receive would
// leave a gap). The same view can also be open as an editor tab (Open in Editor,
// agent-editor-panel.ts): every page (agent-page.ts) gets the same messages, each
// with its own seq stream; what the pages show (the session, the open subagent
// panel) is this provider's, so both always agree. Its parts: AgentPages (the pages
// and posting to them), agent-snapshot.ts (what a page is told when it is ready),
// CoalescedStream (streaming text at most every 40 ms), OpenChildPanel (the subagent
// panel), WebviewPlanChannel (plan edits and history), AnswerPresenter (answers'
// Markdown, parsed in a worker: every message passes through it on its way out); the
// view's own requests are view-handlers.ts's, the commands' webview-commands.ts's,
// what it posts as the session changes controller-feed.ts's.
import * as vscode from 'vscode';
import { dispatchWebviewMessage, parseWebviewMessage, type HostMessageBody } from '../../core/protocol/messages';
import { DisposableStore, Owner } from '../../core/disposable';
import { AnswerPresenter } from '../../core/markdown/answer-presenter';
import { AgentPages, type AgentPage, type AgentPageKind } from './agent-page';
import { providerView, snapshotMessages, type SnapshotSources } from './agent-snapshot';
import { ChangedViews } from './changed-views';
import { CoalescedStream } from './coalesced-stream';
import { feedFromController, type FeedSources } from './controller-feed';
import { OpenChildPanel } from './open-child-panel';
import { WebviewPlanChannel } from './webview-plan-channel';
import type { CommandHandlers, PageHandlers } from './webview-commands';
import { viewHandlers, type ViewAnswers } from './view-handlers';

export const AGENT_VIEW_ID = 'agentChecklist.agent';
/** Streaming text (and a running child's transcript) is coalesced to at most one message per this many ms. */
const STREAM_INTERVAL_MS = 40;

export interface AgentWebviewOptions extends SnapshotSources, FeedSources {
  extensionUri: vscode.Uri;
  /** Runs the webview requests that map to commands (send, stop, new session, export, plan decisions, …). */
  commands: CommandHandlers;
}

export class AgentWebviewProvider extends Owner implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  /** The side bar's page (while the view is resolved) and the editor tab's (while it is open). */
  private readonly pages: AgentPages;
  /** What the resolved side bar view owns (its page, its dispose listener); replaced when it is resolved again. */
  private viewOwned = new DisposableStore();
  private readonly stream: CoalescedStream;
  private readonly child: OpenChildPanel;
  private readonly answers = this.register(new AnswerPresenter((body) => this.pages.post(body)));
  /** The strip's edits and the plan history, per page. */
  private readonly plan: WebviewPlanChannel<AgentPage>;
  /** Show Plan History ran before the side bar's page was ready: it opens there once it is. */
  private historyWanted = false;
  /** The strip's plan and the context meter, posted when they changed. */
  private readonly changed: ChangedViews;
  private readonly handlers: PageHandlers;

  constructor(private readonly options: AgentWebviewOptions) {
    super();
    const { controller } = options;
    this.changed = new ChangedViews(options, (body) => this.post(body));
    this.handlers = { ...viewHandlers(options, this.viewAnswers()), ...options.commands };
    this.child = new OpenChildPanel(controller.children, STREAM_INTERVAL_MS, (body) => this.post(body));
    this.stream = new CoalescedStream(
      STREAM_INTERVAL_MS,
      () => controller.turns.stream,
      (stream) => this.post({ type: 'stream', stream }),
    );
    this.plan = new WebviewPlanChannel({
      session: () => controller.session,
      onDidChangeSession: controller.onDidChangeSession,
      edit: (edit) => controller.planEditing.edit(edit),
      postTo: (page, body) => this.postTo(page, body),
      notice: (level, text) => this.notice(level, text),
    });
    this.register(this.plan);
    const sinks = { stream: this.stream, child: this.child, changed: this.changed };
    const snapshotAll = (): void => this.pages.all().forEach((page) => this.postSnapshot(page));
    for (const subscription of feedFromController(options, { ...sinks, post: (body) => this.post(body), snapshotAll }))
      this.register(subscription);
    // Registered last, so disposed first: a page that goes hands itself to the plan channel while it is still there.
    this.pages = this.register(
      new AgentPages(
        options.extensionUri,
        (from, data) => void this.handleMessage(data, from),
        (gone) => this.plan.forget(gone),
      ),
    );
  }

  /** Some page of the view (the side bar's or the editor tab's) is visible. */
  get visible(): boolean {
    return this.pages.visible;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    this.viewOwned.add(this.attach('view', view.webview, () => view.visible));
    this.viewOwned.add(
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.disposeView();
        }
      }),
    );
  }

  /**
   * Shows the view in another page (the editor tab): same protocol, same state. The
   * page is detached by disposing the result (the tab closed), or by attaching
   * another page of the same kind.
   */
  attach(kind: AgentPageKind, webview: vscode.Webview, isVisible: () => boolean): AgentPage {
    return this.pages.attach(kind, webview, isVisible);
  }

  /**
   * Brings the side bar's view forward (an approval waits: keeping the editor's focus when it is already resolved;
   * Show: taking it).
   */
  reveal(preserveFocus = true): void {
    if (this.view) this.view.show(preserveFocus);
    else void vscode.commands.executeCommand(`${AGENT_VIEW_ID}.focus`);
  }

  /**
   * Show Plan History: the history opens in the editor tab when that is the page in
   * front, else in the side bar's page (brought forward; once it is ready). The
   * subagent panel, which covers it, closes.
   */
  showPlanHistory(): void {
    if (this.child.current()) this.child.show(null);
    const editor = this.pages.get('editor');
    if (editor?.ready && editor.visible) return this.plan.reveal(editor);
    this.historyWanted = true;
    this.revealWantedHistory();
    this.reveal(false);
  }

  private revealWantedHistory(): void {
    const page = this.pages.get('view');
    if (!this.historyWanted || !page?.ready) return;
    this.historyWanted = false;
    this.plan.reveal(page);
  }

  /** Shows a subagent's transcript over the parent's (the webview's openChild, the Plan tree's subagent rows). */
  showChild(sessionId: string): void {
    if (!this.options.controller.children.get(sessionId))
      throw new Error(vscode.l10n.t('The subagent session {0} cannot be read.', sessionId));
    this.child.show(sessionId);
  }

  /** Re-sends the provider (settings changed). */
  providerChanged(): void {
    this.post({ type: 'provider', provider: providerView(this.options) });
  }

  notice(level: 'info' | 'error', text: string): void {
    this.post({ type: 'notice', level, text });
  }

  /** Every message from a page comes through here (the test API's as the side bar's): validated, then handled. */
  async handleMessage(data: unknown, page: AgentPage | undefined = this.pages.get('view')): Promise<void> {
    const parsed = parseWebviewMessage(data);
    if (!parsed.ok) {
      this.options.log.warn(`dropped an invalid message from the Agent view: ${parsed.error}`);
      return;
    }
    const message = parsed.message;
    try {
      await dispatchWebviewMessage(this.handlers, message, page);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.options.log.error(`Agent view request ${message.type} failed: ${text}`);
      this.notice('error', text);
    }
  }

  /** What the view's own handlers (view-handlers.ts) answer through. */
  private viewAnswers(): ViewAnswers {
    return {
      // What the other pages wait for goes out first: the snapshot already carries it for this one.
      ready: (page) => {
        this.stream.flush();
        this.child.flush();
        page.ready = true;
        this.postSnapshot(page);
      },
      postTo: (page, body) => this.postTo(page, body),
      notice: (level, text) => this.notice(level, text),
      showChild: (sessionId) => (sessionId === null ? this.child.show(null) : this.showChild(sessionId)),
      providerChanged: () => this.providerChanged(),
      plan: () => this.plan,
    };
  }

  private postSnapshot(page: AgentPage): void {
    if (!page.ready) return;
    this.plan.forget(page); // the snapshot clears the page's history: a page still showing it asks again
    this.changed.forgetPlan();
    for (const body of snapshotMessages(this.options, this.child.current())) this.postTo(page, body);
    this.revealWantedHistory();
  }

  /** Posts `body` to every page that said `ready`. */
  private post(body: HostMessageBody): void {
    this.pages.post(this.answers.present(body, this.options.controller.session?.id ?? null));
  }

  private postTo(page: AgentPage | undefined, body: HostMessageBody): void {
    this.pages.postTo(page, this.answers.present(body, this.options.controller.session?.id ?? null));
  }

  private disposeView(): void {
    this.viewOwned.dispose();
    this.viewOwned = new DisposableStore();
  }

  override dispose(): void {
    this.changed.dispose();
    this.stream.cancel();
    this.child.cancel();
    this.disposeView();
    super.dispose(); // the pages, then the subscriptions and the plan channel
    this.view = undefined;
  }
}
