// The workspace's agent session as the extension holds it: which log is open (for
// writing, or read-only when another window holds its lock), the live folds of its
// standing plan and plan timeline, its transcript items, the turn that is running,
// and the subagent sessions that turn starts. Surfaces subscribe to its events;
// none of them keeps a plan of its own.
import * as vscode from 'vscode';
import { EventEmitter } from 'vscode';
import { runTurn, type LiveDelta } from '../core/agent/loop';
import { Owner } from '../core/disposable';
import type { PlanEditOutcome } from '../core/plan/plan-editor';
import { exportPlan, exportPlanMarkdown } from '../core/plan/plan-export';
import { planLedgerProjection, type PlanLedger } from '../core/plan/plan-ledger';
import { planTimelineProjection, type PlanTimeline } from '../core/plan/timeline';
import type { StandingPlan } from '../core/plan/todos-projection';
import type { PlanEdit } from '../core/plan/user-edit';
import type { ContextView, RunView, SessionListItem, SessionView, StreamView } from '../core/protocol/messages';
import type { TranscriptItem } from '../core/protocol/transcript';
import type { TurnEndReason } from '../core/session/events';
import type { Session } from '../core/session/session';
import type { SessionStore } from '../core/store/session-store';
import { Approvals, type ApprovalGate } from '../core/tools/approvals';
import { ChildSessions } from './child-sessions';
import { LiveStream } from './live-stream';
import type { PlanWrite } from './external-sessions';
import { openLatestSession, openSessionReadOnly, type OpenedSession } from './opened-session';
import { isOwnSession, listFolderSessions, type FolderSession, type SessionFolder } from './session-folders';
import { sourceLabel } from '../core/session/source';
import { sourceLabelView } from './source-label';
import type { ProviderSource } from './provider-source';
import type { AgentSettings } from './settings';
import { readTranscriptPage, ShownSession, type TranscriptPage } from './shown-session';
import { buildTurnTools } from './turn-tools';
import { compactOnDemand, contextViewOf, prepareTurnContext, type ToldModel } from './turn-context';
import { TurnRefusedError } from './turn-refused';
import { writableSession } from './writable-session';
import { ShownPlanEditing } from './session-plan-editor';

export interface SessionControllerOptions {
  store: SessionStore;
  providers: ProviderSource;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /** The first workspace folder: the tools' workspace and new sessions' `cwd`. */
  workspaceFolder: vscode.Uri | undefined;
  /** Who asks the user to approve tool calls (the Agent view). */
  approvalGate: ApprovalGate;
  /**
   * Every folder of logs the window shows: `store`'s first, then each workspace
   * folder's `.agent-checklist/sessions` (CLI runs, MCP servers), as they are now
   * (workspace folders come and go: SessionFolderSet). Default: `store` only.
   */
  folders?: { readonly all: readonly SessionFolder[] };
  /** A log in one of the folders wrote a new plan (ExternalSessionWatcher). */
  externalWrites?: vscode.Event<PlanWrite>;
}

type RunningTurn = { turn: number; abort: AbortController; stopping: boolean; done: Promise<TurnEndReason | undefined> };
export class SessionController extends Owner implements vscode.Disposable {
  private shown: ShownSession | null = null;
  /** The shown session's plan editor (none when it is shown read-only). */
  private readonly planEditing: ShownPlanEditing;
  /** The folder of the shown session's log (read-only reloads read it from there). */
  private shownFolder: SessionFolder;
  private readonly folderSet: { readonly all: readonly SessionFolder[] };
  private readonly externalSubscription: vscode.Disposable | undefined;
  private running: RunningTurn | null = null;
  /** A turn is being set up (its provider is being selected), or a compaction (`compacting`) runs. */
  private starting = false;
  private compacting: AbortController | null = null;
  private disposed = false;
  /** "Always allow" answers last as long as the shown session (its subagents share them). */
  private approvals: Approvals;
  private readonly liveStream = this.register(new LiveStream());
  private told: ToldModel = { rules: null, window: 0, request: null }; // the latest turn's rules file, window, system prompt and tool schemas
  readonly children: ChildSessions;

