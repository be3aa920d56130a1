// The workspace's agent session as the extension holds it: the session shown (its log open for writing, or read-only
// when another window or program writes it) with the live folds of its plan, ledger and transcript, and the events the
// surfaces follow; none of them keeps a plan of its own. Its parts: SessionSwitcher (which session shows, from which
// folder, whether it is ours), TurnRunner (turns and compactions, one at a time), ShownPlanEditing (the user's plan
// edits), ChildSessions (subagent sessions), ShownApprovals (the shown session's approvals and their log); the first
// three are public, and surfaces call them directly. show() is the one place a session becomes shown: fresh folds;
// approvals and children reset when the session id changes. While a large pick opens, its preview (session-preview.ts)
// shows with no session open: no prompt or edit lands.
import * as vscode from 'vscode';
import { Owner } from '../../core/disposable';
import { planLedgerProjection, type PlanLedger } from '../../core/plan/plan-ledger';
import type { PlanState, StandingPlan } from '../../core/plan/todos-projection';
import { taskMetaProjection, type TaskMetaByContent } from '../../core/plan/task-files/task-meta-fold';
import type { RunView, SessionListItem, SessionView, StreamView } from '../../core/protocol/messages';
import type { TranscriptItem } from '../../core/protocol/transcript';
import type { TurnEndReason } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import { recordsToolCalls } from '../../core/session/source';
import { ChildSessions } from '../session/child-sessions';
import type { OpenedSession } from '../session/opened-session';
import { ShownPlanEditing } from '../session/session-plan-editor';
import { SessionSwitcher, type SessionSwitcherOptions } from '../session/session-switcher';
import { readTranscriptPage, ShownSession, type TranscriptPage } from '../session/shown-session';
import type { ChangedFile } from '../../core/protocol/item-evidence-view';
import { TurnRunner, type TurnRunnerOptions, type TurnStart } from '../turn/turn-runner';
import { TurnRefusedError } from '../session/turn-refused';
import type { SessionPreview } from '../session/session-preview';
import { agentFileOf, exportSessionMarkdown, sessionViewOf } from '../session/session-view';
import { ShownApprovals } from '../session/shown-approvals';
import { ShownChecks } from '../turn/shown-checks';

export type SessionControllerOptions = TurnRunnerOptions & SessionSwitcherOptions;

export class SessionController extends Owner implements vscode.Disposable {
  private shown: ShownSession | null = null;
  private previewing: SessionPreview | null = null;
  private disposed = false;
  private readonly approvals: ShownApprovals;
  private readonly sessionEmitter = this.register(new vscode.EventEmitter<void>());
  private readonly planEmitter = this.register(new vscode.EventEmitter<StandingPlan>());
  private readonly ledgerEmitter = this.register(new vscode.EventEmitter<PlanLedger>());
  private readonly itemsEmitter = this.register(new vscode.EventEmitter<TranscriptItem[]>());
  /** The user's edits of the shown session's plan (Plan tree, strip, plan file): refused unless it is ours to write. */
  readonly planEditing: ShownPlanEditing;
  /** Which session shows (reopen the latest, a pick); a prompt or compaction goes through sendPrompt/compact. */
  readonly switcher: SessionSwitcher;
  /** The turns run here: their run view, stream, context meter, Stop, the ACP agents. */
  readonly turns: TurnRunner;
  readonly children: ChildSessions;
  /** The items' checks of the shown session this window writes (issue 52). */
  readonly checks: ShownChecks;

  /** Another session is shown (opened, created, reloaded): surfaces redraw from scratch. */
  readonly onDidChangeSession = this.sessionEmitter.event;
  readonly onDidChangePlan = this.planEmitter.event;
  /** The plan's ledger changed (who added each item, its start and end; the turn's end; subagents; dropped items). */
  readonly onDidChangeLedger = this.ledgerEmitter.event;
  /** Transcript items created or changed by appends to the open session. */
  readonly onDidChangeItems = this.itemsEmitter.event;
  /** A plan written outside this window, or a new log: the list may have a new or newer entry (followed or not). */
  readonly onDidChangeSessionList: vscode.Event<void>;
  readonly onDidChangeRun: vscode.Event<RunView>;
  readonly onDidStream: vscode.Event<StreamView | null>;

  constructor(private readonly options: SessionControllerOptions) {
    super();
    this.children = this.register(new ChildSessions(options.store, options.log, options.externalWrites));
    this.planEditing = new ShownPlanEditing(
      () => ({ allowParallelInProgress: options.settings().allowParallelInProgress }),
      options.log,
    );
    this.approvals = new ShownApprovals(options.approvalGate, () => options.settings().autoApprove);
    this.checks = this.register(new ShownChecks(options));
    this.switcher = this.register(
      new SessionSwitcher(options, {
        opened: () => this.opened,
        // While an ACP agent runs here, its transcript (followAgents reads it too) must not pull the view away from it.
        busy: () => this.turns.busy || this.turns.runsAgents,
        stop: () => this.turns.stop(),
        show: (opened) => this.show(opened),
        preview: (preview) => this.show(null, preview),
        endPreview: (preview) => this.previewing === preview && this.show(null),
      }),
    );
    this.turns = this.register(
      new TurnRunner(
        options,
        {
          opened: () => this.opened,
          showingOwnSession: () => this.switcher.isShowingOwnSession(),
          standingPlan: () => this.standingPlan,
          planState: () => this.planState,
          approvals: () => this.approvals.approvals,
          approvalLog: () => this.approvals.log,
          showWritten: (opened) => this.switcher.showWritten(opened),
          checks: (session) => this.checks.of(session),
        },
        this.planEditing,
        this.children,
      ),
    );
    this.onDidChangeSessionList = this.switcher.onDidChangeList;
    this.onDidChangeRun = this.turns.onDidChangeRun;
    this.onDidStream = this.turns.liveStream.onDidChange;
  }

