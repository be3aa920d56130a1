// One session with an ACP agent, on one of our logs: the agent is started and
// initialized (acp-agent-process.ts, with the SDK), the log is created with the
// agent's own name as its source (`{ kind: "acp", name, version, title }` from
// agentInfo), `session/new {cwd}` opens the agent's session, and each prompt is one
// turn on the log (acp-turn-log.ts). Each `session/new` is recorded (`acp/session`); a
// log reopened after its agent ended is continued with `session/load` of that session
// when the agent offers `loadSession` (the history the agent replays is not logged
// again: it is there already), else with a new session told our summary of the log.
// The agent's permission requests go through our approvals (acp-permissions.ts) and
// every decision is logged. What the agent was not told yet opens the next prompt
// (acp-prompt-notes.ts). Given `tools`, the agent may read and write the workspace and
// run commands through us (acp-client-tools.ts). Given `planReview`, the agent's own
// plan mode is plan first: its request to leave it proposes the plan (acp-plan-mode.ts).
//
// Stop (acp-prompt-stop.ts) sends `session/cancel`, answers a pending permission request `cancelled`,
// and ends the turn `aborted` when the agent answers, or after 2 s if it does not.
// An agent that cannot start, does not answer initialize (30 s, or `initializeLimit`) or exits ends the
// turn `error` with the tail of its stderr; such a session keeps its log and ends
// every later prompt the same way. `close()` ends the agent's terminals and its process group.
// Loaded lazily, as its own bundle (dist/acp-client.js): `await import('./acp-agent-session')`
// where a session starts (the SDK and all of this only for users of ACP agents).
import type { RequestPermissionRequest, RequestPermissionResponse, SessionUpdate } from '@agentclientprotocol/sdk';
import type { TurnEndReason } from '../session/events';
import type { SessionSource } from '../session/source';
import type { WritableSession } from '../store/session-store';
import { startAcpAgent, type AcpAgentProcess, type AcpClientHandlers } from './acp-agent-process';
import { AcpClientTools } from './acp-client-tools';
import { acpPermissionResponse } from './acp-permission-answer';
import { AcpPermissions } from './acp-permissions';
import { AcpPlanMode } from './acp-plan-mode';
import { AcpPromptNotes } from './acp-prompt-notes';
import { AcpTurnLog } from './acp-turn-log';
import { promptUntilStopped } from './acp-prompt-stop';
import type { AcpSessionOptions } from './acp-session-options';

