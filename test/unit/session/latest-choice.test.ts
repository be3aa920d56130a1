// The latest choice of what a window shows wins (core/session/latest-choice.ts): an
// open that finishes after a later choice was made shows nothing and disposes what it
// opened; its signal aborts at once, so a real chunked open of a log stops, releases
// the lock and leaves the log as it was.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { LatestChoice } from '../../../extension/src/core/session/latest-choice';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir, todo } from '../support/sessions';

/** Something opened that records whether it was disposed. */
class Opened {
  disposed = false;
  constructor(readonly name: string) {}
  dispose(): void {
    this.disposed = true;
  }
}

/** A promise resolved from outside (an open whose read finishes when the test says). */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Opens `opened` once `read` resolves, then lands it: what a picked session's open does. */
async function pick(choices: LatestChoice, read: Promise<Opened>, shown: (string | null)[]): Promise<boolean> {
  const signal = choices.make();
  const opened = await read;
  return choices.land(signal, opened, (o) => shown.push(o.name));
}

/** A log of our own agent with a turn left open (a crash): opening it for write repairs it. */
function interruptedLog(events: number): { store: SessionStore; id: string; file: string } {
  const store = new SessionStore(path.join(tempDir(), 'sessions'));
  const created = store.create();
  const s = created.session;
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  for (let step = 1; step <= events; step++) {
    s.append('step/start', { turn: 1, step });
    s.append('todo/write', { todos: [todo(`item ${step} `.padEnd(200, 'x'), 'in_progress')] });
    s.append('step/end', { turn: 1, step });
  }
  created.dispose();
  return { store, id: s.id, file: created.path };
}

describe('the latest choice of what shows', () => {
  it('an open that finishes after a later pick shows nothing and is disposed; the later pick shows', async () => {
    const choices = new LatestChoice();
    const shown: (string | null)[] = [];
    const slow = deferred<Opened>();
    const fast = deferred<Opened>();
    const older = pick(choices, slow.promise, shown);
    const newer = pick(choices, fast.promise, shown);
    const a = new Opened('a');
    const b = new Opened('b');
    fast.resolve(b);
    assert.equal(await newer, true);
    slow.resolve(a);
    assert.equal(await older, false);
    assert.deepEqual(shown, ['b']);
    assert.equal(a.disposed, true, 'what the superseded open opened is closed');
    assert.equal(b.disposed, false);
  });

  it('a choice that shows at once (New Session, a followed write) wins over an open still loading', async () => {
    const choices = new LatestChoice();
    const shown: (string | null)[] = [];
    const slow = deferred<Opened>();
    const older = pick(choices, slow.promise, shown);
    assert.equal(choices.pending, true, 'the pick is still finishing');
    choices.now(null, () => shown.push(null));
    assert.equal(choices.pending, false);
    const a = new Opened('a');
    slow.resolve(a);
    assert.equal(await older, false);
    assert.deepEqual(shown, [null]);
    assert.equal(a.disposed, true);
  });

  it('a superseded choice’s signal aborts at once with ChoiceSupersededError; close() supersedes the pending one and every later one', () => {
    const choices = new LatestChoice();
    const first = choices.make();
    assert.equal(first.aborted, false);
    const second = choices.make();
    assert.equal(first.aborted, true);
    assert.ok(first.reason instanceof Error && first.reason.name === 'ChoiceSupersededError');
    choices.close();
    assert.equal(second.aborted, true);
    assert.equal(choices.make().aborted, true, 'nothing lands after close');
    assert.equal(choices.pending, false);
  });

  it('keeping what shows (a prompt sent to it) supersedes an open still loading and leaves nothing pending', async () => {
    const choices = new LatestChoice();
    const shown: (string | null)[] = [];
    const slow = deferred<Opened>();
    const older = pick(choices, slow.promise, shown);
    choices.keep();
    assert.equal(choices.pending, false);
    const a = new Opened('a');
    slow.resolve(a);
    assert.equal(await older, false);
    assert.deepEqual(shown, [], 'the session the prompt went to stays shown');
    assert.equal(a.disposed, true);
  });

  it('a failed choice that is dropped is no longer pending (followed writes go on)', () => {
    const choices = new LatestChoice();
    const signal = choices.make();
    choices.drop(signal);
    assert.equal(choices.pending, false);
    assert.equal(
      choices.land(signal, null, () => assert.fail('a dropped choice never shows')),
      false,
    );
  });

  it('a superseded chunked open for write stops reading, releases the lock and repairs nothing', async () => {
    const { store, id, file } = interruptedLog(400); // well over one 32 KB chunk
    const before = fs.readFileSync(file);
    const choices = new LatestChoice();
    const signal = choices.make();
    const opening = store.openForWriteAsync(id, {}, signal);
    choices.make(); // the user picked another session while this one loaded
    await assert.rejects(opening, { name: 'ChoiceSupersededError' });
    assert.deepEqual(fs.readFileSync(file), before, 'the interrupted turn was not closed by an open nobody waits for');
    const reopened = store.openForWrite(id); // the lock was released
    assert.equal(reopened.repair.appended > 0, true, 'a real open still repairs it');
    reopened.dispose();
  });

  it('a superseded chunked read-only open rejects with the reason', async () => {
    const { store, id } = interruptedLog(400);
    const choices = new LatestChoice();
    const signal = choices.make();
    const opening = store.openReadOnlyAsync(id, signal);
    choices.close();
    await assert.rejects(opening, { name: 'ChoiceSupersededError' });
  });
});