  /** The session list: this window's folders' sessions, newest first (subagents' left out), with who writes each. */
  sessionList(): SessionListItem[] {
    return this.switcher.sessionList(this.previewing?.id);
  }

  private get opened(): OpenedSession | null {
    return this.shown?.opened ?? null;
  }

  get standingPlan(): StandingPlan {
    return this.shown?.standingPlan ?? this.previewing?.plan ?? null;
  }

  /** The shown session's plan with who wrote it and its plan-first review. */
  get planState(): PlanState | null {
    return this.shown?.planState ?? null;
  }

  get planLedger(): PlanLedger {
    return this.shown?.planLedger ?? planLedgerProjection.init;
  }

  /** What the plan file last said of each shown item (its task ids and dependencies). */
  get tasks(): TaskMetaByContent {
    return this.shown?.tasks ?? taskMetaProjection.init;
  }

  /** The files shown item `content` changed (core/checkpoints/item-files.ts); null: unknown, undefined: being read. */
  evidenceFiles(content: string): ChangedFile[] | null | undefined {
    return this.shown?.evidenceFiles(content) ?? null;
  }

  /** The shown log records its agent's tool calls, so its items have evidence and flags (core/session/source.ts). */
  get recordsToolCalls(): boolean {
    return this.opened !== null && recordsToolCalls(this.opened.session.header.source);
  }

  get session(): Session | null {
    return this.opened?.session ?? null;
  }

  get sessionView(): SessionView | null {
    return sessionViewOf(this.opened, this.switcher.shownWriter(), this.previewing);
  }

  /** The other agent's own session file the shown session was made from (import, followAgents), if it was. */
  shownAgentFile(): string | undefined {
    return agentFileOf(this.opened);
  }

  /** The log file, once the session has one (a new session writes it on its first append). */
  get logPath(): string | null {
    return this.opened?.session.lastSeq ? this.opened.path : null;
  }

  /** The plan and its history as Markdown (Export Plan); null without a session. */
  async exportMarkdown(): Promise<string | null> {
    const opened = this.opened;
    return opened ? exportSessionMarkdown(opened, this.options.checkpointsBase) : null;
  }

  /** The transcript's last page (before byte `cursor`, default the end), read from the log. */
  page(cursor?: number): TranscriptPage {
    const file = this.logPath ?? this.previewing?.path;
    return file ? readTranscriptPage(file, cursor) : { items: [], cursor: null };
  }

  /** Runs one turn; resolves with how it ended (undefined if it could not be recorded). */
  sendPrompt(prompt: string, start?: TurnStart): Promise<TurnEndReason | undefined> {
    if (this.previewing) return Promise.reject(stillOpening());
    this.switcher.keepShown(); // sent to the session shown now: a pick still loading must not replace it under the turn
    return this.turns.sendPrompt(prompt, start);
  }

  /** Compact Conversation, between turns: false when there was nothing to summarize yet. */
  compact(): Promise<boolean> {
    if (this.previewing) return Promise.reject(stillOpening());
    this.switcher.keepShown();
    return this.turns.compact();
  }

  /** Closes the session once its turn stopped (unless another was chosen meanwhile); the next prompt starts anew. */
  newSession(): Promise<void> {
    return this.switcher.showNone(() => this.options.providers.reset());
  }

  /** Shows `opened` (or nothing, or `preview`) with fresh folds; approvals and children last while its id does. */
  private show(opened: OpenedSession | null, preview: SessionPreview | null = null): void {
    this.previewing = preview;
    const previous = this.shown;
    previous?.dispose();
    if (previous && previous.opened !== opened) previous.opened.dispose();
    if (previous?.opened.session.id !== opened?.session.id) {
      this.approvals.forget();
      this.children.forget();
      this.turns.showing(opened?.session.id); // an ACP agent lasts while its session is shown
    }
    this.approvals.show(opened);
    this.children.showFolderOf(opened?.path ?? null); // a CLI run's subagents are beside its log
    const liveStream = this.turns.liveStream;
    liveStream.clear();
    this.shown = opened
      ? new ShownSession(
          opened,
          {
            plan: (plan) => this.planEmitter.fire(plan),
            ledger: (ledger) => this.ledgerEmitter.fire(ledger),
            items: (items) => this.itemsEmitter.fire(items),
            event: (event) => (event.type === 'assistant/message' || event.type === 'step/end') && liveStream.clear(),
          },
          this.options.checkpointsBase,
        )
      : null;
    this.planEditing.show(this.shown);
    this.checks.show(opened);
    this.sessionEmitter.fire();
    this.planEmitter.fire(this.standingPlan);
    this.ledgerEmitter.fire(this.planLedger);
  }

  override dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.planEditing.close(); // edits still queued are refused; later ones too
    this.switcher.dispose(); // external writes are no longer followed
    const close = (): void => {
      this.shown?.dispose();
      this.shown?.opened.dispose();
      this.shown = null;
      super.dispose(); // the turn runner, the children and the emitters
    };
    // A running turn records its own end (aborted), and the ACP agents end, before the log is closed.
    const waits = [this.turns.shutDown(), this.turns.closeAgents()].filter((w): w is Promise<void> => w !== null);
    if (waits.length > 0) void Promise.allSettled(waits).then(close);
    else close();
  }
}

const stillOpening = (): TurnRefusedError =>
  new TurnRefusedError(vscode.l10n.t('This session is still opening; try again once it shows.'));
