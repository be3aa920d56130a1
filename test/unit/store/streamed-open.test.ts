// A large log opens streamed (issue 21): its events go through the surfaces' folds and
// stay on disk (Session.restoreOnDisk), read back, checked again, only when a reader
// needs the whole log. What the session and its folds say must be what a load says.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { writeSyntheticLog } from '../../../bench/synthetic-log';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { TranscriptFolder } from '../../../extension/src/core/presenters/transcript-folder';
import { InvariantViolation } from '../../../extension/src/core/session/invariants';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { readRecentPlan } from '../../../extension/src/core/store/tail-reader';
import type { SessionPreview } from '../../../extension/src/vscode/session/session-preview';
import { openSessionReadOnlyAsync } from '../../../extension/src/vscode/session/opened-session';
import { openSessionAsync } from '../../../extension/src/vscode/session/session-opening';
import { tempDir } from '../support/sessions';
import { readStandingPlan } from '../support/plan-folds';

function storeWithLog(target: { events?: number; bytes?: number }): { store: SessionStore; id: string; file: string } {
  const store = new SessionStore(path.join(tempDir(), 'sessions'));
  fs.mkdirSync(store.dir, { recursive: true });
  const id = 'long-session';
  const file = store.pathOf(id);
  writeSyntheticLog(file, target, { id });
  return { store, id, file };
}

const foldsOver = (file: string): SessionFolds =>
  SessionFolds.over(loadLogFile(file).events, { transcript: new TranscriptFolder() });

