// What the extension did to VS Code's public API, observed at that API: the status bar
// item it created (its text, tooltip and colours, shown or hidden), the Agent view it
// registered (the WebviewView VS Code handed it, every message posted to its page and
// the listener that receives the page's messages) and the attention notifications it
// showed. The extension keeps none of this for the tests: this module wraps the
// extension's own `vscode` API object (the test bundle lives beside extension.js, so
// `require('vscode')` here is the extension's) once, before the first activation, and
// each wrapper calls the real function and returns its real result.
import * as vscode from 'vscode';
import type { HostMessage } from '../../../extension/src/core/protocol/messages';
import type { BoardHostMessage } from '../../../extension/src/core/protocol/board-view';
import { AGENT_VIEW_ID } from '../../../extension/src/vscode/agent-view/agent-webview';
import { BOARD_VIEW_TYPE } from '../../../extension/src/vscode/board/board-ids';

/** The Plan's status bar item's id (users hide it by this id: it never changes). */
const PLAN_STATUS_BAR_ID = 'agentChecklist.plan';

/** The extension's status bar item and whether it is shown (the API has show/hide but no getter). */
export interface ObservedStatusBarItem {
  item: vscode.StatusBarItem;
  shown: boolean;
}

/** The side bar's Agent view page: the WebviewView, what the host posted to it (in order) and the host's handler of its messages. */
export interface ObservedAgentView {
  view: vscode.WebviewView;
  disposed: boolean;
  /** The latest messages posted to the page, oldest first. */
  posted: HostMessage[];
  /** How many were posted in all. */
  count: number;
  /** The seq of the latest (0 before the first). */
  lastSeq: number;
  /** The host answered the page's `ready` with a snapshot (it posts nothing to a page before that). */
  snapshotPosted: boolean;
  receive: ((data: unknown) => unknown) | null;
}

/** The Plan Board's tab: what the host posted to its page and the host's handler of its messages. */
export interface ObservedBoard {
  panel: vscode.WebviewPanel;
  disposed: boolean;
  posted: BoardHostMessage[];
  receive: ((data: unknown) => unknown) | null;
}

/** A modal the extension asked (its message and detail), and the button the test chose for it. */
export interface ObservedModal {
  message: string;
  detail: string | undefined;
  buttons: string[];
  answered: string | undefined;
}

/** A notification the extension showed with a "Show" action (the attention notifier's). */
export interface ObservedNotice {
  level: 'info' | 'warning';
  text: string;
}

export class VscodeObservers {
  statusBar: ObservedStatusBarItem | null = null;
  agentView: ObservedAgentView | null = null;
  board: ObservedBoard | null = null;
  readonly notices: ObservedNotice[] = [];
  /** The modal warnings asked while a test had queued answers for them (the user's clicks, in order). */
  readonly modals: ObservedModal[] = [];
  /** The buttons the next modal warnings are answered with (by title); none queued: VS Code shows them. */
  readonly modalAnswers: string[] = [];
  /** Every warning message shown (its text), modal or not, the latest `limit` kept. */
  readonly warnings: string[] = [];
  /** The most messages kept per view (a long test posts thousands). */
  private readonly limit = 200;

  constructor(api: typeof vscode) {
    const { window } = api;
    const createStatusBarItem = window.createStatusBarItem.bind(window);
    const observeStatusBar = (item: vscode.StatusBarItem): void => this.observeStatusBar(item);
    function createObserved(id: string, alignment?: vscode.StatusBarAlignment, priority?: number): vscode.StatusBarItem;
    function createObserved(alignment?: vscode.StatusBarAlignment, priority?: number): vscode.StatusBarItem;
    function createObserved(
      first?: string | vscode.StatusBarAlignment,
      alignment?: vscode.StatusBarAlignment | number,
      priority?: number,
    ): vscode.StatusBarItem {
      if (typeof first !== 'string')
        return createStatusBarItem(first, typeof alignment === 'number' ? alignment : undefined);
      const item = createStatusBarItem(first, alignment, priority);
      if (first === PLAN_STATUS_BAR_ID) observeStatusBar(item);
      return item;
    }
    window.createStatusBarItem = createObserved;

    const registerWebviewViewProvider = window.registerWebviewViewProvider.bind(window);
    window.registerWebviewViewProvider = (viewId, provider, options) => {
      if (viewId !== AGENT_VIEW_ID) return registerWebviewViewProvider(viewId, provider, options);
      const observed: vscode.WebviewViewProvider = {
        resolveWebviewView: (view, context, token) => {
          this.observeView(view);
          return provider.resolveWebviewView(view, context, token);
        },
      };
      return registerWebviewViewProvider(viewId, observed, options);
    };

    const createWebviewPanel = window.createWebviewPanel.bind(window);
    window.createWebviewPanel = (viewType, title, showOptions, options) => {
      const panel = createWebviewPanel(viewType, title, showOptions, options);
      if (viewType === BOARD_VIEW_TYPE) this.observeBoard(panel);
      return panel;
    };

    const show = vscode.l10n.t('Show');
    const showInformationMessage = window.showInformationMessage.bind(window);
    const showWarningMessage = window.showWarningMessage.bind(window);
    window.showInformationMessage = ((message: string, ...rest: never[]) => {
      if (rest.length === 1 && rest[0] === show) this.notices.push({ level: 'info', text: message });
      return showInformationMessage(message, ...rest);
    }) as typeof window.showInformationMessage;
    window.showWarningMessage = ((message: string, ...rest: never[]) => {
      this.warnings.push(message);
      if (this.warnings.length > this.limit) this.warnings.shift();
      if (rest.length === 1 && rest[0] === show) this.notices.push({ level: 'warning', text: message });
      const answered = this.answerModal(message, rest);
      return answered ?? showWarningMessage(message, ...rest);
    }) as typeof window.showWarningMessage;
  }

