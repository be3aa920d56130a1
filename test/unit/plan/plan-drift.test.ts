// Plan first's drift: after plan/approved, each standing item traced back to the
// approved version (added, reworded, or as approved) and the approved items dropped,
// in the ledger, the plan history and its presented views.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { driftEntries, withDrift } from '../../../extension/src/core/plan/plan-drift';
import { planHistoryView } from '../../../extension/src/core/presenters/plan-history-presenter';
import { fold } from '../../../extension/src/core/session/projection';
import type { Session } from '../../../extension/src/core/session/session';
import { inStep, memorySession, todo } from '../support/sessions';
import { planHistory } from '../support/plan-folds';

/** Turn 1 proposes [a, b, c] and the user approves it; then the model works it. */
function approvedSession(): Session {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  let planSeq = 0;
  inStep(s, () => (planSeq = s.append('todo/write', { todos: [todo('a'), todo('b'), todo('c')] }).seq));
  s.append('plan/proposed', { turn: 1, planSeq, todos: [todo('a'), todo('b'), todo('c')] });
  s.append('plan/approved', { planSeq, todos: [todo('a'), todo('b'), todo('c')] });
  return s;
}

const ledgerOf = (s: Session) => fold(planLedgerProjection, s.events);

describe('plan drift against the approved version', () => {
  it('none while the plan is as approved; status changes are the work, not drift', () => {
    const s = approvedSession();
    assert.deepEqual(driftEntries(ledgerOf(s).plan!.todos, ledgerOf(s).drift), []);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')] }));
    const ledger = ledgerOf(s);
    assert.ok(ledger.drift, 'an approval stands');
    assert.deepEqual(driftEntries(ledger.plan!.todos, ledger.drift), []);
  });

  it('the model adds, rewords (a new text in the same place) and drops: each marked, traced across versions', () => {
    const s = approvedSession();
    inStep(s, () =>
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('bee', 'in_progress'), todo('c'), todo('d')] }),
    );
    inStep(s, () =>
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('bee!', 'in_progress'), todo('d')] }),
    );
    const ledger = ledgerOf(s);
    assert.deepEqual(driftEntries(ledger.plan!.todos, ledger.drift), [
      { kind: 'reworded', content: 'bee!', approved: 'b' },
      { kind: 'added', content: 'd' },
      { kind: 'dropped', content: 'c' },
    ]);
    assert.deepEqual(withDrift(ledger.plan!.todos, ledger.drift), [
      { content: 'a', status: 'completed' },
      { content: 'bee!', status: 'in_progress', drift: { kind: 'reworded', approved: 'b' } },
      { content: 'd', status: 'pending', drift: { kind: 'added' } },
    ]);
  });

  it('an approved item put back is in the approved plan again; a user edit after the approval is drift too', () => {
    const s = approvedSession();
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b')] }));
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b'), todo('c')] }));
    s.append('todo/user-edit', { todos: [todo('a'), todo('b'), todo('c'), todo('mine')] });
    const ledger = ledgerOf(s);
    assert.deepEqual(driftEntries(ledger.plan!.todos, ledger.drift), [{ kind: 'added', content: 'mine' }]);
  });

  it('no drift before an approval, after a rejection, nor once a new proposal replaces it', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    let planSeq = 0;
    inStep(s, () => (planSeq = s.append('todo/write', { todos: [todo('a')] }).seq));
    assert.equal(ledgerOf(s).drift, null, 'no approval yet');
    s.append('plan/proposed', { turn: 1, planSeq, todos: [todo('a')] });
    s.append('plan/rejected', { planSeq, feedback: 'more' });
    assert.equal(ledgerOf(s).drift, null, 'rejected');
    inStep(s, () => (planSeq = s.append('todo/write', { todos: [todo('a'), todo('b')] }).seq));
    s.append('plan/proposed', { turn: 1, planSeq, todos: [todo('a'), todo('b')] });
    s.append('plan/approved', { planSeq, todos: [todo('a'), todo('b')] });
    assert.deepEqual(ledgerOf(s).drift?.approved.todos, [todo('a'), todo('b')], 'the new approval is the baseline');
  });

  it('the history marks each version after the approval, as its presented view does', () => {
    const s = approvedSession();
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b'), todo('c')] }));
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b'), todo('c'), todo('x')] }));
    const views = planHistoryView(planHistory(s.events));
    assert.deepEqual(
      views.map((v) => v.drift),
      [[], [], [{ kind: 'added', content: 'x' }]],
      'the proposed version was not yet approved; the first worked version is as approved',
    );
  });
});
