// `agent-checklist mcp`, the built CLI, through the SDK's own client over stdio:
// initialize, tools/list, every contract case through tools/call, todo_read, one log
// per connection, and a killed client or server leaving a log that reopens valid.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { createTodoWriteTool } from '../../../extension/src/core/tools/todo-write/todo-write-tool';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { loadsLazily, startupText } from '../support/process-bundles';
import { tempDir, todo } from '../support/sessions';
import { TODO_WRITE_CONTRACT_CASES } from '../support/todo-write-cases';
import { cliPath, build, connect, logsIn, storedPlan, textOf, until } from './mcp-support';

before(build);

const SESSIONS = '.agent-checklist/sessions';

describe('agent-checklist mcp: handshake and tool list', () => {
  it('initializes as agent-checklist and lists todo_write with exactly the core tool description and JSON Schema, plus todo_read', async () => {
    const cwd = tempDir();
    for (const allowParallelInProgress of [true, false]) {
      const c = await connect(cwd, ['--allow-parallel-in-progress', String(allowParallelInProgress)]);
      try {
        assert.equal(c.client.getServerVersion()?.name, 'agent-checklist');
        assert.deepEqual(c.client.getServerCapabilities()?.tools, {});
        const { tools } = await c.client.listTools();
        assert.deepEqual(
          tools.map((t) => t.name),
          ['todo_write', 'todo_read'],
        );
        const core = createTodoWriteTool({ allowParallelInProgress });
        assert.equal(tools[0]!.description, core.description);
        assert.deepEqual(tools[0]!.inputSchema, core.parameters);
        assert.equal(tools[0]!.title, 'Update todo list');
        assert.deepEqual(tools[1]!.inputSchema, { type: 'object', properties: {} });
      } finally {
        await c.close();
      }
    }
    assert.deepEqual(logsIn(path.join(cwd, SESSIONS)), [], 'a connection that writes nothing leaves no log');
  });

  it('ships the MCP SDK in dist/mcp.js only, which dist/cli.js loads for `mcp`; never in dist/cli.js or dist/extension.js', () => {
    assert.match(startupText('dist/mcp.js'), /McpError/);
    const cli = startupText('dist/cli.js');
    assert.doesNotMatch(
      cli,
      /StdioServerTransport|McpError|modelcontextprotocol/,
      'dist/cli.js loads the MCP SDK at start',
    );
    assert.ok(loadsLazily('dist/cli.js', 'dist/mcp.js'), 'dist/cli.js loads dist/mcp.js with import()');
    assert.doesNotMatch(startupText('dist/extension.js'), /StdioServerTransport|McpError|modelcontextprotocol/);
  });

  it('refuses to start without the todo_write policy: exit 2, nothing on stdout', () => {
    const run = spawnSync(process.execPath, [cliPath, 'mcp'], { cwd: tempDir(), encoding: 'utf8', input: '' });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /--allow-parallel-in-progress/);
  });
});

describe('agent-checklist mcp: every contract case through tools/call', () => {
  for (const c of TODO_WRITE_CONTRACT_CASES) {
    it(c.name, async () => {
      const cwd = tempDir();
      const dir = path.join(cwd, 'logs');
      const conn = await connect(cwd, [
        '--session-dir',
        'logs',
        '--allow-parallel-in-progress',
        String(c.allowParallelInProgress),
      ]);
      try {
        for (const call of c.calls) {
          const before = logsIn(dir).map((p) => loadLogFile(p).events.length);
          const result = textOf(await conn.client.callTool({ name: 'todo_write', arguments: call.args }));
          assert.deepEqual(result, { isError: call.isError, text: call.text });
          const logs = logsIn(dir);
          if (call.stored === undefined) {
            assert.deepEqual(logs, [], 'a rejection before any accepted call creates no log');
            continue;
          }
          assert.equal(logs.length, 1);
          const events = loadLogFile(logs[0]!).events;
          if (call.isError) assert.equal(events.length, before[0], 'a rejected call appends nothing');
          assert.deepEqual(storedPlan(logs[0]!), call.stored);
        }
      } finally {
        await conn.close();
      }
    });
  }

  it('a call whose arguments are not an object is refused by the protocol itself and appends nothing', async () => {
    const cwd = tempDir();
    const conn = await connect(cwd, ['--allow-parallel-in-progress', 'true']);
    try {
      await assert.rejects(conn.client.callTool({ name: 'todo_write', arguments: null as never }), /arguments/);
      await assert.rejects(
        conn.client.callTool({ name: 'no_such_tool', arguments: {} }),
        /unknown tool "no_such_tool"/,
      );
      assert.deepEqual(logsIn(path.join(cwd, SESSIONS)), []);
    } finally {
      await conn.close();
    }
  });
});