describe('a session opened streamed', () => {
  it('keeps no events, folds what a load folds, and reads its events back when asked', async () => {
    const { store, id, file } = storeWithLog({ events: 2000 });
    const loaded = loadLogFile(file);
    const folds = new SessionFolds({ transcript: new TranscriptFolder() });
    const writable = await store.openForWriteStreamed(id, (events) => folds.catchUp(events));
    try {
      const s = writable.session;
      assert.equal(s.residentEvents, null, 'nothing in memory after the open');
      assert.deepEqual(s.lastEvent, loaded.events.at(-1));
      assert.equal(s.lastSeq, loaded.events.at(-1)!.seq);
      assert.ok(isDeepStrictEqual(folds.ledger, foldsOver(file).ledger), 'the streamed folds are the loaded ones');
      // An append continues the log; the events read back are the load's plus it.
      s.append('turn/start', { turn: s.lastTurn + 1 });
      assert.equal(s.residentEvents, null);
      const all = await s.loadEvents();
      assert.deepEqual(all.slice(0, -1), loaded.events);
      assert.equal(all.at(-1)!.type, 'turn/start');
      assert.equal(s.residentEvents, all, 'in memory once read back');
      assert.deepEqual(loadLogFile(file).events, all, 'the file holds what the session holds');
    } finally {
      writable.dispose();
    }
  });

  it('reads them back synchronously for a reader that cannot wait, and refuses a log that lost them', async () => {
    const { store, id, file } = storeWithLog({ events: 500 });
    const loaded = loadLogFile(file);
    const readOnly = await store.openReadOnlyStreamed(id, () => undefined);
    assert.equal(readOnly.count, loaded.events.length);
    const writable = await store.openForWriteStreamed(id, () => undefined);
    try {
      assert.deepEqual(writable.session.events, loaded.events);
    } finally {
      writable.dispose();
    }
    const again = await store.openForWriteStreamed(id, () => undefined);
    try {
      const bytes = fs.readFileSync(file, 'utf8').split('\n');
      fs.writeFileSync(file, `${bytes.slice(0, 20).join('\n')}\n`); // replaced behind its back: shorter
      assert.throws(() => again.session.events, InvariantViolation);
    } finally {
      again.dispose();
    }
  });

  it('is how the host opens a log over 8 MiB; a smaller one is read into memory', async () => {
    const large = storeWithLog({ bytes: 9 * 1024 * 1024 });
    const result = await openSessionAsync(large.store, () => undefined, large.id);
    assert.ok(result.opened, result.error ?? 'opened');
    try {
      assert.equal(result.opened.readOnly, false);
      assert.equal(result.opened.session.residentEvents, null);
      const folds = result.opened.takeFolds?.();
      assert.ok(folds, 'the folds made while streaming are handed over');
      assert.equal(result.opened.takeFolds?.(), null, 'to the first taker only');
      const loadedFolds = foldsOver(large.file);
      assert.deepEqual(folds.standingPlan, loadedFolds.standingPlan);
      assert.ok(isDeepStrictEqual(folds.ledger, loadedFolds.ledger));
    } finally {
      result.opened.dispose();
    }
    const readOnly = await openSessionReadOnlyAsync(large.store, large.id, () => undefined);
    try {
      assert.equal(readOnly.session.residentEvents, null);
      assert.ok(readOnly.takeFolds?.());
    } finally {
      readOnly.dispose();
    }
    const small = storeWithLog({ events: 200 });
    const smallResult = await openSessionAsync(small.store, () => undefined, small.id);
    try {
      assert.notEqual(smallResult.opened?.session.residentEvents, null);
      assert.equal(smallResult.opened?.takeFolds, undefined);
    } finally {
      smallResult.opened?.dispose();
    }
  });

  it('previews a large log before reading it (its title and the plan its last bytes decide); a small one is not previewed', async () => {
    const large = storeWithLog({ bytes: 9 * 1024 * 1024 });
    const previews: SessionPreview[] = [];
    const opening = openSessionAsync(
      large.store,
      () => undefined,
      large.id,
      undefined,
      (p) => previews.push(p),
    );
    assert.equal(previews.length, 1, 'previewed before the open reads the log');
    const result = await opening;
    try {
      const expected: SessionPreview = {
        id: large.id,
        title: null,
        path: large.file,
        plan: readStandingPlan(large.file),
      };
      assert.deepEqual(previews, [expected]);
      assert.deepEqual(previews[0]!.plan, result.opened?.takeFolds?.()?.standingPlan, 'the plan the open shows');
    } finally {
      result.opened?.dispose();
    }
    const small = storeWithLog({ events: 200 });
    const smallResult = await openSessionAsync(
      small.store,
      () => undefined,
      small.id,
      undefined,
      (p) => previews.push(p),
    );
    smallResult.opened?.dispose();
    assert.equal(previews.length, 1);
  });

  it('reads the preview plan from a bounded tail: the standing plan when those bytes decide it, else unknown', () => {
    const { file } = storeWithLog({ events: 3000 });
    const size = fs.statSync(file).size;
    const standing = readStandingPlan(file);
    assert.ok(standing && standing.length > 0);
    assert.deepEqual(readRecentPlan(file, size), standing, 'the whole log decides it');
    assert.equal(readRecentPlan(file, 10), undefined, 'ten bytes decide nothing');
    let decided = 0;
    for (let within = 64; within < size; within *= 2) {
      const plan = readRecentPlan(file, within);
      if (plan === undefined) continue;
      decided++;
      assert.deepEqual(plan, standing, `within ${within} bytes`);
    }
    assert.ok(decided > 0, 'some bounded tail decides it');
  });

  it('hands over no folds when a repair appended events the stream never saw', async () => {
    const { store, id, file } = storeWithLog({ bytes: 9 * 1024 * 1024 });
    const loaded = loadLogFile(file);
    const last = loaded.events.at(-1)!;
    const turn = loaded.checker.position.lastTurn + 1;
    fs.appendFileSync(
      file,
      `${JSON.stringify({ seq: last.seq + 1, ts: last.ts, type: 'turn/start', data: { turn } })}\n`,
    ); // a crash inside a turn
    const result = await openSessionAsync(store, () => undefined, id);
    try {
      assert.ok(result.opened, result.error ?? 'opened');
      assert.equal(result.opened.takeFolds, undefined);
      assert.equal(result.opened.session.openTurn, null, 'the interrupted turn was closed');
      const events = await result.opened.session.loadEvents();
      assert.deepEqual(events.slice(0, loaded.events.length), loaded.events);
      assert.deepEqual(
        events.slice(loaded.events.length).map((e) => e.type),
        ['turn/start', 'turn/end'],
      );
    } finally {
      result.opened?.dispose();
    }
  });
});
