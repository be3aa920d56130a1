// An ACP agent as a child process on stdio, through the ACP SDK's client side: the
// part of core/acp-client that needs the SDK at run time. In the lazy bundle of
// acp-agent-session.ts (dist/acp-client.js; LAZY_MODULES in scripts/lazy-bundles.mjs).
//
// Lifetime: the agent runs in its own process group, so closing ends it and whatever
// it started (Claude's CLI under claude-agent-acp): stdin is closed, the group gets
// SIGTERM, then SIGKILL once the group is empty or 2 s have passed (for what is left),
// and close resolves when the group is empty. An agent that does not
// answer `initialize` in time (30 s, or the caller's limit), or exits, fails with the
// tail of its stderr (one that timed out is ended first, so the tail is all it wrote).
//
// The agent asks before it writes (session/request_permission), which we answer
// through our approvals. Given `services` (acp-client-tools.ts), the client also serves
// ACP's fs and terminal methods and advertises them in initialize's clientCapabilities;
// without, it advertises neither and the agent uses its own tools. The SDK checks
// every message the agent sends against ACP's schemas before a handler sees it.
import { spawn, type ChildProcess } from 'node:child_process';
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
import type { AcpAgentLaunch } from './agent-catalog';
import { brandedError, errorGuard } from '../error-brand';

export const INITIALIZE_TIMEOUT_MS = 30_000;
const KILL_GRACE_MS = 2_000;
/** How long a closed connection waits for the process's exit (and an ended one for its stderr's end) to be reported. */
const EXIT_REPORT_MS = 1_000;
const STDERR_TAIL_BYTES = 4_000;

/** What the client answers and is told: each session's updates, the agent's permission requests, and (when given) its file and terminal requests. */
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
export class AcpAgentError extends brandedError('AcpAgentError') {
  constructor(message: string) {
    super(message);
    this.name = 'AcpAgentError';
  }
}

/** Whether `value` is an AcpAgentError, whichever bundle's copy of the class made it. */
export const isAcpAgentError = errorGuard<AcpAgentError>('AcpAgentError');

export interface AcpAgentProcess {
  readonly pid: number | undefined;
  readonly agentInfo: Implementation | undefined;
  readonly capabilities: AgentCapabilities;
  /** Settles when the process has ended, with how. */
  readonly exited: Promise<string>;
  stderrTail(): string;
  newSession(cwd: string): Promise<string>;
  /** session/load of the agent's session `sessionId` (only when `capabilities.loadSession`); the history it replays arrives as updates. */
  loadSession(sessionId: string, cwd: string): Promise<void>;
  /** session/prompt with these text blocks; rejects with an AcpAgentError when the agent exits first. */
  prompt(sessionId: string, texts: readonly string[]): Promise<StopReason>;
  cancel(sessionId: string): void;
  /** Ends the agent and its process group; resolves once it has exited. */
  close(): Promise<void>;
}

