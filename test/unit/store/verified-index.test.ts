// The verified index: a log unchanged since check found it valid is answered from
// `<log>.verified`; any write to the log (even one that keeps its length and resets
// its mtime), a sidecar others may write, one naming another file, or a link, sends the
// reader back to the full validation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { writeOneTurnLog } from '../support/one-turn-log';
import { tempDir } from '../support/sessions';

/** Where the store keeps a log's verified index: beside the log, named after it. */
const verifiedIndexPath = (log: string): string => `${log}.verified`;

async function cli(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = { out: (l) => stdout.push(l), err: (l) => stderr.push(l), write: () => undefined, env: {}, cwd };
  const code = await main(args, io);
  return { code, out: stdout.join('\n'), err: stderr.join('\n') };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1100));

/** Rewrites the recorded plan in a sidecar, keeping everything else (as only a writer of the sessions folder could). */
function forgePlan(log: string, content: string): void {
  const sidecar = verifiedIndexPath(log);
  const index: unknown = JSON.parse(fs.readFileSync(sidecar, 'utf8'));
  assert.ok(typeof index === 'object' && index !== null && 'plan' in index);
  fs.writeFileSync(sidecar, JSON.stringify({ ...index, plan: [{ content, status: 'pending' }] }), { mode: 0o600 });
}

describe('verified index', () => {
  const dir = tempDir('agent-checklist-verified-');
  const logs = ['recorded', 'rewritten', 'fresh', 'open', 'elsewhere', 'linked'].map((name) =>
    path.join(dir, `${name}.jsonl`),
  );
  const [recorded, rewritten, fresh, open, elsewhere, linked] = logs as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const lines = logs.map((log) => writeOneTurnLog(log, [{ content: 'a', status: 'in_progress' }]))[0]!;

  it('check records a settled valid log, and plan answers from the record', async () => {
    await settle();
    assert.equal((await cli(dir, ['check', recorded])).code, 0);
    forgePlan(recorded, 'from the index');
    assert.deepEqual(await cli(dir, ['plan', recorded]), { code: 0, out: '1 pending\n[ ] from the index', err: '' });
    // Readers that need every event still read them all.
    assert.equal(
      JSON.parse((await cli(dir, ['history', recorded, '--format', 'json'])).out).at(-1).todos[0].content,
      'a',
    );
  });

  it('a same-length rewrite in place, mtime set back, is refused like check refuses it', async () => {
    assert.equal((await cli(dir, ['check', rewritten])).code, 0);
    assert.ok(fs.existsSync(verifiedIndexPath(rewritten)));
    const { mtimeNs } = fs.statSync(rewritten, { bigint: true });
    const forged = `${[...lines.slice(0, 7), lines[7]!.replace('"seq":7', '"seq":9')].join('\n')}\n`;
    assert.equal(forged.length, fs.statSync(rewritten).size);
    const fd = fs.openSync(rewritten, 'r+');
    fs.writeSync(fd, forged, 0);
    fs.closeSync(fd);
    // Back to the exact nanosecond (touch takes @seconds.nanoseconds): only ctime tells.
    execFileSync('touch', [
      '-m',
      '-d',
      `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`,
      rewritten,
    ]);
    assert.equal(fs.statSync(rewritten, { bigint: true }).mtimeNs, mtimeNs);
    const checked = await cli(dir, ['check', rewritten]);
    assert.match(checked.err, /line 8: invariant broken: seq 9 does not follow 6$/);
    assert.deepEqual(await cli(dir, ['plan', rewritten]), { code: 1, out: '', err: checked.err });
  });

  it('a log changed within the racy window is not recorded', async () => {
    fs.writeFileSync(fresh, fs.readFileSync(fresh));
    assert.equal((await cli(dir, ['plan', fresh])).code, 0);
    assert.equal(fs.existsSync(verifiedIndexPath(fresh)), false);
  });

  it('a sidecar others may write, one recorded for another file, or a link, is not trusted', async () => {
    for (const log of [open, elsewhere, linked]) assert.equal((await cli(dir, ['check', log])).code, 0);
    forgePlan(open, 'forged');
    fs.chmodSync(verifiedIndexPath(open), 0o666);
    fs.copyFileSync(verifiedIndexPath(recorded), verifiedIndexPath(elsewhere));
    forgePlan(linked, 'linked');
    fs.renameSync(verifiedIndexPath(linked), path.join(dir, 'target'));
    fs.symlinkSync(path.join(dir, 'target'), verifiedIndexPath(linked));
    for (const log of [open, elsewhere, linked])
      assert.deepEqual(await cli(dir, ['plan', log]), { code: 0, out: '1 in progress\n[~] a', err: '' });
  });
});
