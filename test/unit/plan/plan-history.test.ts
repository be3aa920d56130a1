// History, changes, timing and drop detection: pure folds over the log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { timingRows } from '../../../extension/src/core/plan/timing-rows';
import { planChanges } from '../../../extension/src/core/plan/plan-changes';
import { hasPlanVersion } from '../../../extension/src/core/plan/plan-history';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { timeInProgressMs } from '../../../extension/src/core/plan/plan-timing';
import { fold } from '../../../extension/src/core/session/projection';
import type { Session } from '../../../extension/src/core/session/session';
import { inStep, memorySession, todo } from '../support/sessions';
import { planAt, planHistory } from '../support/plan-folds';

describe('plan changes between versions', () => {
  it('added, removed, status; a model write that leaves out an unfinished item dropped it (a completed one was removed)', () => {
    const before = [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')];
    assert.deepEqual(planChanges(before, [todo('b', 'completed'), todo('d')], 'model'), [
      { kind: 'status', content: 'b', from: 'in_progress', to: 'completed' },
      { kind: 'added', content: 'd' },
      { kind: 'removed', content: 'a' },
      { kind: 'dropped', content: 'c' },
    ]);
  });

  it('a user edit is never a drop, and a new text in the same place is a text change', () => {
    const before = [todo('a', 'in_progress'), todo('b')];
    assert.deepEqual(planChanges(before, [todo('a', 'in_progress'), todo('bee')], 'user'), [
      { kind: 'text', content: 'bee', from: 'b', to: 'bee' },
    ]);
    assert.deepEqual(planChanges(before, [todo('a', 'in_progress')], 'user'), [{ kind: 'removed', content: 'b' }]);
    assert.deepEqual(planChanges(null, [todo('a')], 'model'), [{ kind: 'added', content: 'a' }]);
  });
});

describe('plan history', () => {
  function session(): Session {
    const s = memorySession();
    s.append('turn/start', { turn: 1 }); // 1
    s.append('user/message', { turn: 1, message: { text: 'go' } }); // 2
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b'), todo('c')] })); // 5
    s.append('todo/user-edit', { todos: [todo('a', 'in_progress'), todo('b', 'completed'), todo('c')] }); // 7
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] })); // 10
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } }); // 12
    s.append('turn/start', { turn: 2 }); // 13
    s.append('user/message', { turn: 2, message: { text: 'more' } });
    inStep(s, () => s.append('todo/write', { todos: [todo('x')] })); // 17
    return s;
  }

  it('every version in log order with time, author and changes against the standing plan before it', () => {
    const s = session();
    const history = planHistory(s.events);
    assert.deepEqual(
      history.map((v) => [v.seq, v.by, v.changes]),
      [
        [
          5,
          'model',
          [
            { kind: 'added', content: 'a' },
            { kind: 'added', content: 'b' },
            { kind: 'added', content: 'c' },
          ],
        ],
        [7, 'user', [{ kind: 'status', content: 'b', from: 'pending', to: 'completed' }]],
        [
          10,
          'model',
          [
            { kind: 'status', content: 'a', from: 'in_progress', to: 'completed' },
            { kind: 'dropped', content: 'c' },
          ],
        ],
        [17, 'model', [{ kind: 'added', content: 'x' }]],
      ],
    );
    assert.equal(history[0]!.ts, s.events[4]!.ts);
  });

  it('a session has a plan history from its first plan version on (a user edit counts), even once its plan no longer stands', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'hello' } });
    assert.equal(hasPlanVersion(s.events), false, 'a turn without todo_write');
    assert.equal(hasPlanVersion(session().events), true);
    const edited = memorySession();
    edited.append('todo/user-edit', { todos: [todo('mine')] });
    assert.equal(hasPlanVersion(edited.events), true, 'a user edit is a version');
    const cleared = session();
    cleared.append('turn/end', { turn: 2, reason: { kind: 'completed' } });
    cleared.append('turn/start', { turn: 3 });
    assert.equal(planAt(cleared.events, 999), null, 'turn 3 cleared the plan');
    assert.equal(hasPlanVersion(cleared.events), true, 'its history stays');
  });

  it('the standing plan as of any seq', () => {
    const s = session();
    assert.equal(planAt(s.events, 4), null);
    assert.deepEqual(planAt(s.events, 8)?.todos, [todo('a', 'in_progress'), todo('b', 'completed'), todo('c')]);
    assert.equal(planAt(s.events, 13), null, 'cleared by turn 2');
    assert.deepEqual(planAt(s.events, 999)?.todos, [todo('x')]);
  });
});