describe('agent-checklist mcp: todo_read and the log', () => {
  it('todo_read returns the standing plan as todo_write takes it; the log names the client and passes check', async () => {
    const cwd = tempDir();
    const conn = await connect(cwd, ['--allow-parallel-in-progress', 'false'], {
      name: 'claude-code',
      version: '2.0.14',
    });
    let logPath = '';
    try {
      assert.deepEqual(textOf(await conn.client.callTool({ name: 'todo_read', arguments: {} })), {
        isError: false,
        text: 'No todo list has been written in this session yet.',
      });
      const list = [todo('read', 'completed'), todo('fix', 'in_progress'), todo('test')];
      await conn.client.callTool({ name: 'todo_write', arguments: { todos: list } });
      assert.deepEqual(textOf(await conn.client.callTool({ name: 'todo_read', arguments: {} })), {
        isError: false,
        text: `Current todo list: 1 pending, 1 in progress, 1 completed.\n${JSON.stringify({ todos: list })}`,
      });
      logPath = logsIn(path.join(cwd, SESSIONS))[0]!;
      const loaded = loadLogFile(logPath!);
      assert.deepEqual(loaded.header.source, { kind: 'mcp', name: 'claude-code', version: '2.0.14' });
      assert.equal(loaded.header.cwd, cwd);
      assert.equal(loaded.checker.position.openTurn, 1, 'the turn stays open while the client is connected');
      assert.match(conn.stderr(), /session log .*\.jsonl \(client claude-code 2\.0\.14\)/);
    } finally {
      await conn.close();
    }
    await until(() => loadLogFile(logPath).checker.position.openTurn === null, 'the turn to close on disconnect');
    assert.deepEqual(
      loadLogFile(logPath).events.map((e) => e.type),
      ['turn/start', 'todo/write', 'turn/end'],
    );
    const check = spawnSync(process.execPath, [cliPath, 'check', logPath], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
    assert.equal(check.stdout.trim(), 'valid: 3 events, 1 turn, plan: 1 completed · 1 in progress · 1 pending');
  });

  it('two connections write two logs, each naming its own client', async () => {
    const cwd = tempDir();
    const a = await connect(cwd, ['--allow-parallel-in-progress', 'true'], { name: 'claude-code', version: '1' });
    const b = await connect(cwd, ['--allow-parallel-in-progress', 'true'], { name: 'codex-mcp-client', version: '2' });
    try {
      await Promise.all([
        a.client.callTool({ name: 'todo_write', arguments: { todos: [todo('from a')] } }),
        b.client.callTool({ name: 'todo_write', arguments: { todos: [todo('from b')] } }),
      ]);
      const logs = logsIn(path.join(cwd, SESSIONS)).map((p) => ({
        client: loadLogFile(p).header.source,
        plan: storedPlan(p),
      }));
      assert.equal(logs.length, 2);
      assert.deepEqual(
        logs.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
        [
          { client: { kind: 'mcp', name: 'claude-code', version: '1' }, plan: [todo('from a')] },
          { client: { kind: 'mcp', name: 'codex-mcp-client', version: '2' }, plan: [todo('from b')] },
        ],
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
