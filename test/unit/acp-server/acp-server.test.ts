// `agent-checklist acp`, the built CLI, driven by the ACP SDK's own client over stdio:
// the handshake, a session whose plan updates equal our standing plan after each
// todo_write (read back with `agent-checklist plan --at`), bash asked as a permission
// request (one allowed, one rejected, both decisions on our log), session/cancel ending
// the prompt `cancelled`, session/close releasing the log, session/load replaying a
// stored log, and stdout carrying nothing but the protocol.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import type { PlanEntry, SessionNotification } from '@agentclientprotocol/sdk';
import * as z from 'zod/mini';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { loadsLazily, startupText } from '../support/process-bundles';
import { listed, tempDir } from '../support/sessions';
import { build, cliPath, until, withAcpAgent, writeScript } from './acp-support';

before(build);

const todoWrite = (todos: { content: string; status: string }[]) => ({
  toolCalls: [{ name: 'todo_write', arguments: { todos } }],
});
const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command } }] });

const FIRST_PLAN = [
  { content: 'Write the greeting', status: 'in_progress' },
  { content: 'Check it', status: 'pending' },
];
const SECOND_PLAN = [
  { content: 'Write the greeting', status: 'completed' },
  { content: 'Check it', status: 'in_progress' },
];

function plansOf(updates: readonly SessionNotification[]): PlanEntry[][] {
  return updates.flatMap((n) => (n.update.sessionUpdate === 'plan' ? [n.update.entries] : []));
}

/** `agent-checklist plan <log> --format json --at <seq>`: our standing plan as of that event, from the CLI. */
function standingPlanAt(logPath: string, seq: number): unknown {
  const out = spawnSync(process.execPath, [cliPath, 'plan', logPath, '--format', 'json', '--at', String(seq)], {
    encoding: 'utf8',
  });
  assert.equal(out.status, 0, out.stderr);
  return listed(out.stdout);
}

