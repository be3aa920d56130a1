// One ACP session of `agent-checklist acp`: one of our session logs (created for
// session/new, reopened for session/load) with its workspace's tools, run by our
// loop one prompt at a time. Everything the log gains goes to the client as
// session/update, in order (core/acp-server/acp-session-updates.ts), and a prompt
// answers only after its updates were sent; approvals are asked as
// session/request_permission and logged as our other approvals are. Cancel aborts the
// turn as Stop does (the loop ends it `aborted`, answered `cancelled`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ContentBlock, RequestPermissionRequest, SessionUpdate, StopReason } from '@agentclientprotocol/sdk';
import { acpPermissionDecision, acpPermissionRequest } from '../core/acp-server/acp-permission';
import { AcpSessionUpdates } from '../core/acp-server/acp-session-updates';
import { runTurn } from '../core/agent/loop';
import { DisposableStore } from '../core/disposable';
import type { TurnEndReason } from '../core/session/events';
import { SessionStore, type WritableSession } from '../core/store/session-store';
import type { ApprovalGate } from '../core/tools/approvals';
import { agentWorkspace, type AgentConfig, type AgentWorkspace } from './agent-runtime';
import type { CliIo } from './io';
import { reportRepair } from './open-log';
import { isSessionId, sessionFolder } from './session-flags';
import { brandedError, errorGuard } from '../core/error-brand';

/** What a session needs of the connection: the calls to the client. */
interface AcpClientCalls {
  update(sessionId: string, update: SessionUpdate): Promise<void>;
  /** The client's raw answer (checked by acpPermissionDecision); rejects or settles when `signal` aborts. */
  requestPermission(params: RequestPermissionRequest, signal: AbortSignal): Promise<unknown>;
}

/** Why a session cannot be opened: the client's params (invalid) or an id we do not have (not found). */
export class AcpSessionError extends brandedError('AcpSessionError') {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

/** Whether `value` is an AcpSessionError, whichever bundle's copy of the class made it. */
export const isAcpSessionError = errorGuard<AcpSessionError>('AcpSessionError');

export interface AcpSessionContext {
  io: CliIo;
  config: AgentConfig;
  client: AcpClientCalls;
  log: (line: string) => void;
}

function workspaceFolder(cwd: string): string {
  if (!path.isAbsolute(cwd))
    throw new AcpSessionError('invalid', `cwd must be an absolute path (got ${JSON.stringify(cwd)})`);
  let isFolder = false;
  try {
    isFolder = fs.statSync(cwd).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new AcpSessionError('invalid', `cwd is not a folder: ${cwd}`);
  return cwd;
}

/** --session-dir when given; else the workspace's own session folder, where the extension looks. */
function storeFor(context: AcpSessionContext, cwd: string): SessionStore {
  return context.config.flags.sessionDir === undefined
    ? new SessionStore(sessionFolder({ ...context.io, cwd }, undefined))
    : context.config.store;
}

/** The prompt as our user message: its text, and what else it carries named where the model can read it. */
function promptText(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text;
        case 'resource_link':
          return `[${block.name}](${block.uri})`;
        case 'resource':
          return 'text' in block.resource
            ? `${block.resource.uri}:\n${block.resource.text}`
            : `(${block.resource.uri}: binary content, not read)`;
        case 'image':
        case 'audio':
          return `(${block.type} attached: not read, this agent reads text)`;
      }
    })
    .join('\n');
}

function acpStopReason(reason: TurnEndReason): StopReason {
  switch (reason.kind) {
    case 'completed':
    case 'awaiting-approval':
      return 'end_turn';
    case 'max-steps':
      return 'max_turn_requests';
    case 'aborted':
    case 'interrupted':
      return 'cancelled';
    case 'error':
      throw new Error(reason.message);
  }
}

export class AcpServedSession {
  private readonly owned = new DisposableStore();
  private turn: { controller: AbortController; done: Promise<unknown> } | null = null;
  /** Updates in flight, chained so they leave in the log's order. */
  private sent: Promise<void> = Promise.resolve();

  private readonly updates: AcpSessionUpdates;

  private constructor(
    private readonly context: AcpSessionContext,
    private readonly opened: WritableSession,
    private readonly workspace: AgentWorkspace,
  ) {
    this.updates = new AcpSessionUpdates(opened.session.id, workspace.root, (update) => this.send(update));
  }

  get id(): string {
    return this.opened.session.id;
  }

  /** session/new (`load` undefined) or session/load of our log `load`, whose history is sent first. */
  static async open(context: AcpSessionContext, cwd: string, load?: string): Promise<AcpServedSession> {
    const root = workspaceFolder(cwd);
    const store = storeFor(context, root);
    if (load !== undefined && (!isSessionId(load) || !store.exists(load)))
      throw new AcpSessionError('not-found', `no session ${JSON.stringify(load)} in ${store.dir}`);
    const opened = load === undefined ? store.create({ cwd: root, source: { kind: 'cli' } }) : store.openForWrite(load);
    reportRepair(opened, (line) => context.log(line));
    const acpSessionId = opened.session.id;
    const gate: ApprovalGate = {
      request: async (request, signal) =>
        acpPermissionDecision(
          await context.client.requestPermission(acpPermissionRequest(acpSessionId, request), signal),
          request,
        ),
    };
    let workspace: AgentWorkspace;
    try {
      workspace = await agentWorkspace(context.io, context.config, root, { gate, store });
    } catch (error) {
      opened.dispose();
      throw error;
    }
    const served = new AcpServedSession(context, opened, workspace);
    if (load !== undefined) served.updates.replay(opened.session.events);
    served.owned.add(workspace.approvalLog.watch(opened.session));
    served.owned.add(served.updates.follow(opened.session));
    return served;
  }

  private send(update: SessionUpdate): void {
    this.sent = this.sent
      .then(() => this.context.client.update(this.id, update))
      .catch((error: unknown) =>
        this.context.log(`a session/update was not sent: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  /** Sent once everything the session appended so far reached the client. */
  flushed(): Promise<void> {
    return this.sent;
  }

  async prompt(blocks: readonly ContentBlock[], requestSignal: AbortSignal): Promise<StopReason> {
    if (this.turn !== null) throw new AcpSessionError('invalid', `session ${this.id} is already running a prompt`);
    const controller = new AbortController();
    const abort = () => controller.abort();
    requestSignal.addEventListener('abort', abort, { once: true });
    const { config } = this.context;
    const done = runTurn(this.opened.session, promptText(blocks), {
      provider: config.provider,
      tools: this.workspace.tools,
      maxSteps: config.maxSteps,
      signal: controller.signal,
      system: this.workspace.system,
      context: { window: config.window },
      onDelta: this.updates.delta,
    });
    this.turn = { controller, done };
    try {
      const reason = await done;
      await this.flushed();
      return acpStopReason(reason);
    } finally {
      requestSignal.removeEventListener('abort', abort);
      this.turn = null;
    }
  }

  /** session/cancel: the running prompt (if any) ends `cancelled`. */
  cancel(): void {
    this.turn?.controller.abort();
  }

  /** Ends the running turn, then closes the log (its lock) and the tools' processes. */
  async close(): Promise<void> {
    const turn = this.turn;
    if (turn !== null) {
      turn.controller.abort();
      await turn.done.catch(() => undefined);
    }
    this.owned.dispose();
    this.opened.dispose();
    this.workspace.owned.dispose();
  }
}
