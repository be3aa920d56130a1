// The ledger's timing of the current run: since when each in-progress item has been
// in progress, frozen at turn/end, cleared by turn/start, and the subagents of the
// plan's turn with the item each hangs under — all derived from the log's own
// timestamps (what the plan timeline fold did before it was folded into the ledger).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planLedgerProjection, type PlanLedger } from '../../../extension/src/core/plan/plan-ledger';
import { durationParts, inProgressElapsedMs } from '../../../extension/src/core/plan/plan-timing';
import { fold } from '../../../extension/src/core/session/projection';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import type { Session } from '../../../extension/src/core/session/session';
import { memorySession, openStepWithCalls, todo } from '../support/sessions';

const timeline = (s: Session): PlanLedger => fold(planLedgerProjection, s.events);
/** content -> start of its current in-progress run. */
const since = (l: PlanLedger): [string, string][] =>
  [...l.timings].flatMap(([content, t]): [string, string][] =>
    t.inProgressSince === null ? [] : [[content, t.inProgressSince]],
  );

describe('plan ledger: the current run of each item', () => {
  it('dates each in-progress item from the write where it became in progress and stayed so', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    const first = s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
    const second = s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c')] });
    const t = timeline(s);
    assert.deepEqual(since(t), [
      ['a', first.ts],
      ['b', second.ts],
    ]);
    assert.notEqual(first.ts, second.ts, 'the fixed clock ticks per append');
  });

  it('restarts an item that left in_progress and came back, and forgets items no longer in progress', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] });
    s.append('todo/write', { todos: [todo('a', 'pending'), todo('b', 'completed')] });
    const back = s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'completed')] });
    assert.deepEqual(since(timeline(s)), [['a', back.ts]]);
  });

  it('keeps a run across writes that reorder or rename other items (identity is the content)', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    const start = s.append('todo/write', { todos: [todo('x'), todo('a', 'in_progress')] });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('y')] });
    assert.equal(timeline(s).timings.get('a')?.inProgressSince, start.ts);
  });

  it('counts to now while the turn is open and freezes at turn/end', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    const write = s.append('todo/write', { todos: [todo('a', 'in_progress')] });
    const open = timeline(s);
    const later = new Date(Date.parse(write.ts) + 65_000);
    assert.equal(inProgressElapsedMs(open, 'a', later), 65_000);
    assert.equal(inProgressElapsedMs(open, 'b', later), null, 'an item not in progress has no elapsed time');

    s.append('step/end', { turn: 1, step: 1 });
    const end = s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    const closed = timeline(s);
    assert.equal(closed.turnEndedAt, end.ts);
    const frozen = Date.parse(end.ts) - Date.parse(write.ts);
    assert.equal(
      inProgressElapsedMs(closed, 'a', new Date(Date.parse(end.ts) + 3_600_000)),
      frozen,
      'the clock stopped at turn/end',
    );
  });

  it('clears on turn/start, like the standing plan', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    s.append('todo/write', { todos: [todo('a', 'in_progress')] });
    s.append('step/end', { turn: 1, step: 1 });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 2 });
    const t = timeline(s);
    assert.equal(t.plan, null);
    assert.equal(since(t).length, 0);
    assert.equal(t.turnEndedAt, null);
  });

  it('hangs a subagent under the one item in progress when it started, else under none', () => {
    const s = memorySession();
    openStepWithCalls(s, ['c1', 'c2', 'c3']);
    s.append('todo/write', { todos: [todo('Investigate', 'in_progress'), todo('Fix')] });
    const started = s.append('subagent/start', { callId: 'c1', childSessionId: 'child-1', description: 'Look around' });
    s.append('subagent/end', { callId: 'c1', childSessionId: 'child-1', outcome: 'completed' });
    s.append('todo/write', { todos: [todo('Investigate', 'in_progress'), todo('Fix', 'in_progress')] });
    s.append('subagent/start', { callId: 'c2', childSessionId: 'child-2', description: 'Both at once' });
    s.append('todo/write', { todos: [todo('Investigate', 'completed'), todo('Fix', 'completed')] });
    s.append('subagent/start', { callId: 'c3', childSessionId: 'child-3', description: 'After the plan' });
    const marks = timeline(s).subagents.map((m) => [m.childSessionId, m.description, m.anchor, m.outcome]);
    assert.deepEqual(marks, [
      ['child-1', 'Look around', 'Investigate', 'completed'],
      ['child-2', 'Both at once', null, null],
      ['child-3', 'After the plan', null, null],
    ]);
    assert.equal(timeline(s).subagents[0]?.startedAt, started.ts);
  });

  it('returns the same state for events it ignores, so a live fold skips them', () => {
    const s = memorySession();
    const live = new SessionFolds({ transcript: null });
    let changes = 0;
    live.follow(s, (change) => void (changes += change.ledger ? 1 : 0));
    openStepWithCalls(s, ['c1']);
    assert.equal(changes, 1, 'turn/start opens the turn; user and step events change nothing');
    s.append('todo/write', { todos: [todo('a', 'in_progress')] });
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'ok' });
    assert.equal(changes, 2);
    assert.deepEqual(live.ledger, timeline(s), 'live and replay agree');
  });

  it('splits a duration into hours, minutes and seconds', () => {
    assert.deepEqual(durationParts(3_725_999), { hours: 1, minutes: 2, seconds: 5 });
    assert.deepEqual(durationParts(-5), { hours: 0, minutes: 0, seconds: 0 });
  });
});
