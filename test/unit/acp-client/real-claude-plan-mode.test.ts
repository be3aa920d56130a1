// The REAL claude-agent-acp in its plan mode (the project's settings say
// permissions.defaultMode "plan"), driven by `run --agent claude-code` offline against
// the loopback Anthropic server: its model calls ExitPlanMode with a Markdown plan,
// which claude-agent-acp asks as a permission request carrying the plan. The plan is
// proposed on our log as items and approved by --approve-plan (the agent answered with
// its allow option, so it goes on to write), or left proposed when no one can decide
// (the agent answered "No, keep planning"; what it does next is its own: this model's
// script goes on to its Write, which Claude Code runs without asking in plan mode).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import type { ModelStep } from '../import/agent-runs';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { BIN, runCli, runPlace } from './real-agent-cli';

const PLAN = '# Plan\n\n1. Write the note\n2. Check it';

function script(ws: string): ModelStep[] {
  return [
    { tool: 'ExitPlanMode', input: { plan: PLAN } },
    { tool: 'Write', input: { file_path: path.join(ws, 'note.txt'), content: 'hello\n' } },
    { text: 'Done.' },
  ];
}

describe('run --agent claude-code in its plan mode (the real claude-agent-acp, offline)', () => {
  async function run(flags: string[]) {
    const dir = tempDir('acp-claude-plan-');
    const { ws, server } = await runPlace(dir, script(path.join(dir, 'ws')));
    fs.mkdirSync(path.join(ws, '.claude'));
    fs.writeFileSync(
      path.join(ws, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { defaultMode: 'plan' } }),
    );
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      CLAUDE_CONFIG_DIR: path.join(dir, 'claude'),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test',
      IS_SANDBOX: '1',
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
    const r = await runCli(args, env, ws);
    const events = loadLogFile(r.json.logPath).events;
    return { ...r, ws, dir, events };
  }

  const planTypes = (events: ReturnType<typeof loadLogFile>['events']) =>
    events.filter((e) => e.type.startsWith('plan/') || e.type === 'todo/write').map((e) => e.type);
  const ITEMS = [
    { content: 'Write the note', status: 'pending' },
    { content: 'Check it', status: 'pending' },
  ];

  it('--approve-plan: ExitPlanMode proposes the plan text as items, approved, and the agent goes on to write', async () => {
    const r = await run(['--approve-plan', '--yes']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(planTypes(r.events), ['todo/write', 'plan/proposed', 'plan/approved']);
    const proposed = r.events.find((e) => e.type === 'plan/proposed');
    assert.ok(proposed?.type === 'plan/proposed');
    assert.deepEqual(proposed.data.todos, ITEMS);
    assert.equal(fs.readFileSync(path.join(r.ws, 'note.txt'), 'utf8'), 'hello\n');
    assert.deepEqual(processesIn(r.dir), []);
  });

  it('no terminal and no --approve-plan: the plan stays proposed and the agent is told to keep planning', async () => {
    const r = await run([]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(planTypes(r.events), ['todo/write', 'plan/proposed']);
    const exit = r.events.find((e) => e.type === 'tool/call' && e.data.name.includes('Ready to code'));
    assert.ok(exit?.type === 'tool/call', 'the ExitPlanMode call is on the log');
    const result = r.events.find((e) => e.type === 'tool/result' && e.data.callId === exit.data.callId);
    assert.ok(result?.type === 'tool/result' && result.data.isError, 'its answer was "No, keep planning"');
    assert.deepEqual(processesIn(r.dir), []);
  });
});
