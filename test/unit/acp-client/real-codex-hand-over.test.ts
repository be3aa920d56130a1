// A Claude Code transcript's plan handed to Codex over ACP: the REAL Claude Code
// (`claude -p`, offline against a loopback Anthropic server) writes a transcript whose
// plan has an item of each status; it is imported, then `run --from
// <imported log> --agent codex` drives the REAL codex-acp (a devDependency) offline
// against the loopback Responses API server this test owns. The new log begins with
// the transcript's plan as a user edit naming the imported session, and the first
// request Codex sends its model carries every item and its status, before the words.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { acpUserEditNote } from '../../../extension/src/core/acp-client/acp-user-edit';
import { sourceLabel } from '../../../extension/src/core/session/source';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { claudeTranscript, codexHome, runClaude, ScriptedModelServer } from '../import/agent-runs';
import { listed, tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { BIN, runCli, runPlace } from './real-agent-cli';

const item = (content: string, status: string) => ({ content, status, activeForm: `Doing: ${content}` });
const TODOS = [item('Read the code', 'completed'), item('Fix the bug', 'in_progress'), item('Add a test', 'pending')];

/** The transcript the real Claude Code writes in `dir/claude-work` when its model plans TODOS. */
async function claudeCodeTranscript(dir: string): Promise<string> {
  const server = await ScriptedModelServer.start();
  after(() => server.close());
  server.script({ tool: 'TodoWrite', input: { todos: TODOS } }, { text: 'Planned.' });
  const work = path.join(dir, 'claude-work');
  fs.mkdirSync(work);
  const configDir = path.join(dir, 'claude');
  await runClaude(server, work, { configDir, tools: 'todo' }, 'plan the fix');
  return claudeTranscript(configDir);
}

/** `agent-checklist <args>` in `dir` with no environment; its stdout lines. */
async function cli(dir: string, args: string[]): Promise<string[]> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd: dir };
  assert.equal(await main(args, io), 0, err.join('\n'));
  return out;
}

/** A JSON string's body: how a text sits inside a request's JSON. */
const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);

describe('run --from <Claude Code transcript> --agent codex (the real codex-acp, offline)', () => {
  it("the new log begins with the transcript's plan naming its session; Codex's first request carries every item and its status", async () => {
    const dir = tempDir('acp-codex-hand-over-');
    fs.copyFileSync(await claudeCodeTranscript(dir), path.join(dir, 'transcript.jsonl'));
    const from = (await cli(dir, ['import', 'transcript.jsonl', '--session-dir', 'imported'])).at(-1)!;
    const source = loadLogFile(from).header;
    assert.equal(source.source?.kind, 'imported');
    const plan = listed((await cli(dir, ['plan', from, '--format', 'json'])).join('\n')) ?? [];
    assert.deepEqual(
      plan,
      TODOS.map(({ content, status }) => ({ content, status })),
    );

    const { ws, server } = await runPlace(dir, [{ text: 'Taking it from here.' }]);
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      CODEX_HOME: codexHome(path.join(dir, 'codex'), server, { model: '"gpt-5.4"' }),
      LOOPBACK_KEY: 'test',
    };
    const args = ['run', '--agent', 'codex', '--json', '--session-dir', path.join(dir, 'sessions')];
    const r = await runCli([...args, '--from', from, 'Carry on with the plan.'], env, ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.finalText, 'Taking it from here.');

    const log = loadLogFile(r.json.logPath);
    assert.deepEqual(sourceLabel(log.header.source, 'cli'), { kind: 'acp', agent: 'Codex' });
    assert.deepEqual(log.events[0]!.type, 'todo/user-edit');
    assert.deepEqual(log.events[0]!.data, { todos: plan, origin: { kind: 'hand-over', session: source.id } });

    const first = server.requests[0];
    assert.ok(first !== undefined, 'Codex asked its model');
    for (const item of plan)
      assert.ok(first.includes(inJson(`- [${item.status}] ${item.content}`)), `item ${item.content} in ${first}`);
    const note = inJson(acpUserEditNote(plan));
    assert.ok(first.includes(note), `the first request carries the plan: ${first.slice(0, 2000)}`);
    assert.ok(first.indexOf(note) < first.indexOf('Carry on with the plan.'), 'the plan before the words');
    assert.deepEqual(processesIn(dir), []);
  });
});
