// The writer's log guard: links refused, and a log changed, truncated, replaced or
// deleted under the writer refuses the next append (and the turn) instead of being
// rewritten or recreated.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { SessionStore, type WritableSession } from '../../../extension/src/core/store/session-store';
import { acquireLock } from '../../../extension/src/core/store/lock';
import { runScripted, write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';

/** A store with one session whose first turn has begun (so its file exists). */
function started(): { store: SessionStore; opened: WritableSession } {
  const store = new SessionStore(path.join(tempDir(), '.agent-checklist', 'sessions'));
  const opened = store.create({ id: 'guarded' });
  opened.session.append('turn/start', { turn: 1 });
  opened.session.append('user/message', { turn: 1, message: { text: 'hi' } });
  return { store, opened };
}

type Problem = 'link' | 'deleted' | 'replaced' | 'changed';

function refusedAs(problem: Problem): (error: unknown) => boolean {
  return (error) =>
    error instanceof Error &&
    error.name === 'LogGuardError' &&
    'problem' in error &&
    error.problem === problem &&
    /nothing more is written/.test(error.message);
}

describe('log guard: changes under the writer', () => {
  const cases: { name: string; problem: Problem; tamper: (file: string) => void }[] = [
    {
      name: 'an in-place rewrite that changes the size',
      problem: 'changed',
      tamper: (f) => fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('"hi"', '"hello, forged"'), { flag: 'r+' }),
    },
    {
      name: 'an appended forged line',
      problem: 'changed',
      tamper: (f) => fs.appendFileSync(f, '{"type":"turn/end"}\n'),
    },
    { name: 'a truncation', problem: 'changed', tamper: (f) => fs.truncateSync(f, 10) },
    { name: 'a deletion', problem: 'deleted', tamper: (f) => fs.rmSync(f) },
    {
      name: 'a replacement by another file of the same content',
      problem: 'replaced',
      tamper: (f) => {
        fs.writeFileSync(`${f}.new`, fs.readFileSync(f));
        fs.renameSync(`${f}.new`, f);
      },
    },
  ];
  for (const c of cases) {
    it(`refuses the next append after ${c.name}, and writes nothing`, () => {
      const { opened } = started();
      try {
        c.tamper(opened.path);
        const before = fs.existsSync(opened.path) ? fs.readFileSync(opened.path) : null;
        const lastSeq = opened.session.lastSeq;
        assert.throws(
          () => opened.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } }),
          refusedAs(c.problem),
        );
        assert.equal(opened.session.lastSeq, lastSeq, 'the refused event is not in memory either');
        assert.deepEqual(
          fs.existsSync(opened.path) ? fs.readFileSync(opened.path) : null,
          before,
          'never rewritten or recreated',
        );
        // Every later append is refused too: the session is now read-only in effect.
        assert.throws(() => opened.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } }), {
          name: 'LogGuardError',
        });
      } finally {
        opened.dispose();
      }
    });
  }

  it('cannot see a same-length rewrite in place (size, device and inode unchanged): that is left to check', () => {
    const { opened } = started();
    try {
      fs.writeFileSync(opened.path, fs.readFileSync(opened.path, 'utf8').replace('"hi"', '"HI"'), { flag: 'r+' });
      opened.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      assert.match(fs.readFileSync(opened.path, 'utf8'), /"HI"[\s\S]*turn\/end/);
    } finally {
      opened.dispose();
    }
  });

  it('a change between reopening and the first append is seen too', () => {
    const { store, opened } = started();
    opened.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    opened.dispose();
    const again = store.openForWrite('guarded');
    try {
      fs.appendFileSync(again.path, 'x');
      assert.throws(() => again.session.append('turn/start', { turn: 2 }), refusedAs('changed'));
    } finally {
      again.dispose();
    }
  });

  it('ends the turn of a real loop with the guard error when the log is truncated mid-turn', async () => {
    const { store } = started();
    const opened = store.create({ id: 'mid-turn' });
    let truncated = false;
    opened.session.subscribe((event) => {
      if (event.type === 'tool/call' && !truncated) {
        truncated = true;
        fs.truncateSync(opened.path, 0);
      }
    });
    try {
      await assert.rejects(
        runScripted(opened, 'plan it', [write([todo('a', 'in_progress')]), { text: 'done' }]),
        refusedAs('changed'),
      );
      assert.equal(fs.statSync(opened.path).size, 0, 'the emptied log stays empty');
      assert.equal(opened.session.events.at(-1)?.type, 'tool/call');
    } finally {
      opened.dispose();
    }
  });
});

describe('log guard: links', () => {
  it('refuses a sessions folder that is a symlink, and creates nothing behind it', () => {
    const root = tempDir();
    const outside = tempDir();
    fs.mkdirSync(path.join(root, '.agent-checklist'));
    fs.symlinkSync(outside, path.join(root, '.agent-checklist', 'sessions'));
    const store = new SessionStore(path.join(root, '.agent-checklist', 'sessions'));
    assert.throws(() => store.create({ id: 'x' }), refusedAs('link'));
    assert.throws(() => store.openForWrite('x'), refusedAs('link'));
    assert.deepEqual(fs.readdirSync(outside), []);
  });

  it('refuses a .agent-checklist folder that is a symlink', () => {
    const root = tempDir();
    const outside = tempDir();
    fs.symlinkSync(outside, path.join(root, '.agent-checklist'));
    const store = new SessionStore(path.join(root, '.agent-checklist', 'sessions'));
    assert.throws(() => store.create({ id: 'x' }), refusedAs('link'));
    assert.deepEqual(fs.readdirSync(outside), []);
  });

  it('creates new session folders with mode 0700', () => {
    const { store, opened } = started();
    opened.dispose();
    assert.equal(fs.statSync(store.dir).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.dirname(store.dir)).mode & 0o777, 0o700);
  });

  it('refuses to open a log that is a symlink for writing, and leaves its target alone', () => {
    const { store, opened } = started();
    opened.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    opened.dispose();
    const target = path.join(tempDir(), 'elsewhere.jsonl');
    fs.renameSync(opened.path, target);
    fs.symlinkSync(target, opened.path);
    const before = fs.readFileSync(target);
    assert.throws(() => store.openForWrite('guarded'), refusedAs('link'));
    assert.deepEqual(fs.readFileSync(target), before);
    assert.equal(fs.existsSync(`${opened.path}.lock`), false, 'no lock is left behind');
  });

  it('does not follow a planted lock link', () => {
    const dir = tempDir();
    const victim = path.join(dir, 'victim');
    fs.writeFileSync(victim, `${process.pid}\n`);
    const log = path.join(dir, 's.jsonl');
    fs.symlinkSync(victim, `${log}.lock`);
    const lock = acquireLock(log);
    try {
      assert.equal(fs.lstatSync(`${log}.lock`).isSymbolicLink(), false);
      assert.equal(fs.readFileSync(victim, 'utf8'), `${process.pid}\n`);
    } finally {
      lock.dispose();
    }
  });
});
