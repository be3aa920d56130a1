// The plan history the Agent view paints: presented on the host from the history fold
// (one view per version, in log order, drops marked), checked against the protocol's
// schema, and kept live by LivePlanHistory so that live = replay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LivePlanHistory } from '../../../extension/src/core/plan/live-plan-history';
import { planHistoryView } from '../../../extension/src/core/presenters/plan-history-presenter';
import type { PlanVersionView } from '../../../extension/src/core/protocol/plan-history-view';
import type { Session } from '../../../extension/src/core/session/session';
import { parseHostMessage } from '../support/host-message-schema';
import { inStep, memorySession, todo } from '../support/sessions';
import { planHistory } from '../support/plan-folds';

/** Two model writes, a user edit between them; the second write leaves out the unfinished `c`. */
function session(): Session {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b'), todo('c')] })); // seq 5
  s.append('todo/user-edit', { todos: [todo('a', 'in_progress'), todo('bee', 'completed'), todo('c')] }); // seq 7
  inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('bee', 'completed')] })); // seq 10
  return s;
}

describe('plan history presenter', () => {
  it("gives each version its revision's diff against the one before (items by id), none for the first", () => {
    const views = planHistoryView(planHistory(session().events));
    assert.deepEqual(
      views.map((v) => v.diff),
      [
        null,
        {
          since: 'previous',
          fromSeq: 5,
          rows: [
            { kind: 'reworded', itemId: '5-2', text: 'bee', oldText: 'b' },
            { kind: 'status', itemId: '5-2', text: 'bee', status: 'completed', oldStatus: 'pending' },
          ],
        },
        {
          since: 'previous',
          fromSeq: 7,
          rows: [
            { kind: 'status', itemId: '5-1', text: 'a', status: 'completed', oldStatus: 'in_progress' },
            { kind: 'removed', itemId: '5-3', text: 'c' },
          ],
        },
      ],
    );
    for (const view of views) assert.equal(parseHostMessage({ type: 'planVersion', seq: 1, version: view }).ok, true);
  });

  // Each change kind carries only its own fields (a text change no `to`, a drop no `from`).
  it('presents every version with its number, seq, time, author, plan with counts, and changes (the drop marked)', () => {
    const s = session();
    const views = planHistoryView(planHistory(s.events));
    assert.deepEqual(
      views.map((v) => [v.number, v.seq, v.by, v.plan.progress.done, v.plan.progress.total, v.changes]),
      [
        [
          1,
          5,
          'model',
          0,
          3,
          [
            { kind: 'added', content: 'a' },
            { kind: 'added', content: 'b' },
            { kind: 'added', content: 'c' },
          ],
        ],
        [
          2,
          7,
          'user',
          1,
          3,
          [
            { kind: 'text', content: 'bee', from: 'b' },
            { kind: 'status', content: 'bee', from: 'pending', to: 'completed' },
          ],
        ],
        [
          3,
          10,
          'model',
          2,
          2,
          [
            { kind: 'status', content: 'a', from: 'in_progress', to: 'completed' },
            { kind: 'dropped', content: 'c' },
          ],
        ],
      ],
    );
    assert.equal(views[0]!.ts, s.events[4]!.ts);
    assert.deepEqual(
      views[1]!.plan.todos,
      [todo('a', 'in_progress'), todo('bee', 'completed'), todo('c')],
      'the plan that version wrote',
    );
  });

  it('makes messages the protocol schema accepts (the whole history and one version)', () => {
    const views = planHistoryView(planHistory(session().events));
    assert.equal(parseHostMessage({ type: 'planHistory', seq: 1, history: views }).ok, true);
    assert.equal(parseHostMessage({ type: 'planHistory', seq: 2, history: null }).ok, true);
    assert.equal(
      parseHostMessage({ type: 'planHistory', seq: 2, history: views, reveal: true }).ok,
      true,
      'the host reveals it (Show Plan History)',
    );
    assert.equal(
      parseHostMessage({ type: 'planHistory', seq: 2, history: views, reveal: false }).ok,
      false,
      'reveal is true or absent',
    );
    assert.equal(parseHostMessage({ type: 'planVersion', seq: 3, version: views[2] }).ok, true);
    const bogus: unknown = { ...views[2], changes: [{ kind: 'status', content: 'a', from: 'later', to: 'completed' }] };
    assert.equal(
      parseHostMessage({ type: 'planVersion', seq: 4, version: bogus }).ok,
      false,
      'a status outside the contract is refused',
    );
  });

  it('live: the versions of the log so far, then each appended one with its number, equal to a replay', () => {
    const s = session();
    const heard: [number, number][] = [];
    const live = new LivePlanHistory(s, (version, number) => heard.push([number, version.seq]));
    assert.equal(live.versions.length, 3);
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('bee', 'completed'), todo('c')] }); // Restore c: seq 12
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    assert.deepEqual(heard, [[4, 12]]);
    const replayed: PlanVersionView[] = planHistoryView(planHistory(s.events));
    assert.deepEqual(planHistoryView(live.versions), replayed);
    assert.deepEqual(replayed[3]!.changes, [{ kind: 'added', content: 'c' }]);
    live.dispose();
    s.append('turn/start', { turn: 2 });
    s.append('user/message', { turn: 2, message: { text: 'more' } });
    inStep(s, () => s.append('todo/write', { todos: [todo('x')] }));
    assert.equal(heard.length, 1, 'disposed: no longer listening');
  });
});
