// Plan first's re-approval rule: whether a model write grew the approved plan's scope.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { approvalScopeProjection } from '../../../extension/src/core/plan/scope-growth';
import { fold } from '../../../extension/src/core/session/projection';
import { memorySession, todo } from '../support/sessions';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';

const APPROVED = [todo('read the code'), todo('write notes.txt'), todo('run the tests')];

/** The growth of the last of the model's writes `after` an approval of APPROVED (version 2: seq 2; the writes: 5, 6, …). */
function grown(...after: TodoItem[][]) {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  const planSeq = s.append('todo/write', { todos: APPROVED }).seq;
  s.append('plan/proposed', { turn: 1, planSeq, todos: APPROVED });
  s.append('plan/approved', { planSeq, todos: APPROVED });
  for (const todos of after) s.append('todo/write', { todos });
  return fold(approvalScopeProjection, s.events).growth;
}

describe('a model write after an approval: did this write grow the scope since the approved version', () => {
  it('an added item grows it', () => {
    const growth = grown([...APPROVED, todo('update the docs')]);
    assert.ok(growth);
    assert.deepEqual([growth.added, growth.reworded, growth.approvedSeq, growth.planSeq], [1, 0, 2, 5]);
    assert.deepEqual(
      growth.changes.map((c) => [c.kind, c.text]),
      [['added', 'update the docs']],
    );
  });

  it('a reworded item grows it', () => {
    const growth = grown([APPROVED[0]!, todo('write notes.txt and a README'), APPROVED[2]!]);
    assert.ok(growth);
    assert.deepEqual([growth.added, growth.reworded], [0, 1]);
    assert.equal(growth.changes[0]!.oldText, 'write notes.txt');
  });

  it('status changes, removals and reorders do not', () => {
    assert.equal(
      grown([todo('read the code', 'completed'), todo('write notes.txt', 'in_progress'), APPROVED[2]!]),
      null,
    );
    assert.equal(grown([APPROVED[0]!, APPROVED[2]!]), null, 'a removal');
    assert.equal(grown([APPROVED[2]!, APPROVED[0]!, APPROVED[1]!]), null, 'a reorder');
    assert.equal(grown([todo('read the code', 'completed'), APPROVED[2]!, APPROVED[1]!]), null, 'all three at once');
  });

  it('a pending item replaced by a new one grows it (the removal alone would not)', () => {
    const growth = grown([APPROVED[0]!, APPROVED[1]!, todo('deploy to staging')]);
    assert.ok(growth);
    assert.equal(growth.added + growth.reworded, 1);
  });

  it('growth already there before this write is not counted again', () => {
    const byUser = [...APPROVED, todo('the user wants this')];
    assert.equal(
      grown(
        byUser,
        byUser.map((t, i) => (i === 0 ? todo(t.content, 'completed') : t)),
      ),
      null,
    );
    const more = grown(byUser, [...byUser, todo('and the model adds this')]);
    assert.ok(more);
    assert.deepEqual([more.added, more.reworded], [2, 0], 'the counts are the whole diff since the approval');
  });
});

describe('approvalScopeProjection', () => {
  it('measures model writes against the standing approval only, and forgets it at the next proposal', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const planSeq = s.append('todo/write', { todos: APPROVED }).seq;
    s.append('plan/proposed', { turn: 1, planSeq, todos: APPROVED });
    s.append('plan/approved', { planSeq, todos: APPROVED });
    s.append('todo/write', { todos: [...APPROVED, todo('more')] });
    const state = fold(approvalScopeProjection, s.events);
    assert.equal(state.approved?.seq, planSeq);
    assert.equal(state.growth?.added, 1);
    s.append('todo/user-edit', { todos: [...APPROVED, todo('more'), todo('mine')] });
    assert.equal(fold(approvalScopeProjection, s.events).growth, null, "a user's edit is theirs");
    const now = s.events.at(-1)!.seq;
    s.append('plan/proposed', { turn: 1, planSeq: now, todos: [...APPROVED, todo('more'), todo('mine')] });
    assert.equal(fold(approvalScopeProjection, s.events).approved, null);
  });
});
