// Comments on plan items from the CLI over real logs (the scripted model writes them
// through `run`): `comment`, `comments`, each item's `comments` in `plan --format json`;
// plan first's loop: comments on the proposal, a rejection, the revision, the states.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { acquireLock } from '../../../extension/src/core/store/lock';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';

async function cli(dir: string, args: string[], responses?: unknown[]) {
  if (responses) fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: {}, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
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
const PLAN = [todo('read the parser'), todo('fix the bug'), todo('write docs')];

type Listed = { seq: number; itemId: string; planSeq: number; state: string; item: string | null; text: string };

describe('agent-checklist comment / comments', () => {
  it('comments on items of the standing plan; plan --format json carries them under their item', async () => {
    const dir = tempDir();
    const run = await cli(dir, ['run', '--json', 'go'], [todoWrite(PLAN), { text: 'Done.' }]);
    assert.equal(run.code, 0, run.err);
    const { logPath } = JSON.parse(run.out) as { logPath: string };
    const made = await cli(dir, ['comment', logPath, '--item', '2', 'add', 'a', 'test\u001b[2J', 'first']);
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, /^comment \d+ on item 2 \(fix the bug\): add a test␛\[2J first$/);
    assert.equal((await cli(dir, ['comment', logPath, '--item', '4', 'no such item'])).code, 1);
    const plan = JSON.parse((await cli(dir, ['plan', logPath, '--format', 'json'])).out) as {
      itemId: string;
      comments: unknown[];
    }[];
    const planSeq = Number(plan[0]!.itemId.split('-')[0]);
    assert.deepEqual(
      plan.map((item) => item.comments),
      [[], [{ itemId: `${planSeq}-2`, text: 'add a test\u001b[2J first', state: 'unresolved', planSeq }], []],
    );
    const text = await cli(dir, ['comments', logPath]);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^\d+ unresolved · item \d+-2 "fix the bug" \(version \d+\): add a test␛\[2J first$/);
    const events = loadLogFile(logPath).events;
    assert.equal(events.at(-1)!.type, 'plan/comment');
    // Written ignorable: a reader that does not know plan/comment skips it and still reads the log.
    const older = path.join(dir, 'older.jsonl');
    const lines = fs.readFileSync(logPath, 'utf8').trimEnd().split('\n');
    const last = JSON.parse(lines.pop()!) as { ignorable?: true };
    assert.equal(last.ignorable, true);
    lines.push(JSON.stringify({ ...last, type: 'plan/a-type-this-reader-does-not-know' }));
    fs.writeFileSync(older, lines.join('\n') + '\n');
    const checked = await cli(dir, ['check', older]);
    assert.equal(checked.code, 0, checked.err);
    assert.match(checked.err, /1 ignorable line\(s\) of unknown types were skipped/);
    assert.equal((await cli(dir, ['check', logPath])).code, 0);
  });

  it('plan first: comments on the proposal, reject, the revision: addressed, stale, unresolved, resolved', async () => {
    const dir = tempDir();
    const first = await cli(dir, ['run', '--plan-first', '--json', 'go'], [todoWrite(PLAN), { text: 'My plan.' }]);
    const report = JSON.parse(first.out) as { logPath: string; sessionId: string };
    const log = report.logPath;
    for (const [n, text] of [
      ['1', 'which parser?'],
      ['2', 'add a test first'],
      ['3', 'docs are not needed'],
    ] as const)
      assert.equal((await cli(dir, ['comment', log, '--item', n, text])).code, 0);
    const rejected = await cli(dir, ['approve', log, '--reject', 'See my comments.']);
    assert.equal(rejected.code, 0, rejected.err);
    const revised = [todo('read the parser'), todo('add a test, then fix the bug')];
    const again = await cli(
      dir,
      ['run', '--session', report.sessionId, '--json'],
      [todoWrite(revised), { text: 'Revised.' }],
    );
    assert.equal(again.code, 0, again.err);
    const listed = () => cli(dir, ['comments', log, '--format', 'json']).then((r) => JSON.parse(r.out) as Listed[]);
    const states = await listed();
    assert.deepEqual(
      states.map((c) => [c.item, c.state]),
      [
        ['read the parser', 'unresolved'],
        ['add a test, then fix the bug', 'addressed'],
        ['write docs', 'stale'],
      ],
    );
    assert.equal((await cli(dir, ['comment', log, '--resolve', String(states[0]!.seq)])).code, 0);
    assert.equal((await cli(dir, ['comment', log, '--resolve', String(states[0]!.seq)])).code, 1, 'resolved already');
    assert.equal((await listed())[0]!.state, 'resolved');
    assert.equal((await cli(dir, ['comment', log, '--resolve', '1'])).code, 1, 'event 1 is not a comment');
    assert.equal((await cli(dir, ['check', log])).code, 0);
  });

  it('approve --reject with no text sends the unresolved comments; run --session --comments sends them as the prompt', async () => {
    const dir = tempDir();
    const first = await cli(dir, ['run', '--plan-first', '--json', 'go'], [todoWrite(PLAN), { text: 'My plan.' }]);
    const { logPath: log, sessionId } = JSON.parse(first.out) as { logPath: string; sessionId: string };
    assert.equal((await cli(dir, ['approve', log, '--reject'])).code, 2, 'no comment: no feedback');
    assert.equal((await cli(dir, ['comment', log, '--item', '2', 'add a test first'])).code, 0);
    assert.equal((await cli(dir, ['comment', log, '--item', '3', 'not needed'])).code, 0);
    const states = JSON.parse((await cli(dir, ['comments', log, '--format', 'json'])).out) as Listed[];
    assert.equal((await cli(dir, ['comment', log, '--resolve', String(states[1]!.seq)])).code, 0);
    const rejected = await cli(dir, ['approve', log, '--reject']);
    assert.equal(rejected.code, 0, rejected.err);
    const sent = 'My comments on the plan:\n- On the item "fix the bug": add a test first';
    const last = loadLogFile(log).events.at(-1)!;
    assert.deepEqual(last.type === 'plan/rejected' && last.data.feedback, sent);
    const replan = [todoWrite(PLAN), { text: 'Same plan.' }];
    const again = await cli(dir, ['run', '--session', sessionId, '--comments', '--json', 'Please', 'look.'], replan);
    assert.equal(again.code, 0, again.err);
    const prompts = loadLogFile(log).events.flatMap((e) => (e.type === 'user/message' ? [e.data.message.text] : []));
    assert.equal(prompts.at(-1), `Please look.\n\n${sent}`);
    assert.equal((await cli(dir, ['comment', log, '--resolve', String(states[0]!.seq)])).code, 0);
    const none = await cli(dir, ['run', '--session', sessionId, '--comments'], replan);
    assert.equal(none.code, 1);
    assert.match(none.err, /no unresolved comment/);
  });

  it("approve --reject with no text and run --session --comments read an imported session's side comments", async () => {
    const dir = tempDir();
    const first = await cli(dir, ['run', '--plan-first', '--json', 'go'], [todoWrite(PLAN), { text: 'My plan.' }]);
    const { logPath: log, sessionId } = JSON.parse(first.out) as { logPath: string; sessionId: string };
    // The session as `import` records another agent's: its comments go to its side log, never to the log.
    const [header, ...events] = fs.readFileSync(log, 'utf8').split('\n');
    const source = { kind: 'imported', name: 'claude-code', version: '2.0.0', file: path.join(dir, 't.jsonl') };
    fs.writeFileSync(log, [JSON.stringify({ ...JSON.parse(header!), source }), ...events].join('\n'));
    assert.equal((await cli(dir, ['comment', log, '--item', '2', 'add a test first'])).code, 0);
    assert.ok(fs.existsSync(`${log}.comments.jsonl`));
    assert.equal(loadLogFile(log).events.filter((e) => e.type === 'plan/comment').length, 0, 'not in the log');
    const exported = await cli(dir, ['export', log, '--format', 'json']);
    const doc = JSON.parse(exported.out) as { comments: { text: string }[] };
    assert.deepEqual(
      doc.comments.map((c) => c.text),
      ['add a test first'],
      'Export Plan reads the side log',
    );
    const rejected = await cli(dir, ['approve', log, '--reject']);
    assert.equal(rejected.code, 0, rejected.err);
    const sent = 'My comments on the plan:\n- On the item "fix the bug": add a test first';
    const last = loadLogFile(log).events.at(-1)!;
    assert.deepEqual(last.type === 'plan/rejected' && last.data.feedback, sent);
    const again = await cli(
      dir,
      ['run', '--session', sessionId, '--comments', '--json'],
      [todoWrite(PLAN), { text: 'Same plan.' }],
    );
    assert.equal(again.code, 0, again.err);
    const prompts = loadLogFile(log).events.flatMap((e) => (e.type === 'user/message' ? [e.data.message.text] : []));
    assert.equal(prompts.at(-1), sent);
  });

  it('is refused while another process writes the session, and on bad usage', async () => {
    const dir = tempDir();
    const run = await cli(dir, ['run', '--json', 'go'], [todoWrite(PLAN), { text: 'Done.' }]);
    const { logPath } = JSON.parse(run.out) as { logPath: string };
    const lock = acquireLock(logPath);
    try {
      const refused = await cli(dir, ['comment', logPath, '--item', '1', 'x']);
      assert.equal(refused.code, 1);
      assert.match(refused.err, /cannot comment on the plan/);
    } finally {
      lock.dispose();
    }
    for (const args of [
      ['comment', logPath, 'no item flag'],
      ['comment', logPath, '--item', '1'],
      ['comment', logPath, '--item', 'x', 'text'],
      ['comment', logPath, '--item', '1', '--resolve', '3', 'text'],
      ['comments', logPath, '--format', 'markdown'],
    ]) {
      const r = await cli(dir, args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    }
    assert.equal(loadLogFile(logPath).events.filter((e) => e.type === 'plan/comment').length, 0);
  });
});
