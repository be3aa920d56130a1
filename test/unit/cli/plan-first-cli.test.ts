// `run --plan-first` without a terminal: the turn ends awaiting-approval with the
// proposal on stdout, `approve` records the decision, `run --session` goes on; and
// --approve-plan. The real CLI entry (main) with the scripted model.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

const PLAN = [
  { content: 'read code.ts', status: 'pending' },
  { content: 'write notes.txt', status: 'pending' },
];
const PLANNING = [
  { toolCalls: [{ name: 'read_file', arguments: { path: 'code.ts' } }] },
  { toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] },
  { text: 'My plan.' },
];
const WORK = [
  { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'x\n' } }] },
  { text: 'Done.' },
];

async function cli(
  dir: string,
  args: string[],
  responses?: unknown[],
): Promise<{ code: number; out: string; err: string }> {
  if (responses) fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const io = capture(dir);
  const common =
    args[0] === 'run'
      ? [
          '--script',
          's.json',
          '--session-dir',
          'logs',
          '--allow-parallel-in-progress',
          'false',
          '--tools',
          'read_file,todo_write,write_file',
          '--yes',
        ]
      : [];
  const code = await main([...args.slice(0, 1), ...common, ...args.slice(1)], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

function workspace(): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'code.ts'), 'export const x = 1;\n');
  return dir;
}

describe('run --plan-first without a terminal', () => {
  it('ends awaiting-approval with the plan on stdout; approve, then run --session goes on with every tool', async () => {
    const dir = workspace();
    const first = await cli(dir, ['run', '--plan-first', 'add notes'], PLANNING);
    assert.equal(first.code, 0, first.err);
    assert.match(first.out, /^Plan proposed · 2 items\n/);
    assert.ok(first.out.includes('[ ] read code.ts\n[ ] write notes.txt'), first.out);
    assert.match(first.err, /turn 1 ended: awaiting-approval/);
    const logPath = /agent-checklist approve (\S+) /.exec(first.err)?.[1];
    assert.ok(logPath, first.err);
    assert.equal(fs.existsSync(path.join(dir, 'notes.txt')), false, 'nothing was written while planning');
    // Without a decision, run --session has no prompt to go on from.
    const id = path.basename(logPath, '.jsonl');
    assert.equal((await cli(dir, ['run', '--session', id], WORK)).code, 2);
    const approved = await cli(dir, ['approve', logPath]);
    assert.equal(approved.code, 0, approved.err);
    assert.match(approved.out, /^approved\n/);
    assert.equal((await cli(dir, ['approve', logPath])).code, 1, 'a second decision is refused: none waits');
    const goOn = await cli(dir, ['run', '--session', id, '--json'], WORK);
    assert.equal(goOn.code, 0, goOn.err);
    assert.deepEqual(JSON.parse(goOn.out).turnEnd, { kind: 'completed' });
    assert.equal(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'x\n');
    const events = loadLogFile(logPath).events;
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('plan/')).map((e) => e.type),
      ['plan/proposed', 'plan/approved'],
    );
    assert.equal(events.filter((e) => e.type === 'user/message').length, 1);
  });

  it('--json carries the proposal; approve --reject gives the feedback, and the next run replans', async () => {
    const dir = workspace();
    const first = await cli(dir, ['run', '--plan-first', '--json', 'add notes'], PLANNING);
    const report = JSON.parse(first.out);
    assert.deepEqual(report.turnEnd, { kind: 'awaiting-approval' });
    assert.deepEqual(report.proposed.todos, PLAN);
    assert.equal(typeof report.proposed.planSeq, 'number');
    assert.equal((await cli(dir, ['approve', report.logPath, '--reject', '  '])).code, 2);
    const rejected = await cli(dir, ['approve', report.logPath, '--reject', 'Use a README instead.']);
    assert.equal(rejected.code, 0, rejected.err);
    const replan = [
      { toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'write README', status: 'pending' }] } }] },
      { text: 'Revised.' },
    ];
    const again = await cli(dir, ['run', '--session', report.sessionId, '--json'], replan);
    assert.deepEqual(
      JSON.parse(again.out).turnEnd,
      { kind: 'awaiting-approval' },
      'replanning proposes again and waits',
    );
    assert.deepEqual(JSON.parse(again.out).proposed.todos, [{ content: 'write README', status: 'pending' }]);
    const events = loadLogFile(report.logPath).events;
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('plan/')).map((e) => e.type),
      ['plan/proposed', 'plan/rejected', 'plan/proposed'],
    );
  });

  it('--approve-plan approves at once and the same turn works', async () => {
    const dir = workspace();
    const run = await cli(dir, ['run', '--approve-plan', '--json', 'add notes'], [...PLANNING, ...WORK]);
    assert.equal(run.code, 0, run.err);
    const report = JSON.parse(run.out);
    assert.deepEqual(report.turnEnd, { kind: 'completed' });
    assert.equal(report.proposed, undefined);
    assert.equal(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'x\n');
    const events = loadLogFile(report.logPath).events;
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('plan/') || e.type === 'turn/start').map((e) => e.type),
      ['turn/start', 'plan/proposed', 'plan/approved'],
    );
  });
});
