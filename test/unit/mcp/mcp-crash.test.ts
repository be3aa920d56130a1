// A connection that ends badly still leaves a valid log: a killed CLIENT closes the
// server's stdin (the server closes the turn and exits); a killed SERVER leaves an
// open turn and a stale lock, which the next server over the folder repairs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { INTERRUPTED_MESSAGE } from '../../../extension/src/core/session/repair';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';
import { build, cliPath, connect, logsIn, root, storedPlan, until } from './mcp-support';

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

  it('a server killed mid-call leaves an open turn; the next server over the folder repairs it (interrupted, plan kept)', async () => {
    const cwd = tempDir();
    const first = await connect(cwd, ['--allow-parallel-in-progress', 'true']);
    await first.client.callTool({ name: 'todo_write', arguments: { todos: [todo('first', 'in_progress')] } });
    const pending = first.client.callTool({ name: 'todo_write', arguments: { todos: [todo('first', 'completed'), todo('second', 'in_progress')] } }).catch(() => 'killed');
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
      assert.deepEqual(repaired.events.at(-1)?.data, { turn: 1, reason: { kind: 'interrupted', message: INTERRUPTED_MESSAGE } });
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
