// The part of `agent-checklist acp` that needs the ACP SDK: our agent as an ACP agent
// on stdio. Its own bundle (dist/acp-server.js; LAZY_MODULES in scripts/lazy-bundles.mjs),
// loaded by commands/acp.ts when the command runs. The SDK frames the JSON-RPC and
// checks every request's params against ACP's schemas before a handler runs; the one
// answer we read from the client (a permission) is checked in core/acp-server.
//
// initialize: agentInfo, loadSession (a log of ours reopened, its history sent as
// updates), session/close (the turn cancelled, the log and its lock released), text
// and embedded-context prompts. MCP servers a client passes in
// session/new are not connected: our tools are our own.
import { Readable, Writable } from 'node:stream';
import { agent, ndJsonStream, PROTOCOL_VERSION, RequestError } from '@agentclientprotocol/sdk';
import { AcpServedSession, isAcpSessionError, type AcpSessionContext } from './acp-served-session';
import type { StdioServer, StdioStreams } from './stdio-lifetime';

/** What every session gets but the client's calls, which the connection makes; and our version for initialize. */
export interface AcpServerOptions extends Omit<AcpSessionContext, 'client'> {
  version: string;
}

function requestError(error: unknown): unknown {
  if (!isAcpSessionError(error)) return error;
  return error.kind === 'invalid'
    ? RequestError.invalidParams(undefined, error.message)
    : RequestError.resourceNotFound(error.message);
}

export function serveAcpOnStdio(streams: StdioStreams, options: AcpServerOptions): StdioServer {
  const sessions = new Map<string, AcpServedSession>();
  const sessionOf = (id: string): AcpServedSession => sessions.get(id) ?? raise(RequestError.sessionNotFound(id));
  const context = (): AcpSessionContext => ({
    ...options,
    client: {
      update: (sessionId, update) => connection.client.notify('session/update', { sessionId, update }),
      requestPermission: (params, signal) =>
        connection.client.request('session/request_permission', params, {
          cancellationSignal: signal,
          stopWaitingOnCancel: true,
        }),
    },
  });
  const open = async (cwd: string, load?: string): Promise<AcpServedSession> => {
    try {
      const session = await AcpServedSession.open(context(), cwd, load);
      sessions.set(session.id, session);
      return session;
    } catch (error) {
      throw requestError(error);
    }
  };

  const app = agent({ name: 'agent-checklist' })
    .onRequest('initialize', () => initializeResult(options.version))
    .onRequest('session/new', async ({ params }) => ({ sessionId: (await open(params.cwd)).id }))
    .onRequest('session/load', async ({ params }) => {
      if (sessions.has(params.sessionId))
        throw RequestError.invalidParams(undefined, `session ${params.sessionId} is open already`);
      await (await open(params.cwd, params.sessionId)).flushed();
      return {};
    })
    .onRequest('session/prompt', async ({ params, signal }) => {
      try {
        return { stopReason: await sessionOf(params.sessionId).prompt(params.prompt, signal) };
      } catch (error) {
        throw requestError(error);
      }
    })
    .onRequest('session/close', async ({ params }) => {
      const session = sessions.get(params.sessionId);
      sessions.delete(params.sessionId);
      await session?.close();
      return {};
    })
    .onNotification('session/cancel', ({ params }) => sessions.get(params.sessionId)?.cancel());

  const connection = app.connect(stdioStream(streams));
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= closeSessions(sessions, options.log).then(() => connection.close()));
  void connection.closed.then(close);
  return { close, closed: connection.closed.then(close) };
}

/** initialize's answer: who we are and what we can. */
function initializeResult(version: string) {
  return {
    protocolVersion: PROTOCOL_VERSION,
    agentInfo: { name: 'agent-checklist', title: 'Agent Checklist', version },
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { embeddedContext: true },
      sessionCapabilities: { close: {} },
    },
    authMethods: [],
  };
}

/** The connection's JSON lines over the process's stdin and stdout. */
function stdioStream(streams: StdioStreams): ReturnType<typeof ndJsonStream> {
  const input = Readable.toWeb(Readable.from(streams.stdin));
  const output = Writable.toWeb(
    new Writable({ write: (chunk, _encoding, done) => void streams.stdout.write(chunk, done) }),
  );
  return ndJsonStream(output, input);
}

/** Closes every open session (a failure is logged, the others still close), then forgets them. */
async function closeSessions(sessions: Map<string, AcpServedSession>, log: (line: string) => void): Promise<void> {
  await Promise.all(
    [...sessions.values()].map((s) =>
      s
        .close()
        .catch((error: unknown) =>
          log(`closing session ${s.id}: ${error instanceof Error ? error.message : String(error)}`),
        ),
    ),
  );
  sessions.clear();
}

function raise(error: unknown): never {
  throw error;
}