  private readonly sessionEmitter = this.register(new EventEmitter<void>());
  private readonly sessionListEmitter = this.register(new EventEmitter<void>());
  private readonly planEmitter = this.register(new EventEmitter<StandingPlan>());
  private readonly timelineEmitter = this.register(new EventEmitter<PlanTimeline>());
  private readonly ledgerEmitter = this.register(new EventEmitter<PlanLedger>());
  private readonly itemsEmitter = this.register(new EventEmitter<TranscriptItem[]>());
  private readonly runEmitter = this.register(new EventEmitter<RunView>());
  /** Another session is shown (opened, created, reloaded): surfaces redraw from scratch. */
  readonly onDidChangeSession = this.sessionEmitter.event;
  /** A session outside this window wrote a plan: the list may have a new or newer entry (followed or not). */
  readonly onDidChangeSessionList = this.sessionListEmitter.event;
  readonly onDidChangePlan = this.planEmitter.event;
  /** The plan's timeline changed (an item started, the turn ended, a subagent started or ended). */
  readonly onDidChangeTimeline = this.timelineEmitter.event;
  /** The plan's ledger changed (per item: who added it, started, finished; the dropped items). */
  readonly onDidChangeLedger = this.ledgerEmitter.event;
  /** Transcript items created or changed by appends to the open session. */
  readonly onDidChangeItems = this.itemsEmitter.event;
  readonly onDidChangeRun = this.runEmitter.event;
  readonly onDidStream = this.liveStream.onDidChange;

  constructor(private readonly options: SessionControllerOptions) {
    super();
    this.children = this.register(new ChildSessions(options.store, options.log));
    this.planEditing = new ShownPlanEditing(() => ({ allowParallelInProgress: options.settings().allowParallelInProgress }), options.log);
    this.approvals = this.newApprovals();
    this.folderSet = options.folders ?? { all: [{ store: options.store, fallback: 'agent' }] };
    this.shownFolder = this.folders[0]!;
    this.externalSubscription = options.externalWrites?.((write) => {
      this.sessionListEmitter.fire();
      this.followExternalWrite(write);
    });
  }

  /** The window's session folders now: its own store's first. */
  private get folders(): readonly SessionFolder[] {
    return this.folderSet.all;
  }

  /** Reopens the workspace's latest session (read-only if another window writes it). */
  openLatest(): void {
    this.showResult(openLatestSession(this.options.store, () => this.followReadOnly()));
  }

  /** Shows another session of this window's folders (stops a running turn first). */
  async openSession(id: string): Promise<void> {
    if (this.opened?.session.id === id) return;
    const target = listFolderSessions(this.folders).find((s) => s.id === id);
    if (!target) throw new TurnRefusedError(vscode.l10n.t('There is no session {0} in this workspace.', id));
    await this.stop();
    if (this.disposed) return;
    if (isOwnSession(target)) {
      const result = openLatestSession(this.options.store, () => this.followReadOnly(), id);
      if (result.error) throw new Error(result.error);
      this.shownFolder = target.folder;
      this.showResult(result);
      return;
    }
    this.showForeign(target);
  }

  /** Every session of this window's folders for the session list, newest first (subagent sessions left out), each with who writes it. */
  sessionList(): SessionListItem[] {
    const current = this.opened?.session.id;
    return listFolderSessions(this.folders).map((s) => ({
      id: s.id,
      title: s.header.title ?? null,
      modified: s.modified.toISOString(),
      current: s.id === current,
      source: sourceLabelView(s.label),
    }));
  }

