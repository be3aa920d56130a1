// A real HTTP server on 127.0.0.1 (port 0) that answers model requests from a queue
// of replies, in order, and records every request it received. Replies can be cut:
// the server writes the first N bytes of the body, then destroys the socket, the way
// a dropped connection looks to the client. Nothing here speaks for the model: the
// bodies are the wire formats, byte for byte.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
  /** Write this many bytes of the body, then destroy the socket. */
  cutAfterBytes?: number;
  /** Destroy the socket before any response byte is written. */
  resetBeforeResponse?: boolean;
  /** Write the body and keep the response open (a model still thinking) until the client goes away. */
  holdOpen?: boolean;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON (model APIs send JSON), or undefined when it was not JSON. */
  json: unknown;
  /** Settles when the connection of this request's response closed (finished, cut or abandoned by the client). */
  closed: Promise<void>;
}

export function sse(body: string | Buffer, extra: Omit<Reply, 'body'> = {}): Reply {
  return {
    status: 200,
    ...extra,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...extra.headers },
    body,
  };
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export class LoopbackServer {
  readonly requests: ReceivedRequest[] = [];
  private readonly replies: Reply[] = [];
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  static async start(replies: Reply[] = []): Promise<LoopbackServer> {
    const server = new LoopbackServer();
    server.replies.push(...replies);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.server.listen(0, '127.0.0.1', () => resolve());
    });
    return server;
  }

  get url(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  enqueue(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  get pending(): number {
    return this.replies.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json, closed });
      const reply = this.replies.shift();
      if (!reply) {
        res.writeHead(599, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `loopback: no reply left for request ${this.requests.length}`, type: 'test_error' },
          }),
        );
        return;
      }
      this.send(reply, res);
    });
  }

  private send(reply: Reply, res: http.ServerResponse): void {
    if (reply.resetBeforeResponse) {
      res.socket?.destroy();
      return;
    }
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
    res.writeHead(reply.status ?? 200, reply.headers ?? {});
    if (reply.holdOpen) {
      res.flushHeaders();
      res.write(body);
      return;
    }
    if (reply.cutAfterBytes === undefined) {
      res.end(body);
      return;
    }
    res.flushHeaders();
    res.write(body.subarray(0, reply.cutAfterBytes), () => {
      // Let the bytes reach the client, then drop the connection mid-body.
      setImmediate(() => res.socket?.destroy());
    });
  }
}
