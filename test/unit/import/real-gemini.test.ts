// The REAL Gemini CLI 0.61.0 (devDependency), run headless (`gemini -p … --yolo`) in a
// temporary home and project folder against the loopback Gemini API server: with a
// Gemini 2.x model its three write_todos calls are followed while it runs (Gemini CLI
// registers the folder in projects.json at its start) into the log `import` writes
// for the whole file, three versions in order at the calls' times, one turn; with its
// default model (routed to a Gemini 3 model, offered no write_todos) the session has
// no plan and both the import's warning and the log's notice offer our MCP set-up.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { AgentFollowers } from '../../../extension/src/core/import/agent-followers';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import { agentHomes, FOLLOWED_AGENTS } from '../../../extension/src/core/import/followed-agents';
import { geminiCli } from '../../../extension/src/core/import/agents/gemini-cli';
import { planNoticeOfLog } from '../../../extension/src/core/import/plan-notice';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import {
  AGENT_SCRIPTS,
  GEMINI_PLAN_MODEL,
  geminiHome,
  geminiSession,
  runGemini,
  ScriptedModelServer,
} from './agent-runs';

async function cli(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd };
  const code = await main(args, io);
  return { code, out, err };
}

type GeminiLine = { type?: string; toolCalls?: { id: string; name: string; timestamp?: string }[] };

/** The times of Gemini CLI's write_todos calls, once per call id, read straight from its file. */
function writeTodosTimes(file: string): string[] {
  const seen = new Map<string, string>();
  for (const text of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const line = JSON.parse(text) as GeminiLine;
    for (const call of line.type === 'gemini' ? (line.toolCalls ?? []) : [])
      if (call.name === 'write_todos' && !seen.has(call.id)) seen.set(call.id, call.timestamp ?? '');
  }
  return [...seen.values()];
}

const plan = (...items: [string, string][]) => items.map(([content, status]) => ({ content, status }));

function setUp(prefix: string) {
  const dir = tempDir(prefix);
  const work = path.join(dir, 'work');
  fs.mkdirSync(work);
  return { dir, work, home: geminiHome(path.join(dir, 'home')) };
}

describe('the real Gemini CLI', () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());

  it('write_todos ×3 with a Gemini 2.x model: followed while it runs and imported, three versions in order', async () => {
    const { dir, work, home } = setUp('real-gemini-plan-');
    const homes = agentHomes({ GEMINI_CLI_HOME: home });
    const sessionDir = path.join(dir, 'followed');
    const reports: FollowReport[] = [];
    const followers = new AgentFollowers((r) => reports.push(r));
    followers.configure({ folders: [work], agents: ['gemini-cli'], homes, sessionDir });
    let file: string;
    try {
      server.script(...AGENT_SCRIPTS.writeTodos);
      await runGemini(server, home, work, 'fix the bug', GEMINI_PLAN_MODEL);
      assert.equal(server.left, 0);
      file = geminiSession(home);
      assert.ok(geminiCli.reading.kind === 'jsonl');
      const chats = geminiCli.reading.load().files.dirOf(homes['gemini-cli']!, work);
      assert.equal(path.dirname(file), chats, 'projects.json names the folder');
      assert.equal(fs.readFileSync(path.join(path.dirname(file), '..', '.project_root'), 'utf8').trim(), work);
      // The follower reads what settled; wait for its report of the third version (or fail after 20 s).
      const deadline = Date.now() + 20_000;
      const followed = () => reports.flatMap((r) => (r.kind === 'wrote' ? [r] : []));
      while (followed().reduce((n, r) => n + r.versions, 0) < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(
        reports.filter((r) => r.kind === 'problem'),
        [],
      );
      assert.equal(
        followed().reduce((n, r) => n + r.versions, 0),
        3,
        JSON.stringify(reports),
      );
    } finally {
      followers.dispose();
    }
    const followedLog = reports.find((r) => r.kind === 'wrote')!;
    assert.ok(followedLog.kind === 'wrote');

    const imported = await cli(dir, 'import', file, '--session-dir', 'sessions');
    assert.equal(imported.code, 0, imported.err.join('\n'));
    assert.deepEqual(imported.err, []);
    const logPath = imported.out.at(-1)!;
    assert.equal(fs.readFileSync(followedLog.logPath, 'utf8'), fs.readFileSync(logPath, 'utf8'));
    const log = loadLogFile(logPath);
    assert.deepEqual(log.header.source, { kind: 'imported', name: 'gemini-cli', version: 'unknown', file });
    assert.equal(log.header.title, 'fix the bug');
    const writes = log.events.flatMap((e) => (e.type === 'todo/write' ? [e] : []));
    assert.deepEqual(
      writes.map((e) => e.ts),
      writeTodosTimes(file),
    );
    assert.deepEqual(
      writes.map((e) => e.data.todos),
      [
        plan(['Read the code', 'in_progress'], ['Fix the bug', 'pending']),
        plan(['Read the code', 'completed'], ['Fix the bug', 'in_progress']), // `cancelled` left out
        plan(['Read the code', 'completed'], ['Fix the bug', 'completed'], ['Add a test', 'pending']), // `blocked`
      ],
    );
    // One prompt: Gemini CLI's set-up context and its function responses (user messages too) start no turn.
    assert.equal(log.events.filter((e) => e.type === 'turn/start').length, 1);
    assert.equal(planNoticeOfLog(log.header.source, true, FOLLOWED_AGENTS), undefined);
  });

  it('its default model is offered no write_todos: no plan, and the notice offers our MCP set-up', async () => {
    const { dir, work, home } = setUp('real-gemini-default-');
    const asked = server.requests.length;
    server.script({ text: 'Done.' });
    await runGemini(server, home, work, 'fix the bug', undefined);
    assert.equal(server.left, 0);
    const request = JSON.parse(server.requests[asked]!) as { tools?: { functionDeclarations?: { name: string }[] }[] };
    const offered = (request.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
    assert.ok(offered.includes('run_shell_command'), offered.join(', '));
    assert.ok(!offered.includes('write_todos'), offered.join(', '));

    const file = geminiSession(home);
    const imported = await cli(dir, 'import', file, '--session-dir', 'sessions');
    assert.equal(imported.code, 0, imported.err.join('\n'));
    assert.equal(imported.err.length, 1);
    assert.match(imported.err[0]!, /^agent-checklist: warning: no plan: Gemini CLI offers write_todos to Gemini 2\.x/);
    assert.match(imported.err[0]!, /this session's model is gemini-3/);
    assert.match(imported.err[0]!, /agent-checklist mcp/);
    const log = loadLogFile(imported.out.at(-1)!);
    assert.equal(log.events.filter((e) => e.type === 'todo/write').length, 0);
    assert.equal(planNoticeOfLog(log.header.source, false, FOLLOWED_AGENTS)?.off.notice, 'gemini-no-plan-tool');
  });
});
