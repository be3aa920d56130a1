// An ACP agent as a child process on stdio, through the ACP SDK's client side: the
// part of core/acp-client that needs the SDK at run time. In the lazy bundle of
// acp-agent-session.ts (dist/acp-client.js; LAZY_MODULES in scripts/lazy-bundles.mjs).
//
// Lifetime: the agent runs in its own process group, so closing ends it and whatever
// it started (Claude's CLI under claude-agent-acp; acp-agent-child.ts). An agent that
// does not answer `initialize` in time (30 s, or the caller's limit), or exits, fails
// with the tail of its stderr (one that timed out is ended first, so the tail is all
// it wrote).
//
// The agent asks before it writes (session/request_permission), which we answer
// through our approvals. Given `services` (acp-client-tools.ts), the client also serves
// ACP's fs and terminal methods and advertises them in initialize's clientCapabilities;
// without, it advertises neither and the agent uses its own tools. The SDK checks
// every message the agent sends against ACP's schemas before a handler sees it.
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream, PROTOCOL_VERSION, type ClientConnection } from '@agentclientprotocol/sdk';
import type {
  AgentCapabilities,
  ContentBlock,
  Implementation,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionUpdate,
  StopReason,
} from '@agentclientprotocol/sdk';
import { serveClientTools } from './acp-client-serve';
import type { AcpClientServices } from './acp-client-tools';
import { agentCloser, spawnAgentChild, withTail, type AgentChild } from './acp-agent-child';
import type { AcpAgentLaunch } from './agent-catalog';
import { brandedError, errorGuard } from '../error-brand';

const INITIALIZE_TIMEOUT_MS = 30_000;
/** How long a closed connection waits for the process's exit (and an ended one for its stderr's end) to be reported. */
const EXIT_REPORT_MS = 1_000;

/**
 * What the client answers and is told: each session's updates, the agent's
 * permission requests, and (when given) its file and terminal requests.
 */
export interface AcpClientHandlers {
  update(sessionId: string, update: SessionUpdate): void;
  requestPermission(params: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
  services?: AcpClientServices;
}

export interface AcpStartOptions {
  cwd: string;
  /** The user's environment; the launch's `env` is laid over it. */
  env: Readonly<Record<string, string | undefined>>;
  handlers: AcpClientHandlers;
  clientVersion: string;
  /** Gives up on `initialize` when aborted; its reason (a string) says the limit. Absent: 30 s. */
  initializeLimit?: AbortSignal;
}

/** The agent failed (did not start, exited, did not answer): the message ends with its stderr's tail. */
class AcpAgentError extends brandedError('AcpAgentError') {
  constructor(message: string) {
    super(message);
    this.name = 'AcpAgentError';
  }
}

/** Whether `value` is an AcpAgentError, whichever bundle's copy of the class made it. */
const isAcpAgentError = errorGuard<AcpAgentError>('AcpAgentError');

export interface AcpAgentProcess {
  readonly pid: number | undefined;
  readonly agentInfo: Implementation | undefined;
  readonly capabilities: AgentCapabilities;
  /** Settles when the process has ended, with how. */
  readonly exited: Promise<string>;
  stderrTail(): string;
  newSession(cwd: string): Promise<string>;
  /**
   * session/load of the agent's session `sessionId` (only when
   * `capabilities.loadSession`); the history it replays arrives as updates.
   */
  loadSession(sessionId: string, cwd: string): Promise<void>;
  /** session/prompt with these text blocks; rejects with an AcpAgentError when the agent exits first. */
  prompt(sessionId: string, texts: readonly string[]): Promise<StopReason>;
  cancel(sessionId: string): void;
  /** Ends the agent and its process group; resolves once it has exited. */
  close(): Promise<void>;
}

/** Rejects with an AcpAgentError (how it ended, its stderr's tail) once the agent's process has ended. */
function failureOf(agent: AgentChild): Promise<never> {
  const failure = agent.exited.then((how) => {
    throw new AcpAgentError(withTail(how, agent.tail()));
  });
  failure.catch(() => undefined);
  return failure;
}

/** The SDK's client over the child's stdio, answering the handlers' requests. */
function connectClient(child: AgentChild['process'], handlers: AcpClientHandlers): ClientConnection {
  const { services } = handlers;
  const base = client({ name: 'agent-checklist' })
    .onNotification('session/update', ({ params }) => handlers.update(params.sessionId, params.update))
    .onRequest('session/request_permission', ({ params, signal }) => handlers.requestPermission(params, signal));
  const app = services === undefined ? base : serveClientTools(base, services);
  const input = Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>;
  const output = Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>;
  child.stdin!.on('error', () => undefined);
  return app.connect(ndJsonStream(output, input));
}

/**
 * Rethrows `error` as an AcpAgentError. The connection closes as the process ends,
 * often before its exit is reported: the error then says how it ended.
 */
async function exitOr(agent: AgentChild, error: unknown, otherwise: () => string): Promise<never> {
  if (isAcpAgentError(error)) throw error;
  const how = await Promise.race([
    agent.exited,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), EXIT_REPORT_MS)),
  ]);
  throw new AcpAgentError(withTail(how === undefined ? otherwise() : how, agent.tail()));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A limit aborted after `ms`, its reason the limit in seconds ("30 s"); `clear` when no longer waited on. */
