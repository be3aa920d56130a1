// The REAL claude-agent-acp (a devDependency, bundling Claude Code) driven over ACP by
// `run --agent claude-code`, offline against the loopback Anthropic server this test
// owns (the model's replies are the only script): its two TodoWrites are two plan
// versions on our log in order, its Write is approved (--yes, by `auto`) or rejected
// (no terminal and no --yes: refused; asked and answered no: denied) and the
// decision is on the log, Stop during its permission request ends the turn
// `aborted`, and nothing of the agent is left running once the run returns.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliHooks } from '../../../extension/src/cli/main';
import { loadLogFile as loadLog } from '../../../extension/src/core/store/log-file';
import type { ModelStep } from '../import/agent-runs';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { approvalsOn, BIN, callResultsOn, runCli, runPlace, stopAtQuestion, type CliRun } from './real-agent-cli';

const item = (content: string, status: string) => ({ content, status, activeForm: content });

function script(ws: string): ModelStep[] {
  return [
    { tool: 'TodoWrite', input: { todos: [item('Write the note', 'in_progress'), item('Check it', 'pending')] } },
    { tool: 'Write', input: { file_path: path.join(ws, 'note.txt'), content: 'hello\n' } },
    { tool: 'TodoWrite', input: { todos: [item('Write the note', 'completed'), item('Check it', 'in_progress')] } },
    { text: 'Done.' },
  ];
}

describe('run --agent claude-code (the real claude-agent-acp, offline)', () => {
  async function run(
    flags: string[],
    hooks: CliHooks = {},
    signal?: AbortSignal,
    dir = tempDir('acp-claude-'),
  ): Promise<CliRun & { ws: string; dir: string }> {
    const { ws, server } = await runPlace(dir, script(path.join(dir, 'ws')));
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
    const args = [
      'run',
      '--agent',
      'claude-code',
      '--json',
      '--session-dir',
      path.join(dir, 'sessions'),
      ...flags,
      'Write a note.',
    ];
    return { ...(await runCli(args, env, ws, signal, hooks)), ws, dir };
  }

  function events(logPath: string) {
    return loadLog(logPath).events;
  }

  it('--yes: both plans on the log in order, the Write approved by auto and done, nothing left running', async () => {
    const r = await run(['--yes']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json.turnEnd, { kind: 'completed' });
    assert.equal(r.json.finalText, 'Done.');
    const log = events(r.json.logPath);
    const plans = log.flatMap((e) => (e.type === 'todo/write' ? [e.data] : []));
    assert.deepEqual(plans, [
      {
        todos: [
          { content: 'Write the note', status: 'in_progress' },
          { content: 'Check it', status: 'pending' },
        ],
        priorities: ['medium', 'medium'],
      },
      {
        todos: [
          { content: 'Write the note', status: 'completed' },
          { content: 'Check it', status: 'in_progress' },
        ],
        priorities: ['medium', 'medium'],
      },
    ]);
    assert.deepEqual(r.json.plan, plans[1]!.todos);
    assert.deepEqual(approvalsOn(r.json.logPath), [['approve', 'auto']]);
    assert.deepEqual(callResultsOn(r.json.logPath), [{ isError: false, kind: 'edit' }]);
    assert.equal(fs.readFileSync(path.join(r.ws, 'note.txt'), 'utf8'), 'hello\n');
    const header = loadLog(r.json.logPath).header;
    assert.equal(header.source?.kind, 'acp');
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('no terminal and no --yes: the Write is rejected (refused, on the log) and the file is not written', async () => {
    const r = await run([]);
    assert.deepEqual(approvalsOn(r.json.logPath), [['refused', 'none']]);
    assert.equal(fs.existsSync(path.join(r.ws, 'note.txt')), false);
    assert.deepEqual(callResultsOn(r.json.logPath), [{ isError: true, kind: 'edit' }]);
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('asked on a terminal and answered no: denied by the user, on the log', async () => {
    const questions: string[] = [];
    const r = await run([], { ask: async (question) => (questions.push(question), 'n') });
    assert.equal(questions.length, 1);
    assert.match(questions[0]!, /Write note\.txt/);
    assert.match(questions[0]!, /The agent offers: Always Allow \/ Allow \/ Reject/);
    assert.deepEqual(approvalsOn(r.json.logPath), [['deny', 'user']]);
    assert.equal(fs.existsSync(path.join(r.ws, 'note.txt')), false);
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('Stop while the agent waits for a permission: session/cancel, the turn ends aborted, nothing left running', async () => {
    const dir = tempDir('acp-claude-');
    const stop = stopAtQuestion(dir);
    const r = await run([], stop.hooks, stop.signal, dir);
    assert.notDeepEqual(stop.running, []);
    // The agent itself answered the cancel (stopReason cancelled), before our 2 s grace ran out.
    assert.deepEqual(r.json.turnEnd, { kind: 'aborted' }, r.stderr);
    const log = events(r.json.logPath);
    assert.deepEqual(approvalsOn(r.json.logPath), [['stopped', 'user']]);
    assert.equal(log.at(-1)?.type, 'turn/end');
    assert.equal(fs.existsSync(path.join(r.ws, 'note.txt')), false);
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('the agent crashing mid-turn ends the turn error with how it ended, and its log stays whole', async () => {
    const dir = tempDir('acp-claude-');
    const r = await run(
      [],
      {
        ask: (_question, signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('withdrawn')), { once: true });
            const agent = processesIn(dir).find((p) => p.includes('claude-agent-acp'));
            assert.ok(agent !== undefined, processesIn(dir).join('\n'));
            process.kill(Number(agent.split(':')[0]), 'SIGKILL');
          }),
      },
      undefined,
      dir,
    );
    assert.equal(r.code, 1);
    assert.equal(r.json.turnEnd.kind, 'error');
    assert.match(r.json.turnEnd.message ?? '', /was ended by SIGKILL/);
    const log = events(r.json.logPath);
    assert.equal(log.at(-1)?.type, 'turn/end');
    assert.deepEqual(processesIn(dir), []);
  });
});
