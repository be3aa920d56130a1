// The strip's plan with its review: each item's comments with their states and the
// changes since the version the user last saw (their last word) or approved, presented
// from the ledger's fold of a real log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { reviewedPlanView } from '../../../extension/src/core/presenters/plan-review-rows';
import { planViewSchema } from '../../../extension/src/core/protocol/plan-view';
import type { Session } from '../../../extension/src/core/session/session';
import { inStep, memorySession, todo } from '../support/sessions';

function viewOf(s: Session) {
  const ledger = SessionFolds.over(s.events, { transcript: null }).ledger;
  const view = reviewedPlanView(planView(ledger.plan!.todos), ledger);
  assert.deepEqual(planViewSchema.parse(view), view);
  return view;
}

describe('reviewed plan view', () => {
  it('shows comments under their items and, after a revision, what changed since the user last spoke', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    let v1 = 0;
    inStep(s, () => (v1 = s.append('todo/write', { todos: [todo('parse'), todo('test'), todo('ship')] }).seq));
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    const first = viewOf(s);
    assert.equal(first.changes, undefined, 'the user has not seen an earlier version');
    const itemId = `${v1}-2`;
    s.append('plan/comment', { itemId, planSeq: v1, text: 'which tests?' });
    s.append('plan/comment', { itemId: `${v1}-3`, planSeq: v1, text: 'not yet' });
    assert.deepEqual(
      viewOf(s).todos[1]!.comments?.map((c) => [c.text, c.state]),
      [['which tests?', 'unresolved']],
    );
    s.append('turn/start', { turn: 2 });
    s.append('user/message', { turn: 2, message: { text: 'see my comments' } });
    inStep(s, () =>
      s.append('todo/write', { todos: [todo('parse', 'completed'), todo('write unit tests'), todo('docs')] }),
    );
    const after = viewOf(s);
    assert.deepEqual(
      after.todos[1]!.comments?.map((c) => c.state),
      ['addressed'],
    );
    assert.equal(after.changes?.since, 'seen');
    assert.equal(after.changes?.fromSeq, v1);
    assert.deepEqual(
      after.changes?.rows.map((r) => r.kind),
      ['status', 'reworded', 'reworded'],
    );
  });
});