  /** A modal with a queued answer: the button of that title, as the user's click gives it (else undefined: not ours). */
  private answerModal(message: string, rest: unknown[]): Promise<unknown> | undefined {
    const options = rest[0] as { modal?: boolean; detail?: string } | undefined;
    if (options?.modal !== true || this.modalAnswers.length === 0) return undefined;
    const items = rest.slice(1);
    const title = (item: unknown): string => (typeof item === 'string' ? item : (item as { title: string }).title);
    const answer = this.modalAnswers.shift();
    const chosen = items.find((item) => title(item) === answer);
    this.modals.push({ message, detail: options.detail, buttons: items.map(title), answered: answer });
    return Promise.resolve(chosen);
  }

  private observeStatusBar(item: vscode.StatusBarItem): void {
    const observed: ObservedStatusBarItem = { item, shown: false };
    this.statusBar = observed;
    const show = item.show.bind(item);
    const hide = item.hide.bind(item);
    const dispose = item.dispose.bind(item);
    item.show = () => {
      observed.shown = true;
      show();
    };
    item.hide = () => {
      observed.shown = false;
      hide();
    };
    item.dispose = () => {
      observed.shown = false;
      dispose();
    };
  }

  private observeBoard(panel: vscode.WebviewPanel): void {
    const observed: ObservedBoard = { panel, disposed: false, posted: [], receive: null };
    this.board = observed;
    const webview = panel.webview;
    const postMessage = webview.postMessage.bind(webview);
    webview.postMessage = (message: BoardHostMessage) => {
      observed.posted.push(message);
      if (observed.posted.length > this.limit) observed.posted.shift();
      return postMessage(message);
    };
    const onDidReceiveMessage = webview.onDidReceiveMessage.bind(webview);
    const receiving: vscode.Event<unknown> = (listener, thisArgs, disposables) => {
      observed.receive = (data) => listener.call(thisArgs, data);
      return onDidReceiveMessage(listener, thisArgs, disposables);
    };
    Object.defineProperty(webview, 'onDidReceiveMessage', { value: receiving, configurable: true });
    panel.onDidDispose(() => {
      observed.disposed = true;
    });
  }

  private observeView(view: vscode.WebviewView): void {
    const observed: ObservedAgentView = {
      view,
      disposed: false,
      posted: [],
      count: 0,
      lastSeq: 0,
      snapshotPosted: false,
      receive: null,
    };
    this.agentView = observed;
    const webview = view.webview;
    const postMessage = webview.postMessage.bind(webview);
    webview.postMessage = (message: HostMessage) => {
      observed.posted.push(message);
      if (observed.posted.length > this.limit) observed.posted.shift();
      observed.count++;
      observed.lastSeq = message.seq;
      if (message.type === 'snapshot') observed.snapshotPosted = true;
      return postMessage(message);
    };
    const onDidReceiveMessage = webview.onDidReceiveMessage.bind(webview);
    const receiving: vscode.Event<unknown> = (listener, thisArgs, disposables) => {
      observed.receive = (data) => listener.call(thisArgs, data);
      return onDidReceiveMessage(listener, thisArgs, disposables);
    };
    // A read-only member of the Webview interface: shadowed on this one object.
    Object.defineProperty(webview, 'onDidReceiveMessage', { value: receiving, configurable: true });
    view.onDidDispose(() => {
      observed.disposed = true;
    });
  }
}
