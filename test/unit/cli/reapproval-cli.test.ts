// `run` with plan first when the approved plan grows: the run ends with exit 3 and
// says what grew on stderr; --approve-plan never approves the re-approval; `approve`
// then `run --session` goes on. The real CLI entry (main) with the scripted model.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';

const PLAN = [
  { content: 'read code.ts', status: 'pending' },
  { content: 'write notes.txt', status: 'pending' },
];
const GROWN = [
  { content: 'read code.ts', status: 'completed' },
  { content: 'write notes.txt and a summary', status: 'pending' },
  { content: 'write a README', status: 'pending' },
];
const writeNotes = { name: 'write_file', arguments: { path: 'notes.txt', content: 'x\n' } };
const GROWING = [
  { toolCalls: [{ name: 'todo_write', arguments: { todos: PLAN } }] },
  { text: 'My plan.' },
  { toolCalls: [{ name: 'todo_write', arguments: { todos: GROWN } }, writeNotes] },
  { text: 'not reached' },
];

async function cli(dir: string, args: string[], responses?: unknown[]): Promise<{ code: number; err: string }> {
  if (responses) fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const stderr: string[] = [];
  const io: CliIo = { env: {}, cwd: dir, out: () => undefined, err: (l) => stderr.push(l), write: () => undefined };
  const common = [
    '--script',
    's.json',
    '--allow-parallel-in-progress',
    'false',
    '--session-dir',
    'logs',
    '--tools',
    'read_file,todo_write,write_file',
    '--yes',
  ];
  const code = await main([...args.slice(0, 1), ...(args[0] === 'run' ? common : []), ...args.slice(1)], io);
  return { code, err: stderr.join('\n') };
}

describe('run with plan first when the approved plan grows', () => {
  it('ends with exit 3 and the counts on stderr; approve, then run --session goes on', async () => {
    const dir = tempDir();
    const run = await cli(dir, ['run', '--approve-plan', '--verify-completion', 'off', 'add notes'], GROWING);
    assert.equal(run.code, 3, run.err);
    assert.ok(run.err.split('\n').includes('plan changed since approval: 1 added, 1 reworded'), run.err);
    assert.match(run.err, /turn 1 ended: awaiting-approval/);
    assert.equal(fs.existsSync(path.join(dir, 'notes.txt')), false, 'the call after the growing write was not run');
    const logPath = /agent-checklist approve (\S+) /.exec(run.err)?.[1];
    assert.ok(logPath, run.err);
    const events = loadLogFile(logPath).events;
    assert.deepEqual(
      events.filter((e) => e.type.startsWith('plan/')).map((e) => e.type),
      ['plan/proposed', 'plan/approved', 'plan/scope-changed', 'plan/proposed'],
      '--approve-plan approved the first proposal only',
    );
    const notRun = events.filter((e) => e.type === 'tool/result' && e.data.isError);
    assert.deepEqual(
      notRun.map((e) => e.type === 'tool/result' && e.data.content),
      ["not run: the plan changed since approval and waits for the user's decision"],
    );
    const approved = await cli(dir, ['approve', logPath]);
    assert.equal(approved.code, 0, approved.err);
    const id = path.basename(logPath, '.jsonl');
    const goOn = await cli(
      dir,
      ['run', '--session', id, '--verify-completion', 'off'],
      [{ toolCalls: [writeNotes] }, { text: 'Done.' }],
    );
    assert.equal(goOn.code, 0, goOn.err);
    assert.equal(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'x\n');
    assert.deepEqual(
      loadLogFile(logPath)
        .events.filter((e) => e.type.startsWith('plan/'))
        .map((e) => e.type)
        .slice(-2),
      ['plan/proposed', 'plan/approved'],
    );
  });
});