/** Resolves once no process is left in group `pgid` (or after `limitMs`, when one is stuck in the kernel). */
async function groupGone(pgid: number | undefined, limitMs: number): Promise<void> {
  if (pgid === undefined) return;
  const until = Date.now() + limitMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A limit aborted after `ms`, its reason the limit in seconds ("30 s"); `clear` when no longer waited on. */
function timeLimit(ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(`${Math.round(ms / 1000)} s`), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

function withTail(message: string, tail: string): string {
  const t = tail.trim();
  return t === '' ? message : `${message}; its stderr ends:\n${t}`;
}

export async function startAcpAgent(launch: AcpAgentLaunch, options: AcpStartOptions): Promise<AcpAgentProcess> {
  const child: ChildProcess = spawn(launch.command, launch.args, {
    cwd: options.cwd,
    env: { ...options.env, ...launch.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  const stderrRead = new Promise<void>((resolve) => child.stderr!.once('close', () => resolve()));
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) =>
      resolve(`${launch.title} could not be started (${launch.command}): ${error.message}`),
    );
    child.once('exit', (code, signal) =>
      resolve(signal === null ? `${launch.title} exited with code ${code}` : `${launch.title} was ended by ${signal}`),
    );
  });
  const failure = exited.then((how) => {
    throw new AcpAgentError(withTail(how, tail));
  });
  failure.catch(() => undefined);

  const { services } = options.handlers;
  const base = client({ name: 'agent-checklist' })
    .onNotification('session/update', ({ params }) => options.handlers.update(params.sessionId, params.update))
    .onRequest('session/request_permission', ({ params, signal }) =>
      options.handlers.requestPermission(params, signal),
    );
  const app = services === undefined ? base : serveClientTools(base, services);
  const input = Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>;
  const output = Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>;
  child.stdin!.on('error', () => undefined);
  const connection: ClientConnection = app.connect(ndJsonStream(output, input));
  void exited.then(() => connection.close());

  let closing: Promise<void> | undefined;
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      connection.close();
      child.stdin!.destroy();
      killGroup('SIGTERM');
      // The whole group, not only the leader, gets the grace: the agent's own CLI
      // (Claude's under claude-agent-acp) writes its session history as it ends, and
      // a later session/load reads that history.
      await groupGone(child.pid, KILL_GRACE_MS);
      killGroup('SIGKILL');
      await exited;
      await groupGone(child.pid, KILL_GRACE_MS);
    })());

  /** The connection closes as the process ends, often before its exit is reported: an error then says how it ended. */
  const exitOr = async (error: unknown, otherwise: () => string): Promise<never> => {
    if (isAcpAgentError(error)) throw error;
    const how = await Promise.race([
      exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), EXIT_REPORT_MS)),
    ]);
    throw new AcpAgentError(withTail(how === undefined ? otherwise() : how, tail));
  };
  const race = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([work, failure]).catch((error: unknown) =>
      exitOr(error, () => (error instanceof Error ? error.message : String(error))),
    );
  const ownLimit = options.initializeLimit === undefined ? timeLimit(INITIALIZE_TIMEOUT_MS) : null;
  const limit = options.initializeLimit ?? ownLimit!.signal;
  const timedOut = Symbol('initialize timed out');
  let stopWaiting = (): void => undefined;
  const timeout = new Promise<typeof timedOut>((resolve) => {
    stopWaiting = () => {
      ownLimit?.clear();
      limit.removeEventListener('abort', onLimit);
      resolve(timedOut);
    };
    const onLimit = (): void => resolve(timedOut);
    if (limit.aborted) onLimit();
    else limit.addEventListener('abort', onLimit, { once: true });
  });
  let initialized;
  try {
    initialized = await Promise.race([
      Promise.race([
        connection.agent.request('initialize', {
          protocolVersion: PROTOCOL_VERSION,
          clientCapabilities: {
            fs: { readTextFile: services !== undefined, writeTextFile: services !== undefined },
            terminal: services !== undefined,
          },
          clientInfo: { name: 'agent-checklist', title: 'Agent Checklist', version: options.clientVersion },
        }),
        failure,
      ]).catch((error: unknown) =>
        exitOr(
          error,
          () => `${launch.title} failed to initialize: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
      timeout,
    ]);
  } catch (error) {
    await close();
    throw error;
  } finally {
    stopWaiting();
  }
  if (initialized === timedOut) {
    // Ended first, its stderr read to the end: the tail holds all it wrote before it was stopped.
    await close();
    await Promise.race([stderrRead, new Promise((resolve) => setTimeout(resolve, EXIT_REPORT_MS))]);
    throw new AcpAgentError(withTail(`${launch.title} did not answer initialize within ${String(limit.reason)}`, tail));
  }

  return {
    pid: child.pid,
    agentInfo: initialized.agentInfo ?? undefined,
    capabilities: initialized.agentCapabilities ?? {},
    exited,
    stderrTail: () => tail,
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
