// The workspace's agent session as the extension holds it: which log is open (for
// writing, or read-only when another window holds its lock), the live fold of its
// standing plan, its transcript items, and the turn that is running. Surfaces
// subscribe to its events; none of them keeps a plan of its own.
import type * as vscode from 'vscode';
import { EventEmitter } from 'vscode';
import { runTurn, type LiveDelta } from '../core/agent/loop';
import { buildToolRegistry, DEFAULT_TOOLS } from '../core/agent/tool-set';
import type { StandingPlan } from '../core/plan/todos-projection';
import { todosProjection } from '../core/plan/todos-projection';
import { LiveProjection } from '../core/projection/projection';
import type { RunView, SessionView, StreamView } from '../core/protocol/messages';
import { TranscriptFolder, transcriptFromEvents, type TranscriptItem } from '../core/protocol/transcript';
import type { TurnEndReason } from '../core/session/events';
import type { Session } from '../core/session/session';
import type { SessionStore } from '../core/store/session-store';
import { readTailPage } from '../core/store/tail-reader';
import { openLatestSession, openSessionReadOnly, type OpenedSession } from './opened-session';
import type { ProviderSource } from './provider-source';
import type { AgentSettings } from './settings';

export const PAGE_EVENTS = 200;

/** A turn cannot start; the message is for the user. */
export class TurnRefusedError extends Error {
  override name = 'TurnRefusedError';
}

export interface SessionControllerOptions {
  store: SessionStore;
  providers: ProviderSource;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  cwd: string | undefined;
}

interface RunningTurn {
  turn: number;
  abort: AbortController;
  stopping: boolean;
  done: Promise<TurnEndReason | undefined>;
}

export class SessionController implements vscode.Disposable {
  private opened: OpenedSession | null = null;
  private plan: LiveProjection<StandingPlan> | null = null;
  private folder = new TranscriptFolder();
  private sessionSubscription: vscode.Disposable | null = null;
  private running: RunningTurn | null = null;
  /** A turn is being set up (its provider is being selected). */
  private starting = false;
  private streamState: StreamView | null = null;
  private disposed = false;

  private readonly sessionEmitter = new EventEmitter<void>();
  private readonly planEmitter = new EventEmitter<StandingPlan>();
  private readonly itemsEmitter = new EventEmitter<TranscriptItem[]>();
  private readonly runEmitter = new EventEmitter<RunView>();
  private readonly streamEmitter = new EventEmitter<StreamView | null>();
  /** Another session is shown (opened, created, reloaded): surfaces redraw from scratch. */
  readonly onDidChangeSession = this.sessionEmitter.event;
  readonly onDidChangePlan = this.planEmitter.event;
  /** Transcript items created or changed by appends to the open session. */
  readonly onDidChangeItems = this.itemsEmitter.event;
  readonly onDidChangeRun = this.runEmitter.event;
  readonly onDidStream = this.streamEmitter.event;

  constructor(private readonly options: SessionControllerOptions) {}

  /** Reopens the workspace's latest session (read-only if another window writes it). */
  openLatest(): void {
    const result = openLatestSession(this.options.store, () => this.followReadOnly());
    for (const line of result.messages) this.options.log.info(line);
    if (result.error) this.options.log.error(result.error);
    this.show(result.opened);
  }

  get standingPlan(): StandingPlan {
    return this.plan?.state ?? null;
  }

  get session(): Session | null {
    return this.opened?.session ?? null;
  }

  get sessionView(): SessionView | null {
    if (!this.opened) return null;
    return { id: this.opened.session.id, title: this.opened.session.header.title ?? null, readOnly: this.opened.readOnly };
  }

  /** The log file, once the session has one (a new session writes it on its first append). */
  get logPath(): string | null {
    return this.opened?.session.lastSeq ? this.opened.path : null;
  }

  get runView(): RunView {
    return this.running ? { state: 'running', turn: this.running.turn, stopping: this.running.stopping } : { state: 'idle' };
  }

  get stream(): StreamView | null {
    return this.streamState;
  }

  /** The transcript's last page, read from the log's end. */
  tailPage(): { items: TranscriptItem[]; cursor: number | null } {
    const file = this.logPath;
    if (!file) return { items: [], cursor: null };
    const page = readTailPage(file, PAGE_EVENTS);
    return { items: transcriptFromEvents(page.events), cursor: page.cursor };
  }

  olderPage(cursor: number): { items: TranscriptItem[]; cursor: number | null } {
    const file = this.logPath;
    if (!file) return { items: [], cursor: null };
    const page = readTailPage(file, PAGE_EVENTS, cursor);
    return { items: transcriptFromEvents(page.events), cursor: page.cursor };
  }

