// Following a log another writer appends to: each read returns only the events
// appended since the last one, validated as a load validates them (same checker);
// a line still being written waits; an invalid line or a replaced file is refused.
// A real writer (SessionStore) and real files.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { Session } from '../../../extension/src/core/session/session';
import { LogFollower } from '../../../extension/src/core/store/log-follower';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir } from '../support/sessions';

function writer() {
  const store = new SessionStore(tempDir());
  const created = store.create({ title: 'followed' });
  created.session.append('turn/start', { turn: 1 });
  created.session.append('user/message', { turn: 1, message: { text: 'go' } });
  return created;
}

describe('LogFollower', () => {
  it('reads only what was appended, and the session it feeds notifies its folds as appends do', () => {
    const w = writer();
    const loaded = loadLogFile(w.path);
    const follower = LogFollower.after(loaded);
    const session = Session.restore(loaded);
    const plan = SessionFolds.over(session.events, { transcript: null });
    plan.follow(session);
    assert.deepEqual(follower.readAppended(), [], 'nothing new yet');
    w.session.append('step/start', { turn: 1, step: 1 });
    w.session.append('assistant/message', {
      turn: 1,
      step: 1,
      message: { content: [{ type: 'tool-call', id: 'c1', name: 'todo_write', arguments: '{}' }] },
      model: { provider: 'p', model: 'm' },
    });
    w.session.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    w.session.append('todo/write', { todos: [{ content: 'A', status: 'in_progress' }] });
    const before = follower.position;
    const events = follower.readAppended();
    assert.deepEqual(
      events.map((e) => e.seq),
      [3, 4, 5, 6],
    );
    for (const e of events) session.ingest(e);
    assert.deepEqual(
      plan.planState?.todos,
      [{ content: 'A', status: 'in_progress' }],
      'the live fold saw the ingested events',
    );
    assert.equal(session.lastSeq, 6);
    assert.ok(follower.position > before);
    assert.deepEqual(follower.readAppended(), []);
    assert.throws(() => session.ingest(events[0]!), /not admitted/, 'an event is ingested once');
    w.dispose();
  });

  it('leaves a line still being written for the next read', () => {
    const w = writer();
    const follower = LogFollower.after(loadLogFile(w.path));
    const line = JSON.stringify({
      seq: 3,
      ts: new Date().toISOString(),
      type: 'step/start',
      data: { turn: 1, step: 1 },
    });
    fs.appendFileSync(w.path, line.slice(0, 10));
    assert.deepEqual(follower.readAppended(), []);
    fs.appendFileSync(w.path, `${line.slice(10)}\n`);
    assert.deepEqual(
      follower.readAppended().map((e) => e.type),
      ['step/start'],
    );
    w.dispose();
  });

  it('refuses an appended line that breaks an invariant, naming the line, and a file that shrank', () => {
    const w = writer();
    const follower = LogFollower.after(loadLogFile(w.path));
    fs.appendFileSync(
      w.path,
      `${JSON.stringify({ seq: 9, ts: new Date().toISOString(), type: 'step/start', data: { turn: 1, step: 1 } })}\n`,
    );
    assert.throws(
      () => follower.readAppended(),
      (e: unknown) => e instanceof LogLoadError && e.line === 4 && /seq 9 does not follow 2/.test(e.reason),
    );
    const other = writer();
    const second = LogFollower.after(loadLogFile(other.path));
    fs.truncateSync(other.path, 10);
    assert.throws(() => second.readAppended(), { name: 'LogReplacedError' });
    w.dispose();
    other.dispose();
  });
});
