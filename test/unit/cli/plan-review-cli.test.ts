// Reviewing a plan from the CLI over real logs (the scripted model writes them through
// `run`, the user edits with `edit`): each item's `itemId` in `plan --format json` and
// in every version of `history --format json`, and `history --diff`.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { tempDir, todo } from '../support/sessions';

async function cli(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: {}, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const todoWrite = (todos: unknown) => ({ toolCalls: [{ name: 'todo_write', arguments: { todos } }] });

/** A session whose model wrote two versions (seq of the first: 6); returns its log. */
async function session(dir: string): Promise<string> {
  const script = [
    todoWrite([todo('read the parser'), todo('fix the bug'), todo('write docs')]),
    todoWrite([todo('read the parser', 'completed'), todo('fix the parser bug'), todo('write docs')]),
    { text: 'Done.' },
  ];
  fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses: script }));
  const run = await cli(dir, [
    'run',
    '--script',
    's.json',
    '--session-dir',
    'logs',
    '--allow-parallel-in-progress',
    'false',
    '--json',
    'go',
  ]);
  assert.equal(run.code, 0, run.err);
  return (JSON.parse(run.out) as { logPath: string }).logPath;
}

function json(text: string): unknown {
  return JSON.parse(text);
}

describe('item ids from the CLI', () => {
  it('plan --format json and every version of history --format json carry each item its itemId', async () => {
    const dir = tempDir();
    const log = await session(dir);
    assert.equal((await cli(dir, ['edit', log, '--add', 'ship it'])).code, 0);
    const history = await cli(dir, ['history', log, '--format', 'json']);
    assert.equal(history.code, 0, history.err);
    const versions = json(history.out) as { seq: number; todos: { content: string; itemId: string }[] }[];
    const first = versions[0]!.seq;
    const ids = versions.map((v) => v.todos.map((t) => `${t.itemId} ${t.content}`));
    assert.deepEqual(ids, [
      [`${first}-1 read the parser`, `${first}-2 fix the bug`, `${first}-3 write docs`],
      [`${first}-1 read the parser`, `${first}-2 fix the parser bug`, `${first}-3 write docs`],
      [
        `${first}-1 read the parser`,
        `${first}-2 fix the parser bug`,
        `${first}-3 write docs`,
        `${versions[2]!.seq}-4 ship it`,
      ],
    ]);
    const plan = await cli(dir, ['plan', log, '--format', 'json']);
    assert.equal(plan.code, 0, plan.err);
    assert.deepEqual(
      (json(plan.out) as { itemId: string }[]).map((item) => item.itemId),
      versions[2]!.todos.map((t) => t.itemId),
    );
    const before = await cli(dir, ['plan', log, '--format', 'json', '--at', String(first)]);
    assert.deepEqual(
      (json(before.out) as { itemId: string }[]).map((item) => item.itemId),
      [`${first}-1`, `${first}-2`, `${first}-3`],
    );
  });
});

describe('history --diff', () => {
  it('diffs the last version against the one before it, or against the version standing at --from', async () => {
    const dir = tempDir();
    const log = await session(dir);
    const first = (json((await cli(dir, ['history', log, '--format', 'json'])).out) as { seq: number }[])[0]!.seq;
    const last = await cli(dir, ['history', log, '--diff', '--format', 'json']);
    assert.equal(last.code, 0, last.err);
    assert.deepEqual(json(last.out), [
      { kind: 'status', itemId: `${first}-1`, text: 'read the parser', status: 'completed', oldStatus: 'pending' },
      { kind: 'reworded', itemId: `${first}-2`, text: 'fix the parser bug', oldText: 'fix the bug' },
    ]);
    assert.equal((await cli(dir, ['edit', log, '--remove', '3'])).code, 0);
    assert.equal((await cli(dir, ['edit', log, '--add', 'ship\u001b[2J it'])).code, 0);
    const since = await cli(dir, ['history', log, '--diff', '--from', String(first)]);
    assert.equal(since.code, 0, since.err);
    assert.equal(
      since.out,
      [
        'status: read the parser pending -> completed',
        'reworded: "fix the bug" -> "fix the parser bug"',
        'added: ship\\e[2J it',
        'removed: write docs',
      ].join('\n'),
    );
  });

  it('refuses what --diff does not take, and a log with no plan version', async () => {
    const dir = tempDir();
    const log = await session(dir);
    for (const args of [
      ['history', log, '--from', '3'],
      ['history', log, '--diff', '--format', 'markdown'],
      ['history', log, '--diff', '--from', 'x'],
    ]) {
      const r = await cli(dir, args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    }
    const tooEarly = await cli(dir, ['history', log, '--diff', '--from', '1']);
    assert.equal(tooEarly.code, 1);
    assert.match(tooEarly.err, /no plan version stands at event 1/);
  });
});