  /** Runs one turn; resolves with how it ended (undefined if it could not be recorded). */
  async sendPrompt(prompt: string): Promise<TurnEndReason | undefined> {
    if (this.disposed) throw new TurnRefusedError('Agent Checklist is shutting down');
    if (this.running || this.starting) throw new TurnRefusedError('a turn is already running; stop it first');
    const text = prompt.trim();
    if (!text) throw new TurnRefusedError('the prompt is empty');
    const settings = this.options.settings();
    this.starting = true;
    let provider;
    try {
      provider = await this.options.providers.create(settings);
    } finally {
      this.starting = false;
    }
    if (this.disposed) throw new TurnRefusedError('Agent Checklist is shutting down');
    const session = this.writableSession(text);
    const tools = buildToolRegistry({ tools: DEFAULT_TOOLS, allowParallelInProgress: settings.allowParallelInProgress });
    const abort = new AbortController();
    const run: RunningTurn = { turn: session.lastTurn + 1, abort, stopping: false, done: Promise.resolve(undefined) };
    // Running before the turn starts: its first appends (and a failure before any
    // await) already see it, and its end always clears it.
    this.running = run;
    this.runEmitter.fire(this.runView);
    run.done = (async () => {
      try {
        const reason = await runTurn(session, text, { provider, tools: tools.registry, maxSteps: settings.maxSteps, signal: abort.signal, onDelta: (d) => this.onDelta(d) });
        this.options.log.info(`turn ${run.turn} of ${session.id} ended: ${reason.kind}${'message' in reason && reason.message ? ` (${reason.message})` : ''}`);
        return reason;
      } catch (error) {
        // Only a broken append (disk full, invariant bug) lands here: the log holds what it could.
        this.options.log.error(`turn ${run.turn} of ${session.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        throw error;
      } finally {
        tools.owned.dispose();
        if (this.running === run) this.running = null;
        this.setStream(null);
        this.runEmitter.fire(this.runView);
      }
    })();
    return run.done;
  }

  /** Stops the running turn (it ends `aborted`); resolves when it has. */
  async stop(): Promise<void> {
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

  private writableSession(prompt: string): Session {
    if (this.opened && !this.opened.readOnly) return this.opened.session;
    if (this.opened?.readOnly) {
      // The other window may have let go of it since: take it over if so.
      const upgraded = openLatestSession(this.options.store, () => undefined, this.opened.session.id);
      if (upgraded.opened && !upgraded.opened.readOnly) {
        this.show(upgraded.opened);
        return upgraded.opened.session;
      }
      upgraded.opened?.dispose();
      throw new TurnRefusedError('this session is open for writing in another window; use "New Session" to start one here');
    }
    const created = this.options.store.create({ title: prompt.replace(/\s+/g, ' ').slice(0, 80), ...(this.options.cwd ? { cwd: this.options.cwd } : {}) });
    this.options.log.info(`new session ${created.session.id} (${created.path})`);
    const opened: OpenedSession = { session: created.session, path: created.path, readOnly: false, dispose: () => created.dispose() };
    this.show(opened);
    return opened.session;
  }

  /** Shows `opened` (or nothing): rewires the plan fold and the transcript folder. */
  private show(opened: OpenedSession | null): void {
    this.sessionSubscription?.dispose();
    this.plan?.dispose();
    if (this.opened && this.opened !== opened) this.opened.dispose();
    this.opened = opened;
    this.folder = new TranscriptFolder();
    this.plan = null;
    this.sessionSubscription = null;
    this.setStream(null);
    if (opened) {
      const session = opened.session;
      this.plan = new LiveProjection(todosProjection, session);
      this.plan.onChange((state) => this.planEmitter.fire(state));
      for (const event of session.events) this.folder.apply(event); // knows the open turn's calls
      this.sessionSubscription = session.subscribe((event) => {
        const items = this.folder.apply(event);
        if (event.type === 'assistant/message' || event.type === 'step/end') this.setStream(null);
        if (items.length) this.itemsEmitter.fire(items);
      });
    }
    this.sessionEmitter.fire();
    this.planEmitter.fire(this.standingPlan);
  }

  private followReadOnly(): void {
    const current = this.opened;
    if (!current?.readOnly || this.disposed) return;
    try {
      const reloaded = openSessionReadOnly(this.options.store, current.session.id, () => this.followReadOnly());
      if (reloaded.session.lastSeq !== current.session.lastSeq) this.show(reloaded);
      else reloaded.dispose();
    } catch (error) {
      this.options.log.warn(`could not follow ${current.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private onDelta(delta: LiveDelta): void {
    const prev = this.streamState;
    const same = prev && prev.turn === delta.turn && prev.step === delta.step;
    if (delta.kind === 'reset') {
      const seconds = Math.max(1, Math.round(delta.delayMs / 1000));
      this.setStream({ turn: delta.turn, step: delta.step, text: '', reasoning: '', retry: `${delta.message} — retrying in ${seconds}s (attempt ${delta.attempt + 1})` });
      return;
    }
    const base: StreamView = same ? prev : { turn: delta.turn, step: delta.step, text: '', reasoning: '', retry: null };
    this.setStream(delta.kind === 'text' ? { ...base, text: base.text + delta.text, retry: null } : { ...base, reasoning: base.reasoning + delta.text, retry: null });
  }

  private setStream(stream: StreamView | null): void {
    if (stream === null && this.streamState === null) return;
    this.streamState = stream;
    this.streamEmitter.fire(stream);
  }

  /** Waits for a running turn to end; used before closing the log at shutdown. */
  async drain(): Promise<void> {
    await this.running?.done.catch(() => undefined);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const run = this.running;
    const close = (): void => {
      this.sessionSubscription?.dispose();
      this.plan?.dispose();
      this.opened?.dispose();
      this.opened = null;
      for (const emitter of [this.sessionEmitter, this.planEmitter, this.itemsEmitter, this.runEmitter, this.streamEmitter]) emitter.dispose();
    };
    if (run) {
      // The turn records its own end (aborted) before the log is closed.
      run.abort.abort();
      void run.done.catch(() => undefined).finally(close);
    } else {
      close();
    }
  }
}