  /**
   * Another program's session (an MCP client, a CLI run, the Chat tool) is only
   * shown, never written by this window: opened read-only and followed live.
   */
  private showForeign(target: FolderSession): void {
    try {
      const opened = openSessionReadOnly(target.folder.store, target.id, () => this.followReadOnly());
      this.shownFolder = target.folder;
      this.options.log.info(`following ${target.label.kind} session ${target.id} (${target.path}), read-only`);
      this.show(opened);
    } catch (error) {
      this.options.log.warn(`could not show ${target.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** agentChecklist.followExternal `latest`: a session written outside this window wrote a plan, show it (never during a turn of ours). */
  private followExternalWrite(write: PlanWrite): void {
    if (this.disposed || this.running || this.starting) return;
    if (this.options.settings().followExternal !== 'latest') return;
    if (this.opened && this.opened.path === write.path) return; // already shown, and followed
    const target = listFolderSessions([write.folder]).find((s) => s.path === write.path);
    if (!target || isOwnSession(target)) return;
    this.showForeign(target);
  }

  private get opened(): OpenedSession | null {
    return this.shown?.opened ?? null;
  }

  get standingPlan(): StandingPlan {
    return this.shown?.standingPlan ?? null;
  }

  get planTimeline(): PlanTimeline {
    return this.shown?.planTimeline ?? planTimelineProjection.init;
  }

  get planLedger(): PlanLedger {
    return this.shown?.planLedger ?? planLedgerProjection.init;
  }

  get session(): Session | null {
    return this.opened?.session ?? null;
  }

  get sessionView(): SessionView | null {
    if (!this.opened) return null;
    const view = { id: this.opened.session.id, title: this.opened.session.header.title ?? null, readOnly: this.opened.readOnly };
    if (this.isShowingOwnSession()) return view;
    return { ...view, writer: sourceLabelView(sourceLabel(this.opened.session.header.source, this.shownFolder.fallback)) };
  }

  /** The log file, once the session has one (a new session writes it on its first append). */
  get logPath(): string | null {
    return this.opened?.session.lastSeq ? this.opened.path : null;
  }

  get runView(): RunView {
    return this.running ? { state: 'running', turn: this.running.turn, stopping: this.running.stopping } : { state: 'idle' };
  }

  get stream(): StreamView | null {
    return this.liveStream.current;
  }

  /** The plan and its history as Markdown (Export Plan); null without a session. */
  exportMarkdown(): string | null {
    const s = this.opened?.session;
    return s ? exportPlanMarkdown(exportPlan(s.header, s.events)) : null;
  }

  /** The transcript's last page (before byte `cursor`, default the end), read from the log. */
  page(cursor?: number): TranscriptPage {
    const file = this.logPath;
    return file ? readTranscriptPage(file, cursor) : { items: [], cursor: null };
  }

  /**
   * One user edit of the shown session's plan (the Plan tree's actions, the strip's
   * checkboxes): appended as todo/user-edit now, or at the running turn's next step
   * boundary while a step is open. A read-only or followed session, or none, refuses.
   */
  editPlan(edit: PlanEdit): Promise<PlanEditOutcome> {
    return this.planEditing.edit(edit);
  }

  /** This window may edit the shown session's plan (it writes that session). */
  get canEditPlan(): boolean {
    return this.planEditing.canEdit;
  }

  /** Runs one turn; resolves with how it ended (undefined if it could not be recorded). */
  async sendPrompt(prompt: string): Promise<TurnEndReason | undefined> {
    const shuttingDown = (): TurnRefusedError => new TurnRefusedError(vscode.l10n.t('Agent Checklist is shutting down.'));
    if (this.disposed) throw shuttingDown();
    if (this.running || this.starting) throw new TurnRefusedError(vscode.l10n.t('A turn is already running; stop it first.'));
    const text = prompt.trim();
    if (!text) throw new TurnRefusedError(vscode.l10n.t('The prompt is empty.'));
    const settings = this.options.settings();
    this.starting = true;
    let provider;
    let turnContext;
    try {
      provider = await this.options.providers.create(settings);
      turnContext = await prepareTurnContext(settings, provider, this.options.workspaceFolder);
    } finally {
      this.starting = false;
    }
    if (this.disposed) throw shuttingDown();
    const { workspaceFolder, store, log } = this.options;
    const tools = buildTurnTools({ settings, workspaceFolder, approvals: this.approvals, provider, store, observer: this.children.observer, log, turnContext });
    this.told = { rules: turnContext.rules, window: turnContext.context.window, request: { system: turnContext.system, tools: tools.registry.specs() } };
    let session: Session;
    try {
      session = writableSession(
        {
          store,
          workspaceFolder,
          log,
          current: this.opened,
          currentIsOwn: this.isShowingOwnSession(),
          show: (opened) => {
            this.shownFolder = this.folders[0]!; // what a prompt writes is always ours
            this.show(opened);
          },
        },
        text,
      );
    } catch (error) {
      tools.owned.dispose();
      throw error;
    }
    // The session's own editor (show() made it when the session was shown for writing).
    const editor = this.planEditing.editorOf(session);
    const abort = new AbortController();
    const run: RunningTurn = { turn: session.lastTurn + 1, abort, stopping: false, done: Promise.resolve(undefined) };
    // Running before the turn starts: its first appends (and a failure before any
    // await) already see it, and its end always clears it.
    this.running = run;
    this.runEmitter.fire(this.runView);
    run.done = (async () => {
      try {
        const onDelta = (d: LiveDelta): void => this.liveStream.apply(session.id, d);
        const { system, context } = turnContext;
        const atStepBoundary = (): void => editor?.flush();
        const reason = await runTurn(session, text, { provider, tools: tools.registry, maxSteps: settings.maxSteps, signal: abort.signal, onDelta, system, context, atStepBoundary });
        this.options.log.info(`turn ${run.turn} of ${session.id} ended: ${reason.kind}${'message' in reason && reason.message ? ` (${reason.message})` : ''}`);
        return reason;
      } catch (error) {
        // Only a broken append (disk full, invariant bug) lands here: the log holds what it could.
        this.options.log.error(`turn ${run.turn} of ${session.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        throw error;
      } finally {
        tools.owned.dispose();
        this.planEditing.turnEnded(editor);
        if (this.running === run) this.running = null;
        this.liveStream.clear();
        this.runEmitter.fire(this.runView);
      }
    })();
    return run.done;
  }

