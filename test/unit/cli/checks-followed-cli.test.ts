// Items' checks from the CLI on another agent's session made ours (a Claude Code
// transcript imported, its log then held by a "follower": its lock taken): `edit --check`,
// `verify` and `plan --format json` never write the log, they write and read its checks
// side log (`<log>.checks.jsonl`, core/store/side-checks.ts), with real commands (a
// passing and a failing `node -e`) run in the log's workspace. A re-import (the log
// rewritten whole) keeps the results: they are anchored by the log's seqs.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { acquireLock } from '../../../extension/src/core/store/lock';
import { tempDir } from '../support/sessions';

const PASS = `node -e "require('fs').writeFileSync('ran.txt', 'yes')"`;
const FAIL = `node -e "console.error('boom'); process.exit(3)"`;

async function cli(dir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  const io: CliIo = { env, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The recorded Claude Code transcript, its workspace made `work`; its plan ends with both items completed. */
function transcript(dir: string, work: string): string {
  const fixture = path.join(__dirname, '..', '..', 'fixtures', 'agent-files', 'claude-todowrite-resumed.jsonl');
  const text = fs.readFileSync(fixture, 'utf8').replaceAll('/tmp/record-agent-files-yvHKao/work', work);
  const file = path.join(dir, '5c8801a2-bbe5-4365-a22d-0cf171e209d8.jsonl');
  fs.writeFileSync(file, text);
  return file;
}

type JsonItem = { content: string; flag: unknown; check: { command: string; state: string; exitCode: number | null } };
async function checksOf(dir: string, logPath: string) {
  const plan = await cli(dir, ['plan', logPath, '--format', 'json']);
  assert.equal(plan.code, 0, plan.err);
  return (JSON.parse(plan.out) as JsonItem[]).map((i) => [i.content, i.check?.state ?? null, i.flag]);
}

describe("checks on an imported agent's session (the side log)", () => {
  it('edit --check, verify and plan --format json read and write the side log, never the log', async () => {
    const dir = tempDir();
    const work = path.join(dir, 'work');
    fs.mkdirSync(work);
    const file = transcript(dir, work);
    const imported = await cli(dir, ['import', file, '--session-dir', 'logs']);
    assert.equal(imported.code, 0, imported.err);
    const logPath = imported.out.split('\n').at(-1)!;
    const follower = acquireLock(logPath); // as a window following the agent holds it
    try {
      const before = fs.readFileSync(logPath, 'utf8');
      const set1 = await cli(dir, ['edit', logPath, '--check', `1=${PASS}`]);
      assert.equal(set1.code, 0, set1.err);
      assert.equal((await cli(dir, ['edit', logPath, '--check', `2=${FAIL}`])).code, 0);
      assert.deepEqual(await checksOf(dir, logPath), [
        ['Read the code', 'not-run', null],
        ['Fix the bug', 'not-run', null],
      ]);
      const due = await cli(dir, ['verify', logPath, '--due']);
      assert.equal(due.code, 0, due.err);
      assert.match(due.out, /no check is due/, 'completed before the checks were set: nothing is due');
      const verify = await cli(dir, ['verify', logPath]);
      assert.equal(verify.code, 1, verify.out + verify.err);
      assert.match(verify.out, /item 1 \("Read the code"\): .*: passed/);
      assert.match(verify.out, /item 2 \("Fix the bug"\): .*: failed \(exit 3/);
      assert.match(verify.out, /2\/2 · 1 verified$/);
      assert.equal(fs.readFileSync(path.join(work, 'ran.txt'), 'utf8'), 'yes', 'run in the log\u2019s workspace');
      assert.deepEqual(await checksOf(dir, logPath), [
        ['Read the code', 'passed', null],
        ['Fix the bug', 'failed', { reason: 'check-failed', exitCode: 3 }],
      ]);
      assert.equal(fs.readFileSync(logPath, 'utf8'), before, 'the log is the follower\u2019s');
      const side = fs.readFileSync(`${logPath}.checks.jsonl`, 'utf8').trim().split('\n');
      assert.deepEqual(
        side.map((l) => (JSON.parse(l) as { type: string }).type),
        ['plan/check-set', 'plan/check-set', 'check/result', 'check/result'],
      );
      const lastSeq = (JSON.parse(before.trim().split('\n').at(-1)!) as { seq: number }).seq;
      assert.ok(side.every((l) => (JSON.parse(l) as { data: { logSeq: number } }).data.logSeq === lastSeq));
    } finally {
      follower.dispose();
    }
    // Imported again (the log rewritten whole): the same seqs, so the same states.
    assert.equal((await cli(dir, ['import', file, '--session-dir', 'logs'])).code, 0);
    assert.deepEqual(
      (await checksOf(dir, logPath)).map((i) => i[1]),
      ['passed', 'failed'],
    );
    // Export Plan's document reads the side log too (the same fold as the editor's Export Plan).
    const exported = await cli(dir, ['export', logPath, '--format', 'json']);
    assert.equal(exported.code, 0, exported.err);
    const doc = JSON.parse(exported.out) as { checks: { verified: number; items: unknown[] } };
    assert.equal(doc.checks.verified, 1, exported.out);
    assert.equal(doc.checks.items.length, 2);
    assert.match((await cli(dir, ['export', logPath])).out, /verified/);
  });
});
