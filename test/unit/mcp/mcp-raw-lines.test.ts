// `agent-checklist mcp` answers every line, over the real stdio process: a line that is
// not UTF-8 or not JSON gets -32700, a line over 1 MiB gets -32600 (and the server goes
// on serving), a bad tools/call gets -32602 on one line, and lists over the limits are
// refused as tool errors with nothing logged.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import { parseJson } from '../../../extension/src/core/store/parse-json';
import { tempDir, todo } from '../support/sessions';
import { build, cliPath, connect, logsIn, textOf } from './mcp-support';

before(build);

const SESSIONS = '.agent-checklist/sessions';

const replySchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  error: z.optional(z.object({ code: z.number(), message: z.string() })),
  result: z.optional(z.unknown()),
});
type Reply = z.infer<typeof replySchema>;

/** The real server on stdio, fed raw bytes; replies are read line by line. */
class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  private buffered = '';
  private readonly replies: Reply[] = [];
  private waiting: (() => void) | undefined;

  constructor(cwd: string) {
    this.child = spawn(process.execPath, [cliPath, 'mcp', '--allow-parallel-in-progress', 'true'], {
      cwd,
      env: { PATH: process.env.PATH },
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => {
      this.buffered += text;
      for (let i = this.buffered.indexOf('\n'); i !== -1; i = this.buffered.indexOf('\n')) {
        this.replies.push(replySchema.parse(parseJson(this.buffered.slice(0, i))));
        this.buffered = this.buffered.slice(i + 1);
      }
      this.waiting?.();
    });
  }

  send(bytes: Buffer | string): void {
    this.child.stdin.write(bytes);
  }

  async next(): Promise<Reply> {
    while (this.replies.length === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.replies.shift()!;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('agent-checklist mcp: raw lines', () => {
  it('answers not-JSON, invalid UTF-8, not-JSON-RPC and over-1-MiB lines, and keeps serving', async () => {
    const server = new RawServer(tempDir());
    try {
      server.send('this is not json\n');
      assert.deepEqual(pick(await server.next()), { id: null, code: -32700 });
      server.send(
        Buffer.concat([
          Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping","x":"'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('"}\n'),
        ]),
      );
      assert.deepEqual(pick(await server.next()), { id: null, code: -32700 });
      server.send('[1,2,3]\n');
      assert.deepEqual(pick(await server.next()), { id: null, code: -32600 });
      // Over 1 MiB, sent in pieces: refused when its newline arrives, never buffered whole.
      const piece = 'x'.repeat(256 * 1024);
      server.send(`{"jsonrpc":"2.0","id":2,"method":"ping","pad":"`);
      for (let i = 0; i < 5; i++) server.send(piece);
      server.send('"}\n');
      const big = await server.next();
      assert.deepEqual(pick(big), { id: null, code: -32600 });
      assert.match(big.error!.message, /over 1048576 bytes/);
      // Multi-byte characters split across writes are one line, decoded whole.
      const line = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 'é中', method: 'ping' })}\n`);
      server.send(line.subarray(0, line.indexOf(0xc3) + 1));
      server.send(line.subarray(line.indexOf(0xc3) + 1));
      assert.deepEqual(await server.next(), { jsonrpc: '2.0', id: 'é中', result: {} });
      server.send(ping(4));
      assert.deepEqual(await server.next(), { jsonrpc: '2.0', id: 4, result: {} });
    } finally {
      await server.close();
    }
  });

  it('answers tools/call params that are not an object with -32602 on one line', async () => {
    const server = new RawServer(tempDir());
    try {
      // params that are not an object at all is not a JSON-RPC request: -32600, id null.
      server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: 7 })}\n`);
      assert.deepEqual(pick(await server.next()), { id: null, code: -32600 });
      for (const params of [
        { name: 'todo_write', arguments: [] },
        { name: 'todo_write', arguments: 'x' },
        { arguments: {} },
      ]) {
        server.send(`${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params })}\n`);
        const reply = await server.next();
        assert.deepEqual(pick(reply), { id: 9, code: -32602 }, JSON.stringify(params));
        assert.doesNotMatch(reply.error!.message, /\n/);
        assert.match(reply.error!.message, /Invalid params for tools\/call: params/);
      }
    } finally {
      await server.close();
    }
  });
});

describe('agent-checklist mcp: limits, through the SDK client', () => {
  it('refuses more than 1,000 items and an item over 8 KiB as tool errors, logging nothing; 1,000 items of 8 KiB pass the limits', async () => {
    const cwd = tempDir();
    const conn = await connect(cwd, ['--allow-parallel-in-progress', 'true']);
    try {
      const many = Array.from({ length: 1001 }, (_, i) => todo(`item ${i}`));
      const tooMany = textOf(await conn.client.callTool({ name: 'todo_write', arguments: { todos: many } }));
      assert.deepEqual(tooMany, { isError: true, text: 'too many todos: 1001; at most 1000 items per list' });
      const long = textOf(
        await conn.client.callTool({ name: 'todo_write', arguments: { todos: [todo('ok'), todo('y'.repeat(9000))] } }),
      );
      assert.equal(long.isError, true);
      assert.match(long.text, /^todo 2 is too long: \d+ bytes; at most 8192 bytes \(8 KiB\) per item$/);
      assert.deepEqual(logsIn(path.join(cwd, SESSIONS)), []);
      const fine = textOf(
        await conn.client.callTool({
          name: 'todo_write',
          arguments: { todos: Array.from({ length: 1000 }, (_, i) => todo(`${i} ${'z'.repeat(900)}`)) },
        }),
      );
      assert.equal(fine.isError, false, fine.text);
    } finally {
      await conn.close();
    }
  });
});

function pick(reply: Reply): { id: Reply['id']; code: number | undefined } {
  return { id: reply.id, code: reply.error?.code };
}