  /** Compact Conversation, between turns: false when there was nothing to summarize yet. */
  async compact(): Promise<boolean> {
    if (this.running || this.starting) throw new TurnRefusedError(vscode.l10n.t('A turn is already running; stop it first.'));
    const abort = (this.compacting = new AbortController());
    this.starting = true;
    try {
      const { settings, providers, workspaceFolder: folder } = this.options;
      return await compactOnDemand(this.opened, { settings: settings(), providers, folder, plan: this.standingPlan, signal: abort.signal });
    } finally {
      this.starting = false;
      this.compacting = null;
    }
  }

  /** The header's context meter (`31k / 128k`) and the rules file the model is told, as of the latest turn. */
  get contextView(): ContextView {
    return contextViewOf(this.opened?.session ?? null, this.standingPlan, this.told.window || this.options.settings().contextWindow, this.told.rules, this.told.request);
  }

  /** Stops the running turn (it ends `aborted`; pending approvals are withdrawn); resolves when it has. */
  async stop(): Promise<void> {
    this.compacting?.abort();
    const run = this.running;
    if (!run) return;
    if (!run.stopping) {
      run.stopping = true;
      run.abort.abort();
      this.runEmitter.fire(this.runView);
    }
    await run.done.catch(() => undefined);
  }

  /** Closes the current session; the next prompt starts a new one. */
  async newSession(): Promise<void> {
    await this.stop();
    this.options.providers.reset();
    this.show(null);
  }

  private newApprovals(): Approvals {
    return new Approvals({ gate: this.options.approvalGate, autoApprove: () => this.options.settings().autoApprove });
  }

  private showResult(result: ReturnType<typeof openLatestSession>): void {
    for (const line of result.messages) this.options.log.info(line);
    if (result.error) this.options.log.error(result.error);
    this.show(result.opened);
  }

  /** Shows `opened` (or nothing) with fresh folds; approvals and children last while the session id does. */
  private show(opened: OpenedSession | null): void {
    const previous = this.shown;
    previous?.dispose();
    if (previous && previous.opened !== opened) previous.opened.dispose();
    if (previous?.opened.session.id !== opened?.session.id) {
      this.approvals = this.newApprovals();
      this.children.forget();
    }
    this.liveStream.clear();
    this.shown = opened
      ? new ShownSession(opened, {
          plan: (plan) => this.planEmitter.fire(plan),
          timeline: (timeline) => this.timelineEmitter.fire(timeline),
          ledger: (ledger) => this.ledgerEmitter.fire(ledger),
          items: (items) => this.itemsEmitter.fire(items),
          event: (event) => {
            if (event.type === 'assistant/message' || event.type === 'step/end') this.liveStream.clear();
          },
        })
      : null;
    this.planEditing.show(this.shown);
    this.sessionEmitter.fire();
    this.planEmitter.fire(this.standingPlan);
    this.timelineEmitter.fire(this.planTimeline);
    this.ledgerEmitter.fire(this.planLedger);
  }

  /** The shown session is one our agent may continue (its own kind, in its own folder). */
  private isShowingOwnSession(): boolean {
    const opened = this.opened;
    if (!opened) return false;
    return this.shownFolder === this.folders[0] && (opened.session.header.source === undefined || opened.session.header.source.kind === 'agent');
  }

  private followReadOnly(): void {
    const current = this.opened;
    if (!current?.readOnly || this.disposed) return;
    try {
      // Only when the file no longer continues what was read (the follower tails it otherwise).
      this.options.log.info(`reloading ${current.path}: it no longer continues what this window read`);
      this.show(openSessionReadOnly(this.shownFolder.store, current.session.id, () => this.followReadOnly()));
    } catch (error) {
      this.options.log.warn(`could not follow ${current.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  override dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.planEditing.close(); // edits still queued are refused; later ones too
    this.externalSubscription?.dispose();
    const run = this.running;
    const close = (): void => {
      this.shown?.dispose();
      this.shown?.opened.dispose();
      this.shown = null;
      super.dispose(); // the children, the emitters and the live stream
    };
    // A running turn records its own end (aborted) before the log is closed; a compaction appends nothing once stopped.
    for (const controller of [run?.abort, this.compacting]) controller?.abort();
    if (run) void run.done.catch(() => undefined).finally(close);
    else close();
  }
}