export type { AcpSessionOptions } from './acp-session-options';
import { AcpCheckpoints, CHANGING_KINDS } from './acp-checkpoints';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class AcpAgentSession {
  private agent: AcpAgentProcess | null = null;
  private acpSessionId: string | null = null;
  /** Why no prompt can run: the agent failed to start or has exited. */
  private failure: string | null = null;
  private turn: { log: AcpTurnLog; signal: AbortSignal } | null = null;
  private running: Promise<TurnEndReason> | null = null;
  /** Aborted by close(): a running turn stops as on Stop. */
  private readonly closing = new AbortController();
  private readonly notes: AcpPromptNotes;
  private planMode: AcpPlanMode | null = null;
  /** session/load is running: the updates are the agent's replay of its history. */
  private loading = false;
  /** The agent's earlier session was loaded (not a new one). */
  private loaded = false;
  private readonly permissions: AcpPermissions;
  private opened!: WritableSession;
  private turnLog!: AcpTurnLog;
  private tools: AcpClientTools | null = null;
  private checkpoints: AcpCheckpoints | null = null;

  private constructor(private readonly options: AcpSessionOptions) {
    this.notes = new AcpPromptNotes(options.resume?.note ?? null);
    this.permissions = new AcpPermissions(options.approvals, (callId, record) =>
      this.turn?.log.decided(callId, record),
    );
  }

  /**
   * Starts the agent and opens the log; an agent that fails leaves
   * a log whose prompts end `error` (never throws for the agent).
   */
  static async open(options: AcpSessionOptions): Promise<AcpAgentSession> {
    const session = new AcpAgentSession(options);
    const { launch } = options;
    const state = {
      cwd: options.cwd,
      env: options.env,
      approvals: session.permissions.approvals,
      acpSessionId: () => session.acpSessionId,
      turn: () => session.turn,
      logSessionId: () => session.opened.session.id,
      beforeChange: async () => session.checkpoints?.beforeChange(),
    };
    session.tools = options.tools === undefined ? null : new AcpClientTools(options.tools, state);
    const handlers: AcpClientHandlers = {
      update: (id, update) => session.onUpdate(id, update),
      requestPermission: (params, signal) => session.onPermission(params, signal),
      ...(session.tools === null ? {} : { services: session.tools }),
    };
    let source: SessionSource = { kind: 'acp', name: launch.id, version: 'unknown', title: launch.title };
    try {
      const agent = await startAcpAgent(launch, {
        cwd: options.cwd,
        env: options.env,
        handlers,
        clientVersion: options.clientVersion,
        ...(options.initializeLimit === undefined ? {} : { initializeLimit: options.initializeLimit }),
      });
      session.agent = agent;
      const info = agent.agentInfo;
      if (info !== undefined)
        source = { kind: 'acp', name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) };
      void agent.exited.then((how) => {
        const stderr = agent.stderrTail().trim();
        session.failure ??= `${how}${stderr === '' ? '' : `; its stderr ends:\n${stderr}`}`;
      });
      session.acpSessionId = await session.loadOrNew(agent);
    } catch (error) {
      session.failure ??= message(error);
    }
    session.opened = options.openLog(source);
    const log = session.opened.session;
    if (options.resume) session.notes.resumed(log.events, log.lastSeq);
    session.planMode = new AcpPlanMode(log, options.planReview ?? null);
    if (session.acpSessionId !== null && !session.loaded)
      log.append('acp/session', { sessionId: session.acpSessionId });
    session.turnLog = new AcpTurnLog(session.opened.session, { provider: 'acp', model: source.name }, options.onDelta);
    if (options.checkpoints) session.checkpoints = new AcpCheckpoints(options.checkpoints, log);
    return session;
  }

  /** The agent's session of an earlier run, loaded (session/load), or a new one. */
  private async loadOrNew(agent: AcpAgentProcess): Promise<string> {
    const earlier = this.options.resume?.acpSessionId ?? null;
    if (earlier !== null && agent.capabilities.loadSession === true) {
      this.loading = true;
      try {
        await agent.loadSession(earlier, this.options.cwd);
        this.loaded = true;
        this.notes.loaded();
        return earlier;
      } catch {
        // The agent no longer has it (its own history was cleared): a new session, told by the note.
      } finally {
        this.loading = false;
      }
    }
    return agent.newSession(this.options.cwd);
  }

  /**
   * How an earlier session was continued: its agent session loaded, or a new one told our summary; null for a new log.
   */
  get resumed(): 'loaded' | 'summary' | null {
    if (this.options.resume === undefined) return null;
    return this.loaded ? 'loaded' : 'summary';
  }

  get log(): WritableSession {
    return this.opened;
  }

  /** The agent could not start or has exited: every later prompt of this session ends `error`. */
  get ended(): boolean {
    return this.failure !== null;
  }

  /** The agent's process id while it runs (tests look for what is left of it). */
  get pid(): number | undefined {
    return this.agent?.pid;
  }

  /** One prompt as one turn; resolves with how it ended once turn/end is on the log. */
  async prompt(text: string, signal: AbortSignal): Promise<TurnEndReason> {
    if (this.turn !== null) throw new Error('a prompt is already running in this session');
    const log = this.turnLog;
    const texts = [...this.notes.take(this.opened.session.events), text];
    const turn = log.start(text);
    this.checkpoints?.startTurn(turn);
    const controller = new AbortController();
    this.turn = { log, signal: controller.signal };
    const running =
      this.failure !== null || this.agent === null || this.acpSessionId === null
        ? Promise.resolve<TurnEndReason>({ kind: 'error', message: this.failure ?? 'the agent is not running' })
        : promptUntilStopped(
            this.agent,
            this.acpSessionId,
            texts,
            AbortSignal.any([signal, this.closing.signal]),
            controller,
          );
    this.running = running;
    let reason: TurnEndReason;
    try {
      reason = await running;
    } finally {
      this.turn = null;
      this.running = null;
      // A permission still being asked (the agent crashed meanwhile) is withdrawn.
      controller.abort();
    }
    await this.checkpoints?.endTurn(reason.kind === 'aborted');
    log.end(reason);
    return reason;
  }

  private onUpdate(sessionId: string, update: SessionUpdate): void {
    // A loaded session's replayed history is on the log already.
    if (this.loading || sessionId !== this.acpSessionId) return;
    if (update.sessionUpdate === 'current_mode_update') this.planMode?.modeChanged(update.currentModeId);
    this.turn?.log.update(update);
    if (this.turn !== null) this.checkpoints?.update(update);
    this.options.onUpdate?.(update);
  }

  private async onPermission(
    params: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse> {
    const turn = this.turn;
    if (params.sessionId !== this.acpSessionId || turn === null || turn.signal.aborted)
      return { outcome: { outcome: 'cancelled' } };
    const at = turn.log.openTurn;
    const kind = params.toolCall.kind ?? turn.log.callFields(params.toolCall.toolCallId)?.kind ?? undefined;
    const planExit =
      at === null
        ? null
        : this.planMode?.answer(params, kind, {
            turn: at,
            stepOpen: turn.log.stepOpen,
            signal: AbortSignal.any([signal, turn.signal]),
          });
    const answered = await planExit?.catch((): RequestPermissionResponse => ({ outcome: { outcome: 'cancelled' } }));
    if (answered) {
      turn.log.asked(params.toolCall);
      return answered;
    }
    const name = turn.log.asked(params.toolCall);
    const callId = params.toolCall.toolCallId;
    const locations = turn.log.callFields(callId)?.locations ?? [];
    const asking = { name, locations, sessionId: this.opened.session.id };
    const record = await this.permissions.decide(params, asking, AbortSignal.any([signal, turn.signal]));
    if (record !== undefined) this.tools?.permitted(callId, record);
    if (record !== undefined && kind != null && CHANGING_KINDS.has(kind)) await this.checkpoints?.beforeChange();
    return record === undefined ? { outcome: { outcome: 'cancelled' } } : acpPermissionResponse(record, params.options);
  }

  /** Ends a running turn (aborted), the agent and its processes, then the log (its lock). */
  async close(): Promise<void> {
    this.closing.abort();
    const running = this.running;
    if (running !== null) await running.catch(() => undefined);
    // prompt() appends turn/end right after its run settles: let it before the log closes.
    await Promise.resolve();
    await this.tools?.close();
    await this.agent?.close();
    this.opened?.dispose();
  }
}