describe('plan ledger: timing and dropped items', () => {
  it('started, finished and time in progress per item, paused at turn/end, resumed when a user plan carries', () => {
    const s = memorySession(); // the clock ticks one second per append
    s.append('turn/start', { turn: 1 }); // t0
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] })); // the write is event 3
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] })); // event 7
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } }); // t8
    let ledger = fold(planLedgerProjection, s.events);
    const a = ledger.timings.get('a')!;
    const { evidence, ...timing } = a;
    assert.deepEqual(timing, {
      addedAt: s.events[3]!.ts,
      addedBy: 'model',
      startedAt: s.events[3]!.ts,
      finishedAt: s.events[7]!.ts,
      closedMs: 4000,
      runningSince: null,
      inProgressSince: null,
      priority: null,
    });
    assert.equal(evidence.completedBy, 'model', 'its evidence (item-evidence.test.ts) knows who completed it');
    assert.equal(timeInProgressMs(ledger.timings.get('b')!, new Date('2030-01-01')), 2000, 'b paused at turn/end');
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] }); // t9, between turns
    s.append('turn/start', { turn: 2 }); // t10: carried, b resumes
    s.append('turn/end', { turn: 2, reason: { kind: 'completed' } }); // t11
    ledger = fold(planLedgerProjection, s.events);
    assert.equal(timeInProgressMs(ledger.timings.get('b')!, new Date('2030-01-01')), 3000);
    s.append('turn/start', { turn: 3 });
    assert.equal(fold(planLedgerProjection, s.events).timings.size, 2, 'still the user plan');
  });

  it("keeps an ACP agent's priorities other than medium per item, across the user's edits; a list without priorities has none", () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () =>
      s.append('todo/write', {
        todos: [todo('a', 'in_progress'), todo('b'), todo('c')],
        priorities: ['high', 'medium', 'low'],
      }),
    );
    let ledger = fold(planLedgerProjection, s.events);
    const priorities = () => [...ledger.timings].map(([content, t]) => [content, t.priority]);
    assert.deepEqual(priorities(), [
      ['a', 'high'],
      ['b', null],
      ['c', 'low'],
    ]);
    assert.deepEqual(planView(ledger.plan!.todos, ledger.timings).todos, [
      { content: 'a', status: 'in_progress', priority: 'high' },
      { content: 'b', status: 'pending' },
      { content: 'c', status: 'pending', priority: 'low' },
    ]);
    s.append('todo/user-edit', { todos: [todo('c'), todo('a', 'in_progress')] });
    ledger = fold(planLedgerProjection, s.events);
    assert.deepEqual(
      priorities(),
      [
        ['c', 'low'],
        ['a', 'high'],
      ],
      'a user edit keeps them',
    );
    inStep(s, () => s.append('todo/write', { todos: [todo('c'), todo('a', 'completed')] }));
    ledger = fold(planLedgerProjection, s.events);
    assert.deepEqual(
      priorities(),
      [
        ['c', null],
        ['a', null],
      ],
      "our model's list says none",
    );
  });

  it('an unfinished item a model write left out is dropped until it is listed again; a new model turn clears the list', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')] }));
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed')] }));
    let ledger = fold(planLedgerProjection, s.events);
    assert.deepEqual(
      ledger.dropped.map((d) => [d.content, d.status, d.index]),
      [
        ['b', 'in_progress', 1],
        ['c', 'pending', 2],
      ],
    );
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] }); // Restore b
    ledger = fold(planLedgerProjection, s.events);
    assert.deepEqual(
      ledger.dropped.map((d) => d.content),
      ['c'],
    );
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 2 });
    assert.deepEqual(
      fold(planLedgerProjection, s.events).dropped.map((d) => d.content),
      ['c'],
      'a user plan carries its dropped list',
    );
    inStep(s, () => s.append('todo/write', { todos: [todo('z')] }));
    s.append('turn/end', { turn: 2, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 3 });
    assert.deepEqual(fold(planLedgerProjection, s.events).dropped, []);
  });

  it('knows who added each item and when; a user Edit Text… keeps the item its times, an item the user adds is theirs', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] })); // event 3
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('todo/user-edit', { todos: [todo('alpha', 'in_progress'), todo('b'), todo('c')] }); // reword a, add c
    const ledger = fold(planLedgerProjection, s.events);
    const edit = s.events.at(-1)!;
    const alpha = ledger.timings.get('alpha')!;
    assert.deepEqual(
      [alpha.addedAt, alpha.addedBy, alpha.startedAt],
      [s.events[3]!.ts, 'model', s.events[3]!.ts],
      'the reworded item is the same item',
    );
    assert.deepEqual([ledger.timings.get('c')!.addedAt, ledger.timings.get('c')!.addedBy], [edit.ts, 'user']);
    assert.equal(ledger.timings.has('a'), false);
    const rows = timingRows(ledger.plan!.todos, ledger.timings, new Date('2030-01-01'));
    assert.deepEqual(
      rows.map((r) => [r.content, r.addedBy, r.startedAt !== null, r.finishedAt]),
      [
        ['alpha', 'model', true, null],
        ['b', 'model', false, null],
        ['c', 'user', false, null],
      ],
    );
  });

  it('returns the same reference for events it ignores', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const state = fold(planLedgerProjection, s.events);
    s.append('user/message', { turn: 1, message: { text: 'x' } });
    assert.ok(Object.is(planLedgerProjection.apply(state, s.events.at(-1)!), state));
  });
});
