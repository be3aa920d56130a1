// Comments on an imported (or followed) session from the CLI: they go to the log's side
// log (`<log>.comments.jsonl`), never to the log (a re-import rewrites it, the follower
// holds its lock) nor to the agent's file; a re-import keeps them and their items.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { acquireLock } from '../../../extension/src/core/store/lock';
import { tempDir } from '../support/sessions';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');

async function cli(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

type Listed = { seq: number; itemId: string; planSeq: number; state: string; item: string | null; text: string };

async function listed(dir: string, logPath: string): Promise<Listed[]> {
  const r = await cli(dir, 'comments', logPath, '--format', 'json');
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as Listed[];
}

describe('comments on an imported session', () => {
  it('go to the side log while the log is locked; a re-import keeps them; resolve works there too', async () => {
    const dir = tempDir('side-comments-');
    const source = path.join(dir, 'transcript.jsonl');
    const lines = fs.readFileSync(path.join(FIXTURES, 'claude-todowrite-resumed.jsonl'), 'utf8').split('\n');
    const resumedAt = lines.findIndex((l, i) => i > 0 && /"content":"finish it"/.test(l));
    assert.ok(resumedAt > 0);
    fs.writeFileSync(
      source,
      lines
        .slice(0, resumedAt)
        .map((l) => `${l}\n`)
        .join(''),
    );
    const agentFile = fs.readFileSync(source, 'utf8');
    const logPath = (await cli(dir, 'import', 'transcript.jsonl')).out.split('\n').at(-1)!;
    const logBytes = fs.readFileSync(logPath, 'utf8');

    const follower = acquireLock(logPath); // the follower holds the log's lock
    let first: { code: number; out: string; err: string };
    try {
      first = await cli(dir, 'comment', logPath, '--item', '1', 'why', 'this', 'first?');
      assert.equal(first.code, 0, first.err);
      assert.match(first.out, /^comment 1 on item 1 \(.+\): why this first\?$/);
      assert.equal((await cli(dir, 'comment', logPath, '--item', '2', 'ok')).code, 0);
    } finally {
      follower.dispose();
    }
    assert.equal(fs.readFileSync(logPath, 'utf8'), logBytes, 'the log is never written');
    assert.equal(fs.readFileSync(source, 'utf8'), agentFile, "the agent's file is never written");
    assert.ok(fs.existsSync(`${logPath}.comments.jsonl`));
    const before = await listed(dir, logPath);
    assert.deepEqual(
      before.map((c) => [c.seq, c.state, c.text]),
      [
        [1, 'unresolved', 'why this first?'],
        [2, 'unresolved', 'ok'],
      ],
    );

    fs.appendFileSync(
      source,
      lines
        .slice(resumedAt)
        .map((l) => `${l}\n`)
        .join(''),
    );
    assert.equal((await cli(dir, 'import', source)).code, 0);
    assert.notEqual(fs.readFileSync(logPath, 'utf8'), logBytes, 'the re-import rewrote the log');
    const after = await listed(dir, logPath);
    assert.deepEqual(
      after.map((c) => [c.seq, c.itemId, c.planSeq, c.text]),
      before.map((c) => [c.seq, c.itemId, c.planSeq, c.text]),
    );
    // The resumed run changed item 2 (its status), not item 1.
    assert.deepEqual(
      after.map((c) => c.state),
      ['unresolved', 'addressed'],
    );

    assert.equal((await cli(dir, 'comment', logPath, '--resolve', '2')).code, 0);
    assert.equal((await listed(dir, logPath))[1]!.state, 'resolved');
    assert.equal((await cli(dir, 'comment', logPath, '--resolve', '2')).code, 1);
  });
});
