// The REAL codex-acp (a devDependency: Zed's ACP adapter with Codex built in, a native
// binary) driven over ACP by `run --agent codex`, offline against the loopback
// Responses API server this test owns (the model's replies are the only script): its
// two update_plan calls are two plan versions on our log in order, under the source
// "Codex (ACP)"; its escalated shell command is approved (--yes, by `auto`) and runs,
// or rejected (no terminal and no --yes: refused) and does not run; Stop during its
// permission request ends the turn `aborted`; and nothing of the agent is left
// running once the run returns.
//
// Codex here: read-only sandbox, approval on request (set in its config, not left to
// its defaults), so a command asks only when the model asks to run it outside the
// sandbox (`sandbox_permissions: "require_escalated"`), and an approved one runs
// unsandboxed. That is also why the test needs no sandbox on the machine: Codex's
// Linux sandbox wants bubblewrap, which an escalated command does not use.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliHooks } from '../../../extension/src/cli/main';
import { sourceLabel } from '../../../extension/src/core/session/source';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { codexHome, type ModelStep } from '../import/agent-runs';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { approvalsOn, BIN, callResultsOn, runCli, runPlace, stopAtQuestion, type CliRun } from './real-agent-cli';

const COMMAND = 'echo hello > note.txt';
const steps = (...items: [string, string][]) => items.map(([step, status]) => ({ step, status }));

const SCRIPT: ModelStep[] = [
  { tool: 'update_plan', input: { plan: steps(['Write the note', 'in_progress'], ['Check it', 'pending']) } },
  {
    tool: 'exec_command',
    input: { cmd: COMMAND, sandbox_permissions: 'require_escalated', justification: 'Write the note' },
  },
  { tool: 'update_plan', input: { plan: steps(['Write the note', 'completed'], ['Check it', 'in_progress']) } },
  { text: 'Done.' },
];

describe('run --agent codex (the real codex-acp, offline)', () => {
  async function run(
    flags: string[],
    hooks: CliHooks = {},
    signal?: AbortSignal,
    dir = tempDir('acp-codex-'),
  ): Promise<CliRun & { ws: string; dir: string }> {
    const { ws, server } = await runPlace(dir, SCRIPT);
    // A model Codex knows (so it adds no "model metadata not found" warning to the answer).
    const home = codexHome(path.join(dir, 'codex'), server, {
      model: '"gpt-5.4"',
      approval_policy: '"on-request"',
      sandbox_mode: '"read-only"',
    });
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      CODEX_HOME: home,
      LOOPBACK_KEY: 'test',
    };
    const args = [
      'run',
      '--agent',
      'codex',
      '--json',
      '--session-dir',
      path.join(dir, 'sessions'),
      ...flags,
      'Write a note.',
    ];
    return { ...(await runCli(args, env, ws, signal, hooks)), ws, dir };
  }

  it('--yes: both plans on the log in order, source "Codex (ACP)", the command approved by auto and run, nothing left running', async () => {
    const r = await run(['--yes']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json.turnEnd, { kind: 'completed' });
    assert.equal(r.json.finalText, 'Done.');
    const { header, events } = loadLogFile(r.json.logPath);
    const plans = events.flatMap((e) => (e.type === 'todo/write' ? [e.data] : []));
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
    assert.equal(header.source?.kind, 'acp');
    assert.deepEqual(sourceLabel(header.source, 'cli'), { kind: 'acp', agent: 'Codex' });
    assert.deepEqual(approvalsOn(r.json.logPath), [['approve', 'auto']]);
    assert.deepEqual(callResultsOn(r.json.logPath), [{ isError: false, kind: 'execute' }]);
    assert.equal(fs.readFileSync(path.join(r.ws, 'note.txt'), 'utf8'), 'hello\n');
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('no terminal and no --yes: the command is rejected (refused, on the log) and does not run', async () => {
    const r = await run([]);
    assert.deepEqual(approvalsOn(r.json.logPath), [['refused', 'none']]);
    assert.equal(fs.existsSync(path.join(r.ws, 'note.txt')), false);
    // Codex's one reject option is "No, and tell Codex what to do differently": it ends its turn.
    assert.deepEqual(r.json.turnEnd, { kind: 'aborted' }, r.stderr);
    assert.deepEqual(callResultsOn(r.json.logPath), [{ isError: true, kind: 'execute' }]);
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('Stop while the agent waits for a permission: the turn ends aborted, the command does not run, nothing left running', async () => {
    const dir = tempDir('acp-codex-');
    const stop = stopAtQuestion(dir);
    const r = await run([], stop.hooks, stop.signal, dir);
    assert.equal(stop.questions.length, 1);
    assert.match(stop.questions[0]!, new RegExp(`Allow ${COMMAND}\\?`));
    assert.ok(
      stop.running.some((p) => p.includes('codex-acp')),
      stop.running.join('\n'),
    );
    assert.deepEqual(r.json.turnEnd, { kind: 'aborted' }, r.stderr);
    assert.deepEqual(approvalsOn(r.json.logPath), [['stopped', 'user']]);
    assert.equal(loadLogFile(r.json.logPath).events.at(-1)?.type, 'turn/end');
    assert.equal(fs.existsSync(path.join(r.ws, 'note.txt')), false);
    assert.deepEqual(processesIn(dir), []);
  });
});
