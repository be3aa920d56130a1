// The real Claude Code (TodoWrite, then Tasks) and Codex (update_plan), run offline
// against the loopback model server, write their own session files; `import` makes
// them our logs, and plan / history / check / export read those like any log. A
// resume appends to the agent's file; importing it again updates the same log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { listed, tempDir } from '../support/sessions';
import {
  AGENT_SCRIPTS,
  claudeTranscript,
  codexHome,
  codexRollout,
  codexThreadId,
  runClaude,
  runCodex,
  ScriptedModelServer,
} from './agent-runs';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

async function cli(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const io = capture(cwd);
  const code = await main(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Imports and checks the log as every reader sees it: its path, and its history as JSON. */
async function importAndRead(
  cwd: string,
  file: string,
): Promise<{ logPath: string; history: { ts: string; by: string; todos: unknown }[] }> {
  const imported = await cli(cwd, 'import', file, '--session-dir', 'sessions');
  assert.equal(imported.code, 0, imported.stderr.join('\n'));
  const logPath = imported.stdout.at(-1)!;
  for (const reader of [['check'], ['export'], ['plan']]) {
    const r = await cli(cwd, ...reader, logPath);
    assert.equal(r.code, 0, `${reader[0]}: ${r.stderr.join('\n')}`);
  }
  const history = await cli(cwd, 'history', logPath, '--format', 'json');
  assert.equal(history.code, 0, history.stderr.join('\n'));
  return { logPath, history: JSON.parse(history.stdout.join('')) };
}

async function standingPlan(cwd: string, logPath: string): Promise<unknown> {
  const r = await cli(cwd, 'plan', logPath, '--format', 'json');
  assert.equal(r.code, 0, r.stderr.join('\n'));
  const items: unknown = JSON.parse(r.stdout.join(''));
  // An imported log records the agent's plan, not its tool calls: no evidence, no flag.
  if (Array.isArray(items)) for (const item of items) assert.deepEqual([item.flag, item.evidence], [null, null]);
  return listed(r.stdout.join(''));
}

type Line = {
  type?: string;
  timestamp?: string;
  message?: { content?: unknown };
  payload?: { type?: string; name?: string };
};
const lines = (file: string): Line[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

/** The times of the agent's own plan calls, read straight from its file (the test's independent view). */
function claudeCallTimes(file: string, tools: readonly string[]): string[] {
  return lines(file).flatMap((l) => {
    const content =
      l.type === 'assistant' && Array.isArray(l.message?.content)
        ? (l.message.content as { type?: string; name?: string }[])
        : [];
    return content.filter((b) => b.type === 'tool_use' && tools.includes(b.name ?? '')).map(() => l.timestamp!);
  });
}

function codexCallTimes(file: string): string[] {
  return lines(file).flatMap((l) =>
    l.type === 'response_item' && l.payload?.type === 'function_call' && l.payload.name === 'update_plan'
      ? [l.timestamp!]
      : [],
  );
}

const plan = (...items: [string, string][]) => items.map(([content, status]) => ({ content, status }));

/** A temp folder with the agent's working folder in it. */
function workDirs(prefix: string): { dir: string; work: string } {
  const dir = tempDir(prefix);
  const work = path.join(dir, 'work');
  fs.mkdirSync(work);
  return { dir, work };
}

describe('import of files the real agents wrote', () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());

  it('Claude Code TodoWrite: one version per write at its times, by the agent; a resume re-imports to the same log', async () => {
    const { dir, work } = workDirs('import-claude-todo-');
    const opts = { configDir: path.join(dir, 'claude'), tools: 'todo' as const };
    server.script(...AGENT_SCRIPTS.todoWrite);
    await runClaude(server, work, opts, 'fix the bug');
    assert.equal(server.left, 0);
    const transcript = claudeTranscript(opts.configDir);
    const sessionId = path.basename(transcript, '.jsonl');
    const first = await importAndRead(dir, transcript);
    assert.equal(first.logPath, path.join(dir, 'sessions', `claude-code-${sessionId}.jsonl`));
    const header = JSON.parse(fs.readFileSync(first.logPath, 'utf8').split('\n')[0]!);
    assert.deepEqual(header.source, { kind: 'imported', name: 'claude-code', version: '2.1.328', file: transcript });
    assert.deepEqual(
      first.history.map((v) => v.ts),
      claudeCallTimes(transcript, ['TodoWrite']),
    );
    assert.deepEqual(
      first.history.map((v) => v.by),
      ['model', 'model'],
    );
    assert.deepEqual(
      await standingPlan(dir, first.logPath),
      plan(['Read the code', 'completed'], ['Fix the bug', 'in_progress']),
    );

    server.script(...AGENT_SCRIPTS.todoWriteResumed);
    await runClaude(server, work, opts, 'finish it', sessionId);
    assert.equal(claudeTranscript(opts.configDir), transcript, 'the resume appended to the same transcript');
    const again = await importAndRead(dir, transcript);
    assert.equal(again.logPath, first.logPath);
    assert.deepEqual(
      fs.readdirSync(path.join(dir, 'sessions')).filter((f) => f.endsWith('.jsonl')),
      [path.basename(first.logPath)],
    );
    assert.deepEqual(
      again.history.map((v) => v.ts),
      claudeCallTimes(transcript, ['TodoWrite']),
    );
    assert.deepEqual(again.history.slice(0, 2), first.history);
    assert.deepEqual(
      await standingPlan(dir, again.logPath),
      plan(['Read the code', 'completed'], ['Fix the bug', 'completed']),
    );
  });

  it('Claude Code Tasks: each TaskCreate and TaskUpdate is a version, a list query none, deleted removes the item', async () => {
    const { dir, work } = workDirs('import-claude-tasks-');
    const opts = { configDir: path.join(dir, 'claude'), tools: 'tasks' as const };
    server.script(...AGENT_SCRIPTS.tasks);
    await runClaude(server, work, opts, 'fix the bug');
    assert.equal(server.left, 0);
    const transcript = claudeTranscript(opts.configDir);
    const { logPath, history } = await importAndRead(dir, transcript);
    assert.deepEqual(
      history.map((v) => v.ts),
      claudeCallTimes(transcript, ['TaskCreate', 'TaskUpdate']),
    );
    // Each item keeps its id across the versions (history's `itemId`), beside its text and status.
    const todos = history.map((v) => v.todos as { content: string; status: string; itemId: string }[]);
    assert.equal(new Set(todos.map((list) => list[0]!.itemId)).size, 1, 'Read the code keeps its id');
    assert.deepEqual(
      todos.map((list) => list.map(({ content, status }) => ({ content, status }))),
      [
        plan(['Read the code', 'pending']),
        plan(['Read the code', 'pending'], ['Fix the bug', 'pending']),
        plan(['Read the code', 'in_progress'], ['Fix the bug', 'pending']),
        plan(['Read the code', 'completed'], ['Fix the bug', 'pending']),
        plan(['Read the code', 'completed']),
      ],
    );
    assert.deepEqual(await standingPlan(dir, logPath), plan(['Read the code', 'completed']));
  });

  it('Codex update_plan: one version per call at its times; codex exec resume re-imports to the same log', async () => {
    const { dir, work } = workDirs('import-codex-');
    const home = codexHome(path.join(dir, 'codex'), server);
    server.script(...AGENT_SCRIPTS.updatePlan);
    await runCodex(home, work, 'fix the bug');
    assert.equal(server.left, 0);
    const rollout = codexRollout(home);
    const threadId = codexThreadId(rollout);
    const first = await importAndRead(dir, rollout);
    assert.equal(first.logPath, path.join(dir, 'sessions', `codex-${threadId}.jsonl`));
    const header = JSON.parse(fs.readFileSync(first.logPath, 'utf8').split('\n')[0]!);
    assert.deepEqual(header.source, { kind: 'imported', name: 'codex', version: '0.169.0', file: rollout });
    assert.deepEqual(
      first.history.map((v) => v.ts),
      codexCallTimes(rollout),
    );
    assert.deepEqual(
      first.history.map((v) => v.by),
      ['model', 'model'],
    );

    server.script(...AGENT_SCRIPTS.updatePlanResumed);
    await runCodex(home, work, 'finish it', threadId);
    assert.equal(codexRollout(home), rollout, 'the resume appended to the same rollout');
    const again = await importAndRead(dir, rollout);
    assert.equal(again.logPath, first.logPath);
    assert.deepEqual(
      again.history.map((v) => v.ts),
      codexCallTimes(rollout),
    );
    assert.equal(again.history.length, 3);
    assert.deepEqual(
      await standingPlan(dir, again.logPath),
      plan(['Read the code', 'completed'], ['Fix the bug', 'completed']),
    );
  });
});