describe('agent-checklist acp: our agent served over ACP', () => {
  it('streams the plan after each todo_write as our standing plan, asks for bash with allow/always/reject, logs both decisions, cancels, and reloads', async () => {
    const cwd = tempDir();
    const sessions = path.join(cwd, 'logs');
    const script = writeScript(cwd, [
      todoWrite(FIRST_PLAN),
      bash('echo hello > greeting.txt'),
      todoWrite(SECOND_PLAN),
      { text: 'Greeting written.' },
      bash('echo never > refused.txt'),
      { text: 'Not written, as you asked.' },
      { delayMs: 600_000, text: 'too late' },
    ]);
    const args = [
      '--provider',
      'scripted',
      '--script',
      script,
      '--allow-parallel-in-progress',
      'false',
      '--session-dir',
      sessions,
    ];
    const { result, exitCode, run } = await withAcpAgent(cwd, args, ['allow-once', 'reject'], async (agent, run) => {
      const init = await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      assert.equal(init.agentInfo?.name, 'agent-checklist');
      assert.equal(init.agentInfo?.title, 'Agent Checklist');
      assert.equal(
        init.agentInfo?.version,
        z
          .object({ version: z.string() })
          .parse(JSON.parse(fs.readFileSync(path.join(path.dirname(cliPath), '..', 'package.json'), 'utf8'))).version,
      );
      assert.equal(init.agentCapabilities?.loadSession, true);
      assert.deepEqual(init.agentCapabilities?.sessionCapabilities?.close, {});
      const { sessionId } = await agent.request('session/new', { cwd, mcpServers: [] });
      const logPath = path.join(sessions, `${sessionId}.jsonl`);
      const first = await agent.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'write a greeting' }],
      });
      assert.equal(first.stopReason, 'end_turn');
      assert.equal(loadLogFile(logPath).header.cwd, cwd, 'the log is ours, with the cwd the client gave');
      const updatesOfFirst = run.updates.length;
      const second = await agent.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'now write another file' }],
      });
      assert.equal(second.stopReason, 'end_turn');

      const third = agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'take your time' }] });
      await until(
        () => loadLogFile(logPath).events.some((e) => e.type === 'step/start' && e.data.turn === 3),
        'the third turn to start',
      );
      await agent.notify('session/cancel', { sessionId });
      assert.equal((await third).stopReason, 'cancelled');
      assert.ok(fs.existsSync(`${logPath}.lock`), 'the open session holds its log');
      await agent.request('session/close', { sessionId });
      assert.equal(fs.existsSync(`${logPath}.lock`), false, 'session/close releases the log');
      return { sessionId, logPath, updatesOfFirst };
    });
    assert.equal(exitCode, 0, run.stderr());

    // Stdout is the protocol: every line one JSON-RPC message.
    const message = z.object({ jsonrpc: z.literal('2.0') });
    for (const line of run.stdoutLines()) assert.ok(message.safeParse(JSON.parse(line)).success, line);

    const log = loadLogFile(result.logPath);
    // Each todo_write's plan update equals our standing plan right after it, as `agent-checklist plan --at` reads it.
    const writes = log.events.filter((e) => e.type === 'todo/write');
    assert.equal(writes.length, 2);
    const plans = plansOf(run.updates.slice(0, result.updatesOfFirst));
    assert.equal(plans.length, 2, 'one plan update per todo_write in the first turn');
    writes.forEach((write, i) => {
      assert.deepEqual(
        plans[i]!.map(({ content, status }) => ({ content, status })),
        standingPlanAt(result.logPath, write.seq),
      );
      assert.ok(plans[i]!.every((entry) => entry.priority === 'medium'));
    });
    // The second turn's start clears a model's plan: told as an empty plan, as our standing plan is then none.
    assert.deepEqual(plansOf(run.updates.slice(result.updatesOfFirst)), [[]]);
    assert.equal(
      standingPlanAt(result.logPath, log.events.find((e) => e.type === 'turn/start' && e.data.turn === 2)!.seq),
      null,
    );

    // bash asked twice, with our three options; the first allowed (and run), the second rejected.
    assert.equal(run.permissions.length, 2);
    for (const request of run.permissions) {
      assert.equal(request.sessionId, result.sessionId);
      assert.match(request.toolCall.title ?? '', /^bash: echo /);
      assert.deepEqual(
        request.options.map((o) => o.kind),
        ['allow_once', 'allow_always', 'reject_once'],
      );
    }
    assert.equal(fs.readFileSync(path.join(cwd, 'greeting.txt'), 'utf8'), 'hello\n');
    assert.equal(fs.existsSync(path.join(cwd, 'refused.txt')), false);
    const approvals = log.events.flatMap((e) =>
      e.type === 'tool/approval' ? [{ tool: e.data.tool, decision: e.data.decision, by: e.data.by }] : [],
    );
    assert.deepEqual(approvals, [
      { tool: 'bash', decision: 'approve', by: 'user' },
      { tool: 'bash', decision: 'deny', by: 'user' },
    ]);

    // The calls as tool_call / tool_call_update, the text as message chunks.
    const bashCalls = run.updates.flatMap((n) =>
      n.update.sessionUpdate === 'tool_call' && n.update.kind === 'execute' ? [n.update] : [],
    );
    assert.equal(bashCalls.length, 2);
    const endOf = (id: string) =>
      run.updates.flatMap((n) =>
        n.update.sessionUpdate === 'tool_call_update' && n.update.toolCallId === id && n.update.status !== 'in_progress'
          ? [n.update.status]
          : [],
      );
    assert.deepEqual(endOf(bashCalls[0]!.toolCallId), ['completed']);
    assert.deepEqual(endOf(bashCalls[1]!.toolCallId), ['failed']);
    const text = run.updates
      .flatMap((n) =>
        n.update.sessionUpdate === 'agent_message_chunk' && n.update.content.type === 'text'
          ? [n.update.content.text]
          : [],
      )
      .join('');
    assert.equal(text, 'Greeting written.Not written, as you asked.');
    assert.deepEqual(
      log.events.filter((e) => e.type === 'turn/end').map((e) => e.data.reason.kind),
      ['completed', 'completed', 'aborted'],
    );

    // A new process resumes the log: session/load replays the prompts and the plan history.
    const reload = await withAcpAgent(cwd, args, [], async (agent, rerun) => {
      await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      await agent.request('session/load', { sessionId: result.sessionId, cwd, mcpServers: [] });
      return [...rerun.updates];
    });
    assert.equal(reload.exitCode, 0, reload.run.stderr());
    const replayed = reload.result;
    assert.deepEqual(plansOf(replayed), [...plans, []]);
    const prompts = replayed.flatMap((n) =>
      n.update.sessionUpdate === 'user_message_chunk' && n.update.content.type === 'text'
        ? [n.update.content.text]
        : [],
    );
    assert.deepEqual(prompts, ['write a greeting', 'now write another file', 'take your time']);
  });

  it('refuses bad flags before serving: exit 2, nothing on stdout', () => {
    const run = spawnSync(process.execPath, [cliPath, 'acp', '--provider', 'scripted'], {
      cwd: tempDir(),
      encoding: 'utf8',
      input: '',
    });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /--allow-parallel-in-progress|--script/);
    const foreign = spawnSync(process.execPath, [cliPath, 'acp', '--json'], {
      cwd: tempDir(),
      encoding: 'utf8',
      input: '',
    });
    assert.equal(foreign.status, 2);
    assert.match(foreign.stderr, /acp does not take --json/);
  });

  it('ships the ACP SDK in dist/acp-server.js only, which dist/cli.js loads for `acp`', () => {
    assert.ok(loadsLazily('dist/cli.js', 'dist/acp-server.js'), 'dist/cli.js loads dist/acp-server.js with import()');
    assert.doesNotMatch(startupText('dist/cli.js'), /ndJsonStream|agentclientprotocol/);
    assert.match(startupText('dist/acp-server.js'), /agentclientprotocol|ndJsonStream/);
  });
});