function timeLimit(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(`${Math.round(ms / 1000)} s`), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

const timedOut = Symbol('initialize timed out');

/** Resolves to `timedOut` once `limit` is aborted; `stop` when no longer waited on. */
function limitReached(limit: AbortSignal, ownLimit: { clear(): void } | null) {
  let stop = (): void => undefined;
  const reached = new Promise<typeof timedOut>((resolve) => {
    const onLimit = (): void => resolve(timedOut);
    stop = () => {
      ownLimit?.clear();
      limit.removeEventListener('abort', onLimit);
    };
    if (limit.aborted) onLimit();
    else limit.addEventListener('abort', onLimit, { once: true });
  });
  return { reached, stop: () => stop() };
}

/**
 * initialize, advertising fs and terminal when the handlers serve them; rejects when the agent exits or is too slow.
 */
async function initializeAgent(
  connection: ClientConnection,
  agent: AgentChild,
  failure: Promise<never>,
  launch: AcpAgentLaunch,
  options: AcpStartOptions,
  limit: AbortSignal,
  ownLimit: { clear(): void } | null,
) {
  const served = options.handlers.services !== undefined;
  const { reached, stop } = limitReached(limit, ownLimit);
  try {
    return await Promise.race([
      Promise.race([
        connection.agent.request('initialize', {
          protocolVersion: PROTOCOL_VERSION,
          clientCapabilities: { fs: { readTextFile: served, writeTextFile: served }, terminal: served },
          clientInfo: { name: 'agent-checklist', title: 'Agent Checklist', version: options.clientVersion },
        }),
        failure,
      ]).catch((error: unknown) =>
        exitOr(agent, error, () => `${launch.title} failed to initialize: ${messageOf(error)}`),
      ),
      reached,
    ]);
  } finally {
    stop();
  }
}

export async function startAcpAgent(launch: AcpAgentLaunch, options: AcpStartOptions): Promise<AcpAgentProcess> {
  const agent = spawnAgentChild(launch, options);
  const failure = failureOf(agent);
  const connection = connectClient(agent.process, options.handlers);
  void agent.exited.then(() => connection.close());
  const close = agentCloser(agent, connection);
  const ownLimit = options.initializeLimit === undefined ? timeLimit(INITIALIZE_TIMEOUT_MS) : null;
  const limit = options.initializeLimit ?? ownLimit!.signal;
  let initialized;
  try {
    initialized = await initializeAgent(connection, agent, failure, launch, options, limit, ownLimit);
  } catch (error) {
    await close();
    throw error;
  }
  if (initialized === timedOut) {
    // Ended first, its stderr read to the end: the tail holds all it wrote before it was stopped.
    await close();
    await Promise.race([agent.stderrRead, new Promise((resolve) => setTimeout(resolve, EXIT_REPORT_MS))]);
    throw new AcpAgentError(
      withTail(`${launch.title} did not answer initialize within ${String(limit.reason)}`, agent.tail()),
    );
  }
  const race = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([work, failure]).catch((error: unknown) => exitOr(agent, error, () => messageOf(error)));
  return {
    pid: agent.process.pid,
    agentInfo: initialized.agentInfo ?? undefined,
    capabilities: initialized.agentCapabilities ?? {},
    exited: agent.exited,
    stderrTail: agent.tail,
    newSession: async (cwd) => (await race(connection.agent.request('session/new', { cwd, mcpServers: [] }))).sessionId,
    loadSession: async (sessionId, cwd) =>
      void (await race(connection.agent.request('session/load', { sessionId, cwd, mcpServers: [] }))),
    prompt: async (sessionId, texts) => {
      const prompt: ContentBlock[] = texts.map((text) => ({ type: 'text', text }));
      return (await race(connection.agent.request('session/prompt', { sessionId, prompt }))).stopReason;
    },
    cancel: (sessionId) => void connection.agent.notify('session/cancel', { sessionId }).catch(() => undefined),
    close,
  };
}
