// A connection that ends badly still leaves a valid log: a killed CLIENT closes the
// server's stdin (the server closes the turn and exits); a killed SERVER leaves an
// open turn and a stale lock, which the next server over the folder repairs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';
import { build, cliPath, connect, logsIn, root, storedPlan, until } from './mcp-support';

const INTERRUPTED_MESSAGE =
  'the session stopped before this turn ended (crash or forced exit); it was closed when the log was reopened';

before(build);

const SESSIONS = '.agent-checklist/sessions';
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const check = (logPath: string) => spawnSync(process.execPath, [cliPath, 'check', logPath], { encoding: 'utf8' });

/** A client in its own process: one write, a second one sent, then SIGKILL on itself. */
const CLIENT_SCRIPT = `
const { Client } = require(${JSON.stringify(path.join(root, 'node_modules/@modelcontextprotocol/sdk/dist/cjs/client/index.js'))});
const { StdioClientTransport } = require(${JSON.stringify(path.join(root, 'node_modules/@modelcontextprotocol/sdk/dist/cjs/client/stdio.js'))});
(async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(cliPath)}, 'mcp', '--allow-parallel-in-progress', 'true'], stderr: 'ignore' });
  const client = new Client({ name: 'doomed-client', version: '0.0.1' });
  await client.connect(transport);
  await client.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'first', status: 'in_progress' }] } });
  process.stdout.write(String(transport.pid) + '\\n');
  client.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'first', status: 'completed' }, { content: 'second', status: 'in_progress' }] } }).catch(() => {});
  process.kill(process.pid, 'SIGKILL');
})();
`;

describe('agent-checklist mcp: a connection that ends badly', () => {
  it('a client killed mid-call: the server closes the turn, releases the lock and exits; the log passes check', async () => {
    const cwd = tempDir();
    const script = path.join(cwd, 'client.cjs');
    fs.writeFileSync(script, CLIENT_SCRIPT);
    const child = spawn(process.execPath, [script], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    const serverPid = Number.parseInt(out, 10);
    assert.ok(serverPid > 0, `the client printed its server's pid (got ${JSON.stringify(out)})`);
    await until(() => !alive(serverPid), 'the server to exit after its client died');
    const [logPath] = logsIn(path.join(cwd, SESSIONS));
    assert.ok(logPath);
    assert.equal(fs.existsSync(`${logPath}.lock`), false, 'the lock is released');
    const loaded = loadLogFile(logPath);
    assert.deepEqual(loaded.events.at(-1)?.type, 'turn/end');
    assert.deepEqual(loaded.events.at(-1)?.data, { turn: 1, reason: { kind: 'completed' } });
    assert.equal(check(logPath).status, 0);
  });

  // The order the test above hits only sometimes (under load): the server reads the
  // call while the client is alive, and replies after it died. Made deterministic here
  // by closing the client's end of the server's stdout while keeping stdin open.
  it('a client that stops reading before the reply: the failed write (EPIPE) ends the session like a closed stdin', async () => {
    const cwd = tempDir();
    const server = spawn(process.execPath, [cliPath, 'mcp', '--allow-parallel-in-progress', 'true'], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const replies = new Map<unknown, JSONRPCMessage>();
    const buffer = new ReadBuffer();
    server.stdout.on('data', (chunk: Buffer) => {
      buffer.append(chunk);
      for (let m = buffer.readMessage(); m; m = buffer.readMessage()) if ('id' in m) replies.set(m.id, m);
    });
    const send = (message: JSONRPCMessage) => server.stdin.write(serializeMessage(message));
    const call = (id: number, todos: unknown) =>
      send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'todo_write', arguments: { todos } } });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'deaf-client', version: '1' } },
    });
    await until(() => replies.has(1), 'the initialize reply');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    call(2, [todo('first', 'in_progress')]);
    await until(() => replies.has(2), 'the reply to the first call');
    server.stdout.destroy();
    call(3, [todo('first', 'completed'), todo('second', 'in_progress')]);

    assert.equal(await exited, 0, `the server exits cleanly, not on an unhandled EPIPE; stderr:\n${stderr}`);
    assert.match(stderr, /stdout closed \(write EPIPE\); ending the session/);
    const [logPath] = logsIn(path.join(cwd, SESSIONS));
    assert.ok(logPath);
    assert.equal(fs.existsSync(`${logPath}.lock`), false, 'the lock is released');
    const events = loadLogFile(logPath).events;
    assert.deepEqual(events.at(-1)?.data, { turn: 1, reason: { kind: 'completed' } });
    assert.deepEqual(
      storedPlan(logPath)?.map((t) => t.content),
      ['first', 'second'],
      'the call it could not answer was still recorded',
    );
    assert.equal(check(logPath).status, 0);
  });

  it('a server killed mid-call leaves an open turn; the next server over the folder repairs it (interrupted, plan kept)', async () => {
    const cwd = tempDir();
    const first = await connect(cwd, ['--allow-parallel-in-progress', 'true']);
    await first.client.callTool({ name: 'todo_write', arguments: { todos: [todo('first', 'in_progress')] } });
    const pending = first.client
      .callTool({
        name: 'todo_write',
        arguments: { todos: [todo('first', 'completed'), todo('second', 'in_progress')] },
      })
      .catch(() => 'killed');
    process.kill(first.transport.pid!, 'SIGKILL');
    await pending;
    await first.close().catch(() => {});
    const [logPath] = logsIn(path.join(cwd, SESSIONS));
    assert.ok(logPath);
    const planBefore = storedPlan(logPath);
    assert.equal(loadLogFile(logPath).checker.position.openTurn, 1, 'killed with its turn open');
    assert.equal(fs.existsSync(`${logPath}.lock`), true, 'and its lock left behind');
    assert.match(check(logPath).stdout, /turn 1 still open/);

    const next = await connect(cwd, ['--allow-parallel-in-progress', 'true']);
    try {
      await until(() => /repaired/.test(next.stderr()), 'the repair report on stderr');
      assert.match(next.stderr(), new RegExp(`repaired ${logPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      const repaired = loadLogFile(logPath);
      assert.deepEqual(repaired.events.at(-1)?.data, {
        turn: 1,
        reason: { kind: 'interrupted', message: INTERRUPTED_MESSAGE },
      });
      assert.deepEqual(storedPlan(logPath), planBefore, 'repair leaves the plan as it was');
      assert.equal(fs.existsSync(`${logPath}.lock`), false);
      const checked = check(logPath);
      assert.equal(checked.status, 0, checked.stderr);
      assert.doesNotMatch(checked.stdout, /still open/);
    } finally {
      await next.close();
    }
  });
});
