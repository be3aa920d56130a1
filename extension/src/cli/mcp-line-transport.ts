// The stdio transport of `agent-checklist mcp`: newline-delimited JSON-RPC, like the
// SDK's StdioServerTransport, but a line it cannot take is answered, never dropped
// (a dropped request leaves the client waiting forever):
//   - not valid UTF-8, or not JSON          -> -32700 Parse error, id null
//   - JSON but not a JSON-RPC message       -> -32600 Invalid Request, id null
//   - longer than MAX_LINE_BYTES            -> -32600, id null; the line is skipped as it
//                                              arrives, so memory stays bounded by the limit
// Messages are written with the SDK's serializeMessage and checked with its schema.
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** One request line at most (1 MiB, its newline excluded). */
const MAX_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

export interface LineStreams {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
}

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The current line passed MAX_LINE_BYTES: its bytes are dropped up to its newline. */
  private skipping = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly streams: LineStreams) {}

  async start(): Promise<void> {
    this.streams.stdin.on('data', this.onData);
    this.streams.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.streams.stdin.off('data', this.onData);
    this.streams.stdin.off('error', this.onStreamError);
    // A flowing stdin keeps the process alive: pause it unless someone else still reads it (as the SDK's transport
    // does).
    if (this.streams.stdin.listenerCount('data') === 0) this.streams.stdin.pause();
    this.pending = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.streams.stdout.write(serializeMessage(message))) resolve();
      else this.streams.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let end = rest.indexOf(NEWLINE); end !== -1; end = rest.indexOf(NEWLINE)) {
      this.take(rest.subarray(0, end));
      this.endLine();
      rest = rest.subarray(end + 1);
    }
    this.take(rest);
  };

  /** Adds bytes to the current line, or starts skipping it once it passes the limit. */
  private take(bytes: Buffer): void {
    if (this.skipping || bytes.length === 0) return;
    if (this.pendingBytes + bytes.length > MAX_LINE_BYTES) {
      this.skipping = true;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  private endLine(): void {
    if (this.skipping) {
      this.skipping = false;
      this.refuse(ErrorCode.InvalidRequest, `request line over ${MAX_LINE_BYTES} bytes (1 MiB); it was not read`);
      return;
    }
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.handleLine(line);
  }

  private handleLine(bytes: Buffer): void {
    let text: string;
    try {
      text = this.decoder.decode(bytes).replace(/\r$/, '');
    } catch {
      this.refuse(ErrorCode.ParseError, 'Parse error: the line is not valid UTF-8');
      return;
    }
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.refuse(ErrorCode.ParseError, `Parse error: ${error instanceof Error ? error.message : 'not JSON'}`);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.refuse(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message.data);
  }

  private refuse(code: number, message: string): void {
    this.onerror?.(new Error(message));
    // JSON-RPC answers a message it could not read with id null; the SDK's types want an id, so it is written here.
    this.streams.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } })}\n`);
  }
}
