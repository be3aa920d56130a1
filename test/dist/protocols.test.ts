// The built CLI's protocol servers, each a lazily loaded part of dist/: `mcp` driven
// by the MCP SDK's own client over stdio (initialize, todo_write, todo_read, the plan on
// its session log), and `acp` driven by the ACP SDK's own client (initialize, a new
// session, a prompt answered by the scripted model, the plan arriving as a plan update).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as z from 'zod/mini';
import { assertLogChecks, CLI, runEnv, standingPlan, tempDir } from './support/built-cli';

const PLAN = [
  { content: 'Read the issue', status: 'completed' },
  { content: 'Write the fix', status: 'in_progress' },
];

const toolTextSchema = z.object({
  isError: z.optional(z.boolean()),
  content: z.array(z.object({ type: z.string(), text: z.optional(z.string()) })),
});

/** A tool result's text, refused when the tool said it failed. */
function okText(result: unknown): string {
  const parsed = toolTextSchema.parse(result);
  const text = parsed.content.map((c) => c.text ?? '').join('');
  assert.notEqual(parsed.isError, true, text);
  return text;
}

/** The only session log in `dir`. */
function onlyLog(dir: string): string {
  const logs = fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  assert.equal(logs.length, 1, `one session log in ${dir}: ${logs.join(', ')}`);
  return path.join(dir, logs[0]!);
}

describe('the built CLI over MCP and ACP', () => {
  it('mcp: the MCP SDK client initializes, writes the plan with todo_write and reads it with todo_read', async () => {
    const dir = tempDir();
    const sessions = path.join(dir, 'sessions');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--session-dir', sessions, '--allow-parallel-in-progress', 'false'],
      cwd: dir,
      env: runEnv(dir),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const mcp = new Client({ name: 'dist-test', version: '1.0.0' });
    try {
      await mcp.connect(transport);
      assert.equal(mcp.getServerVersion()?.name, 'agent-checklist');
      const tools = (await mcp.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(tools, ['todo_read', 'todo_write']);
      okText(await mcp.callTool({ name: 'todo_write', arguments: { todos: PLAN } }));
      const read = okText(await mcp.callTool({ name: 'todo_read', arguments: {} }));
      for (const item of PLAN) assert.ok(read.includes(item.content), `todo_read shows ${item.content}:\n${read}`);
    } finally {
      await mcp.close();
    }
    const log = onlyLog(sessions);
    assert.deepEqual(
      (await standingPlan(log)).map(({ content, status }) => ({ content, status })),
      PLAN,
      stderr,
    );
    await assertLogChecks(log);
  });

  it('acp: the ACP SDK client initializes, opens a session, prompts, and the plan arrives as a plan update', async () => {
    const dir = tempDir();
    const sessions = path.join(dir, 'sessions');
    const script = path.join(dir, 'model.json');
    fs.writeFileSync(
      script,
      JSON.stringify({
        responses: [{ toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] }, { text: 'Planned.' }],
      }),
    );
    const args = ['acp', '--script', script, '--allow-parallel-in-progress', 'false', '--session-dir', sessions];
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: dir,
      env: runEnv(dir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const updates: SessionNotification[] = [];
    const app = client({ name: 'dist-test' }).onNotification(
      'session/update',
      ({ params }) => void updates.push(params),
    );
    const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
    const answer = await app.connectWith(stream, async (agent) => {
      const init = await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      assert.equal(init.agentInfo?.name, 'agent-checklist');
      const { sessionId } = await agent.request('session/new', { cwd: dir, mcpServers: [] });
      const prompted = await agent.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'Plan the fix.' }],
      });
      return { sessionId, stopReason: prompted.stopReason };
    });
    child.stdin.end();
    assert.equal(await exited, 0, stderr);
    assert.equal(answer.stopReason, 'end_turn');
    const plans = updates.flatMap((n) => (n.update.sessionUpdate === 'plan' ? [n.update.entries] : []));
    assert.deepEqual(
      plans.at(-1)?.map(({ content, status }) => ({ content, status })),
      PLAN,
    );
    const log = path.join(sessions, `${answer.sessionId}.jsonl`);
    assert.deepEqual(
      (await standingPlan(log)).map(({ content, status }) => ({ content, status })),
      PLAN,
    );
    await assertLogChecks(log);
  });
});
