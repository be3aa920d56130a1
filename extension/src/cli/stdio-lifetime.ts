// How long a stdio server (`mcp`, `acp`) lives: until the client closes stdin, stdout
// fails (EPIPE: the client died or stopped reading before our reply), SIGINT (the
// caller's `signal`), SIGTERM or SIGHUP. Each stops the server, which closes its
// sessions' turns and releases their locks.

export interface StdioStreams {
  stdin: NodeJS.ReadableStream & { on(event: 'end' | 'close', fn: () => void): unknown };
  stdout: NodeJS.WritableStream;
}

export interface StdioServer {
  /** Idempotent. */
  close(): unknown;
  closed: Promise<unknown>;
}

export async function serveUntilClosed(
  streams: StdioStreams,
  server: StdioServer,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  const stop = () => void server.close();
  streams.stdin.on('end', stop);
  streams.stdin.on('close', stop);
  // Without a listener, a reply written after the client died is an unhandled 'error'
  // event: the process crashed with its turn open and its lock left behind. Kept after
  // the server closed (stop is idempotent): a reply still queued may fail then too.
  const stdoutFailed = (error: Error) => {
    log(`stdout closed (${error.message}); ending the session`);
    stop();
  };
  streams.stdout.on('error', stdoutFailed);
  signal.addEventListener('abort', stop, { once: true });
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, stop);
  try {
    await server.closed;
  } finally {
    for (const s of signals) process.off(s, stop);
    signal.removeEventListener('abort', stop);
  }
}
