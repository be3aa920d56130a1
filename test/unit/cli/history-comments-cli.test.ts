// `history` over a real log (the scripted model writes through `run`, the comments come
// from `comment`): each version's items carry their comments with the state they had as
// of that version, in JSON and in text.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { tempDir, todo } from '../support/sessions';

async function cli(dir: string, args: string[], responses?: unknown[]) {
  if (responses) fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: {}, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
  const run = ['--script', 's.json', '--session-dir', 'logs', '--allow-parallel-in-progress', 'false'];
  const common = args[0] === 'run' ? [...run, '--tools', 'todo_write', '--verify-completion', 'off'] : [];
  const code = await main([...args.slice(0, 1), ...common, ...args.slice(1)], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const todoWrite = (todos: unknown) => ({ toolCalls: [{ name: 'todo_write', arguments: { todos } }] });
const PLAN = [todo('read the parser'), todo('fix the bug'), todo('write docs')];
const REVISED = [todo('read the parser', 'completed'), todo('fix the bug'), todo('write docs')];

type Version = {
  seq: number;
  todos: { content: string; itemId: string; comments: { text: string; state: string }[] }[];
};

describe('history: comments per version', () => {
  it('gives each version its items’ comments with their state as of that version', async () => {
    const dir = tempDir();
    const first = await cli(dir, ['run', '--json', 'go'], [todoWrite(PLAN), { text: 'Planned.' }]);
    assert.equal(first.code, 0, first.err);
    const { logPath, sessionId } = JSON.parse(first.out) as { logPath: string; sessionId: string };
    for (const [item, text] of [
      ['1', 'start here'],
      ['2', 'add a test'],
      ['3', 'short docs'],
    ])
      assert.equal((await cli(dir, ['comment', logPath, '--item', item!, text!])).code, 0);
    const listed = JSON.parse((await cli(dir, ['comments', logPath, '--format', 'json'])).out) as { seq: number }[];
    assert.equal((await cli(dir, ['comment', logPath, '--resolve', String(listed[2]!.seq)])).code, 0);
    const next = await cli(dir, ['run', '--session', sessionId, 'go on'], [todoWrite(REVISED), { text: 'Done.' }]);
    assert.equal(next.code, 0, next.err);

    const history = await cli(dir, ['history', logPath, '--format', 'json']);
    assert.equal(history.code, 0, history.err);
    const states = (JSON.parse(history.out) as Version[]).map((v) =>
      v.todos.map((t) => t.comments.map((c) => `${c.text}: ${c.state}`)),
    );
    assert.deepEqual(states, [
      [['start here: unresolved'], ['add a test: unresolved'], ['short docs: resolved']],
      [['start here: addressed'], ['add a test: unresolved'], ['short docs: resolved']],
    ]);
    const text = (await cli(dir, ['history', logPath])).out;
    assert.ok(text.includes('    comment on "read the parser" (unresolved): start here'), text);
    assert.ok(text.includes('    comment on "read the parser" (addressed): start here'), text);
  });
});
