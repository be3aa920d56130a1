// The built CLI's ACP client (a lazily loaded part of dist/) driving the REAL
// claude-agent-acp (a devDependency, bundling Claude Code) with `run --agent-command`,
// offline against a loopback Anthropic server this test owns (the model's replies are
// the only script): its TodoWrites are our plan, its Write is approved under --yes and
// done, and the log passes `check`. Then `run --session <id> --item 1` with no agent
// named goes on with the session's own agent (the built-in Claude Code entry, found on
// PATH) over ACP: the item in progress, the agent asked to work on it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { claudeEnv, ScriptedModelServer } from '../unit/import/agent-runs';
import {
  assertLogChecks,
  logEvents,
  ROOT,
  runBuiltCli,
  runEnv,
  runReport,
  standingPlan,
  tempDir,
} from './support/built-cli';

const AGENT = path.join(ROOT, 'node_modules', '.bin', 'claude-agent-acp');
const item = (content: string, status: string) => ({ content, status, activeForm: content });

describe('run --agent-command with the real claude-agent-acp (offline)', () => {
  it('its plan and its approved Write land on our log, the turn completes', async () => {
    const dir = tempDir();
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const server = await ScriptedModelServer.start();
    after(() => server.close());
    server.script(
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'in_progress'), item('Check it', 'pending')] } },
      { tool: 'Write', input: { file_path: path.join(ws, 'note.txt'), content: 'hello\n' } },
      { tool: 'TodoWrite', input: { todos: [item('Write the note', 'completed'), item('Check it', 'in_progress')] } },
      { text: 'Done.' },
    );
    const result = await runBuiltCli(
      [
        'run',
        '--agent-command',
        AGENT,
        '--session-dir',
        path.join(dir, 'sessions'),
        '--yes',
        '--json',
        'Write a note.',
      ],
      ws,
      runEnv(dir, claudeEnv(server, path.join(dir, 'claude'))),
    );
    assert.equal(result.code, 0, `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
    const report = runReport(result);
    assert.deepEqual(report.turnEnd, { kind: 'completed' });
    assert.equal(report.finalText, 'Done.');
    assert.equal(server.left, 0, 'the agent asked the model for every step');
    assert.equal(fs.readFileSync(path.join(ws, 'note.txt'), 'utf8'), 'hello\n');
    assert.deepEqual(
      (await standingPlan(report.logPath)).map(({ content, status }) => ({ content, status })),
      [
        { content: 'Write the note', status: 'completed' },
        { content: 'Check it', status: 'in_progress' },
      ],
    );
    assert.equal(logEvents(report.logPath).filter((e) => e.type === 'todo/write').length, 2);
    await assertLogChecks(report.logPath);

    server.script({ text: 'Checking.' });
    const env = runEnv(dir, claudeEnv(server, path.join(dir, 'claude')));
    const next = await runBuiltCli(
      ['run', '--session', report.sessionId, '--item', '1', '--session-dir', path.join(dir, 'sessions'), '--json'],
      ws,
      { ...env, PATH: `${path.dirname(AGENT)}${path.delimiter}${env['PATH']}` },
    );
    assert.equal(next.code, 0, `stdout:\n${next.stdout}\nstderr:\n${next.stderr}`);
    const continued = runReport(next);
    assert.deepEqual([continued.logPath, continued.finalText], [report.logPath, 'Checking.']);
    const edits = logEvents(report.logPath).filter((e) => e.type === 'todo/user-edit');
    assert.deepEqual(edits.at(-1)?.data, {
      todos: [
        { content: 'Write the note', status: 'in_progress' },
        { content: 'Check it', status: 'in_progress' },
      ],
    });
    assert.ok(server.requests.some((body) => body.includes('Work on item 1 of the plan now: Write the note')));
    await assertLogChecks(report.logPath);
  });
});
