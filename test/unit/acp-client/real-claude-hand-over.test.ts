// `run --from <log> --agent claude-code`: a plan our agent made is handed to the REAL
// claude-agent-acp (a devDependency, bundling Claude Code), offline against the
// loopback Anthropic server this test owns. The new log begins with the source's
// plan as a user edit naming the source session, and the agent's first model request
// carries every item and its status (the note before its first prompt).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { acpUserEditNote } from '../../../extension/src/core/acp-client/acp-user-edit';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';
import { processesIn } from '../support/processes';
import { BIN, runCli, runPlace } from './real-agent-cli';

const PLAN = [todo('read', 'completed'), todo('build', 'in_progress'), todo('fix')];

describe('run --from <log> --agent claude-code (the real claude-agent-acp, offline)', () => {
  it("the new log begins with the source's plan naming its session; the agent's first request carries every item", async () => {
    const dir = tempDir('acp-hand-over-');
    const { ws, server } = await runPlace(dir, [{ text: 'Taking it from here.' }]);
    const script = path.join(dir, 'script.json');
    const plan = { toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] };
    fs.writeFileSync(script, JSON.stringify({ responses: [plan, { text: 'Planned.' }] }));
    const out: string[] = [];
    const io: CliIo = { out: (l) => out.push(l), err: () => undefined, write: () => undefined, env: {}, cwd: dir };
    const source = ['run', '--script', script, '--session-dir', 's', '--allow-parallel-in-progress', 'true'];
    assert.equal(await main([...source, '--json', 'plan it'], io), 0);
    const from = JSON.parse(out[0]!) as { sessionId: string; logPath: string };
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      CLAUDE_CONFIG_DIR: path.join(dir, 'claude'),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test',
      IS_SANDBOX: '1', // Claude Code refuses to run as root otherwise (CI containers)
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const args = ['run', '--agent', 'claude-code', '--json', '--session-dir', path.join(dir, 'sessions')];
    const r = await runCli([...args, '--from', from.logPath, 'Carry on with the plan.'], env, ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.finalText, 'Taking it from here.');
    const events = loadLogFile(r.json.logPath).events;
    assert.deepEqual(events[0]!.data, { todos: PLAN, origin: { kind: 'hand-over', session: from.sessionId } });
    assert.equal(loadLogFile(r.json.logPath).header.source?.kind, 'acp');
    const first = server.requests.find((body) => body.includes('Carry on with the plan.'));
    assert.ok(first !== undefined, 'the agent asked its model');
    const note = JSON.stringify(acpUserEditNote(PLAN)).slice(1, -1);
    assert.ok(first.includes(note), `the first request carries the plan: ${first.slice(0, 2000)}`);
    assert.ok(first.indexOf(note) < first.indexOf('Carry on with the plan.'), 'the plan before the words');
    assert.deepEqual(processesIn(dir), []);
  });
});
