// The turns of the shown session, as the session controller runs them: at most one
// at a time (a turn, its set-up while a provider is selected, or an on-demand
// compaction), its run state for the surfaces (idle / running / stopping), the text
// streaming in for its open step, and what the latest turn told the model (the
// context meter). It never chooses which session is shown: it asks its host for the
// shown session and hands it the session a prompt writes (a new one of ours when the
// shown one is not ours to continue).
// Our agent's turn is set up in agent-turn.ts (a lazy module, imported at the first
// prompt or compaction), an ACP agent's by AcpAgentSessions.
import * as vscode from 'vscode';
import { EventEmitter } from 'vscode';
import { RequestEstimate } from '../../core/agent/request-estimate';
import { Owner } from '../../core/disposable';
import type { ContextView, RunAllView, RunView, StreamView } from '../../core/protocol/messages';
import type { TurnEndReason } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import type { ChildSessions } from '../session/child-sessions';
import { LiveStream } from './live-stream';
import type { ShownPlanEditing } from '../session/session-plan-editor';
import { contextViewOf, type ToldModel } from './turn-context';
import { TurnRefusedError } from '../session/turn-refused';
import { chosenAcpAgent } from '../acp-agents/acp-agent-choice';
import { AcpAgentSessions } from '../acp-agents/acp-agent-sessions';
import type { TurnBody, TurnHost, TurnRunnerOptions, TurnStart } from './turn-host';

export type { TurnHost, TurnRunnerOptions, TurnStart } from './turn-host';

type RunningTurn = {
  turn: number;
  abort: AbortController;
  stopping: boolean;
  done: Promise<TurnEndReason | undefined>;
};

export class TurnRunner extends Owner {
  private running: RunningTurn | null = null;
  /** A turn is being set up (its provider is being selected), or a compaction (`compacting`) runs. */
  private starting = false;
  private runAllView: RunAllView | undefined;
  private compacting: AbortController | null = null;
  private closed = false;
  /** The meter's estimate of the next request, kept as the shown session's log grows. */
  private readonly estimate = new RequestEstimate();
  // the latest turn's rules file, window, system prompt and tool schemas
  private told: ToldModel = { rules: null, window: 0, request: null };
  /** The open step's streaming text; the controller clears it when the shown session changes or the step is logged. */
  readonly liveStream = this.register(new LiveStream());
  private readonly runEmitter = this.register(new EventEmitter<RunView>());
  /** The ACP agents of this window's sessions. */
  private readonly acp: AcpAgentSessions;
  readonly onDidChangeRun = this.runEmitter.event;

  constructor(
    private readonly options: TurnRunnerOptions,
    private readonly host: TurnHost,
    private readonly planEditing: ShownPlanEditing,
    private readonly children: ChildSessions,
  ) {
    super();
    this.acp = new AcpAgentSessions({
      store: options.store,
      log: options.log,
      approvalGate: options.approvalGate,
      planReview: options.planReview,
      clientVersion: options.clientVersion,
      // Only the shown session's agent runs; a late delta of one just closed is not shown.
      onDelta: (delta) => {
        if (this.host.opened()?.session.id === delta.sessionId) this.liveStream.apply(delta.sessionId, delta);
      },
    });
  }

  /** The shown session changed: the ACP agents of the others end. */
  showing(sessionId: string | undefined): void {
    this.acp.closeOthers(sessionId);
  }

  /** An ACP agent runs for the shown session. */
  get runsAgents(): boolean {
    return this.acp.running;
  }

  /**
   * Ends every ACP agent (window closing, deactivation); resolves once their processes are gone; null when none runs.
   */
  closeAgents(): Promise<void> | null {
    return this.acp.running ? this.acp.closeAll() : null;
  }

  /** A turn runs or is being set up, or a compaction runs: nothing else may start. */
  get busy(): boolean {
    return this.running !== null || this.starting;
  }

  get runView(): RunView {
    if (!this.running) return { state: 'idle' };
    const { turn, stopping } = this.running;
    return { state: 'running', turn, stopping, ...(this.runAllView && { runAll: this.runAllView }) };
  }

  /** Run All Items' place, shown with its running turn (Run All sets it before each item, clears it at the end). */
  showRunAll(view: RunAllView | undefined): void {
    this.runAllView = view;
    if (this.running) this.runEmitter.fire(this.runView);
  }

  get stream(): StreamView | null {
    return this.liveStream.current;
  }

