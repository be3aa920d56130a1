// Items' checks from the CLI over real logs (the scripted model writes the plan through
// `run`) and real commands: `edit --check`, `verify` (a passing and a failing `node -e`),
// `plan --format json`'s `check` and the check-failed flag, the `3/5 · 2 verified`
// summary, and a check that arrives through the plan file waiting for acceptance.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';

async function cli(dir: string, args: string[], responses?: unknown[]) {
  if (responses) fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const out: string[] = [];
  const err: string[] = [];
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  const io: CliIo = { env, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
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
          'todo_write',
        ]
      : [];
  const code = await main([...args.slice(0, 1), ...common, ...args.slice(1)], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const todoWrite = (todos: unknown) => ({ toolCalls: [{ name: 'todo_write', arguments: { todos } }] });
const NO_WORK = { reason: 'no-work' };
const PASS = `node -e "console.log('all good')"`;
const FAIL = `node -e "console.error('boom'); process.exit(3)"`;

async function planned(dir: string, todos: ReturnType<typeof todo>[]): Promise<string> {
  const run = await cli(dir, ['run', '--json', 'go'], [todoWrite(todos), { text: 'Done.' }]);
  assert.equal(run.code, 0, run.err);
  return (JSON.parse(run.out) as { logPath: string }).logPath;
}

type JsonItem = { content: string; flag: unknown; check: { command: string; state: string; exitCode: number | null } };
async function checksOf(dir: string, logPath: string) {
  const plan = await cli(dir, ['plan', logPath, '--format', 'json']);
  assert.equal(plan.code, 0, plan.err);
  return (JSON.parse(plan.out) as JsonItem[]).map((i) => [i.check?.state ?? null, i.check?.exitCode ?? null, i.flag]);
}

describe('agent-checklist edit --check / verify', () => {
  it('runs the completed items checks, records each result, and exits 1 when one failed', async () => {
    const dir = tempDir();
    const logPath = await planned(dir, [todo('a', 'completed'), todo('b', 'completed'), todo('c')]);
    assert.equal((await cli(dir, ['edit', logPath, '--check', `1=${PASS}`])).code, 0);
    const set = await cli(dir, ['edit', logPath, '--check', `2=${FAIL}`]);
    assert.equal(set.code, 0, set.err);
    assert.match(set.out, /^item 2 "b": check node -e/);
    assert.equal((await cli(dir, ['edit', logPath, '--check', `3=${PASS}`])).code, 0);
    assert.equal((await cli(dir, ['edit', logPath, '--check', '9=true'])).code, 1);
    assert.equal((await cli(dir, ['edit', logPath, '--check', 'x'])).code, 2);
    // The scripted model recorded no work: today's flag stands until a check fails.
    assert.deepEqual(await checksOf(dir, logPath), [
      ['not-run', null, NO_WORK],
      ['not-run', null, NO_WORK],
      ['not-run', null, null],
    ]);
    const verify = await cli(dir, ['verify', logPath]);
    assert.equal(verify.code, 1, verify.out + verify.err);
    assert.match(verify.out, /item 1 \("a"\): .*: passed \(exit 0, \d+ ms\)/);
    assert.match(verify.out, /item 2 \("b"\): .*: failed \(exit 3, \d+ ms\)\nboom/);
    assert.doesNotMatch(verify.out, /item 3/, 'item 3 is not completed');
    assert.match(verify.out, /^2\/3 · 1 verified$/m);
    assert.deepEqual(await checksOf(dir, logPath), [
      ['passed', 0, NO_WORK],
      ['failed', 3, { reason: 'check-failed', exitCode: 3 }],
      ['not-run', null, null],
    ]);
    const results = loadLogFile(logPath).events.filter((e) => e.type === 'check/result');
    assert.deepEqual(
      results.map((e) => e.type === 'check/result' && [e.data.item, e.data.exitCode, e.data.output, e.ignorable]),
      [
        ['a', 0, 'all good\n', true],
        ['b', 3, 'boom\n', true],
      ],
    );
    assert.equal((await cli(dir, ['edit', logPath, '--check', '2='])).code, 0);
    const again = await cli(dir, ['verify', logPath]);
    assert.equal(again.code, 0, again.out);
    const due = await cli(dir, ['verify', logPath, '--due']);
    assert.equal(due.code, 0, due.out);
    assert.match(due.out, /^no check is due/, 'each completion ran once already');
    const one = await cli(dir, ['verify', logPath, '--item', '3']);
    assert.equal(one.code, 0, one.out);
    assert.match(one.out, /^2\/3 · 2 verified$/m);
  });

  it('a check that times out is recorded with exit code null', async () => {
    const dir = tempDir();
    const logPath = await planned(dir, [todo('slow', 'completed')]);
    await cli(dir, ['edit', logPath, '--check', '1=sleep 5']);
    const verify = await cli(dir, ['verify', logPath, '--timeout-seconds', '1']);
    assert.equal(verify.code, 1);
    assert.match(verify.out, /failed \(timed out/);
    assert.deepEqual(await checksOf(dir, logPath), [['failed', null, { reason: 'check-failed', exitCode: null }]]);
  });

  it('a check from a pulled plan file waits for acceptance: verify says so (exit 1); --yes accepts it for good', async () => {
    const dir = tempDir();
    const logPath = await planned(dir, [todo('a'), todo('b')]);
    assert.equal((await cli(dir, ['edit', logPath, '--check', `2=${PASS}`])).code, 0);
    const printed = await cli(dir, ['plan', logPath, '--format', 'markdown']);
    assert.equal(printed.out, `- [ ] a\n- [ ] b\n  - check: \`${PASS}\``);
    // Someone else's commit: item a completed with a check, b's check changed.
    const file = path.join(dir, 'PLAN.md');
    fs.writeFileSync(file, `- [x] a\n  - check: \`${PASS}\`\n- [ ] b\n  - check: \`${FAIL}\`\n`);
    const edit = await cli(dir, ['edit', logPath, '--from-file', 'PLAN.md']);
    assert.equal(edit.code, 0, edit.err);
    assert.deepEqual(
      (await checksOf(dir, logPath)).map((c) => c[0]),
      ['waiting-acceptance', 'waiting-acceptance'],
    );
    const waits = await cli(dir, ['verify', logPath]);
    assert.equal(waits.code, 1);
    assert.match(
      waits.out,
      /item 1 \("a"\): .*: from the plan file, not run until accepted \(verify --yes accepts it\)/,
    );
    assert.equal(loadLogFile(logPath).events.filter((e) => e.type === 'check/result').length, 0, 'nothing ran');
    const accepted = await cli(dir, ['verify', logPath, '--yes']);
    assert.equal(accepted.code, 0, accepted.out);
    assert.match(accepted.out, /: accepted\n.*: passed/);
    const again = await cli(dir, ['verify', logPath]);
    assert.equal(again.code, 0, 'accepted for good');
    assert.deepEqual(
      (await checksOf(dir, logPath)).map((c) => c[0]),
      ['passed', 'waiting-acceptance'],
    );
  });
});