  /** Runs one turn; resolves with how it ended (undefined if it could not be recorded). */
  async sendPrompt(prompt: string, start: TurnStart = {}): Promise<TurnEndReason | undefined> {
    const shuttingDown = (): TurnRefusedError =>
      new TurnRefusedError(vscode.l10n.t('Agent Checklist is shutting down.'));
    if (this.closed) throw shuttingDown();
    if (this.busy) throw new TurnRefusedError(vscode.l10n.t('A turn is already running; stop it first.'));
    const text = prompt.trim();
    if (!text) throw new TurnRefusedError(vscode.l10n.t('The prompt is empty.'));
    const settings = this.options.settings();
    const acpAgent = start.agent === undefined ? chosenAcpAgent(settings) : start.agent;
    if (acpAgent !== null) {
      const acpDeps = { options: this.options, host: this.host, acp: this.acp, closed: () => this.closed };
      // An ACP agent's turn (acp-turn.ts) loads at the first one; no other prompt starts while it does.
      this.starting = true;
      const { acpTurn } = await import('./acp-turn').finally(() => (this.starting = false));
      const acp = await acpTurn(acpDeps, { agentId: acpAgent, text, settings, start }, (on) => (this.starting = on));
      return this.runOn(acp.session, acp.body);
    }
    this.starting = true;
    let turns, prepared;
    try {
      turns = await import('./agent-turn');
      prepared = await turns.prepareAgentTurn(settings, this.options);
    } finally {
      this.starting = false;
    }
    if (this.closed) throw shuttingDown();
    const deps = { options: this.options, host: this.host, children: this.children, liveStream: this.liveStream };
    const { session, told, body } = turns.agentTurn(deps, prepared, text, start.seed);
    this.told = told;
    return this.runOn(session, body);
  }

  /** Runs one turn of `session` (ours or an ACP agent's) with the run state the surfaces show. */
  private runOn(session: Session, body: TurnBody): Promise<TurnEndReason | undefined> {
    // The session's own editor (showing it for writing made one).
    const editor = this.planEditing.editorOf(session);
    const abort = new AbortController();
    const run: RunningTurn = { turn: session.lastTurn + 1, abort, stopping: false, done: Promise.resolve(undefined) };
    // Running before the turn starts: its first appends (and a failure before any
    // await) already see it, and its end always clears it.
    this.running = run;
    this.runEmitter.fire(this.runView);
    run.done = (async () => {
      try {
        const reason = await body.turn(abort.signal, editor);
        this.options.log.info(
          `turn ${run.turn} of ${session.id} ended: ${reason.kind}` +
            `${'message' in reason && reason.message ? ` (${reason.message})` : ''}`,
        );
        return reason;
      } catch (error) {
        // Only a broken append (disk full, invariant bug) lands here: the log holds what it could.
        this.options.log.error(
          `turn ${run.turn} of ${session.id} failed: ` +
            `${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        throw error;
      } finally {
        body.ended();
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
    if (this.busy) throw new TurnRefusedError(vscode.l10n.t('A turn is already running; stop it first.'));
    const abort = (this.compacting = new AbortController());
    this.starting = true;
    try {
      const { settings, providers, workspaceFolder: folder } = this.options;
      const { compactOnDemand } = await import('./agent-turn');
      return await compactOnDemand(this.host.opened(), {
        settings: settings(),
        providers,
        folder,
        plan: this.host.standingPlan(),
        signal: abort.signal,
      });
    } finally {
      this.starting = false;
      this.compacting = null;
    }
  }

  /** The header's context meter (`31k / 128k`) and the rules file the model is told, as of the latest turn. */
  get contextView(): ContextView {
    const window = this.told.window || this.options.settings().contextWindow;
    return contextViewOf(
      this.host.opened()?.session ?? null,
      this.host.standingPlan(),
      window,
      this.told.rules,
      this.told.request,
      this.estimate,
    );
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

  /**
   * The controller shuts down: no turn starts any more, the running turn and a
   * compaction are aborted. Returns when the running turn has recorded its end
   * (aborted), so its log is closed only after that; null when none runs.
   */
  shutDown(): Promise<void> | null {
    this.closed = true;
    const run = this.running;
    // a compaction appends nothing once stopped
    for (const controller of [run?.abort, this.compacting]) controller?.abort();
    return run
      ? run.done.then(
          () => undefined,
          () => undefined,
        )
      : null;
  }

  // dispose() (Owner) disposes the run emitter and the live stream; call shutDown() first.
}
