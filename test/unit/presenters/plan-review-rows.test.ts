// The strip's plan with its review: each item's comments with their states and the
// changes since the version the user last saw (their last word) or approved, presented
// from the ledger's fold of a real log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { planView, standingPlanView } from '../../../extension/src/core/plan/plan-presenter';
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

  it('after an approval: the changes since the approved version, whatever the user said since', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const approved = s.append('todo/write', { todos: [todo('parse'), todo('test')] }).seq;
    s.append('plan/proposed', { turn: 1, planSeq: approved, todos: [todo('parse'), todo('test')] });
    s.append('plan/approved', { planSeq: approved, todos: [todo('parse'), todo('test')] });
    const working = s.append('todo/write', { todos: [todo('parse', 'in_progress'), todo('test')] }).seq;
    s.append('plan/comment', { itemId: `${approved}-2`, planSeq: working, text: 'which tests?' });
    s.append('todo/write', { todos: [todo('parse', 'completed'), todo('unit tests')] });
    const view = viewOf(s);
    assert.equal(view.changes?.since, 'approved', 'a comment after the approval does not hide what changed since');
    assert.equal(view.changes?.fromSeq, approved);
    assert.deepEqual(
      view.changes?.rows.map((r) => [r.kind, r.text]),
      [
        ['status', 'parse'],
        ['reworded', 'unit tests'],
      ],
    );
  });

  it("a re-approval's proposal carries the diff since the approval from the log (no turn need wait on it)", () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const first = [todo('parse'), todo('test')];
    const approved = s.append('todo/write', { todos: first }).seq;
    s.append('plan/proposed', { turn: 1, planSeq: approved, todos: first });
    s.append('plan/approved', { planSeq: approved, todos: first });
    const grown = [todo('parse', 'completed'), todo('test'), todo('docs')];
    const planSeq = s.append('todo/write', { todos: grown }).seq;
    s.append('plan/scope-changed', { turn: 1, approvedSeq: approved, planSeq, added: 1, reworded: 0 });
    s.append('plan/proposed', { turn: 1, planSeq, todos: grown });
    const ledger = SessionFolds.over(s.events, { transcript: null }).ledger;
    const view = reviewedPlanView(standingPlanView(ledger, false, new Date(), false)!, ledger);
    assert.deepEqual(planViewSchema.parse(view), view);
    assert.equal(view.proposed?.waiting, false);
    assert.equal(view.proposed?.sinceApproval?.since, 'approved');
    assert.deepEqual(
      view.proposed?.sinceApproval?.rows.map((r) => [r.kind, r.text]),
      [
        ['status', 'parse'],
        ['added', 'docs'],
      ],
    );
    assert.equal(view.changes, undefined, 'shown once, with the proposal');
    // Approved again: the new approval is the version the changes start from; a first proposal has none.
    s.append('plan/approved', { planSeq, todos: grown });
    assert.equal(viewOf(s).changes, undefined);
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 2 });
    s.append('user/message', { turn: 2, message: { text: 'more' } });
    const next = [...grown, todo('ship')];
    const proposed = s.append('todo/write', { todos: next }).seq;
    s.append('plan/proposed', { turn: 2, planSeq: proposed, todos: next });
    const again = SessionFolds.over(s.events, { transcript: null }).ledger;
    const firstProposal = reviewedPlanView(standingPlanView(again, false, new Date(), false)!, again);
    assert.equal(firstProposal.proposed?.sinceApproval, undefined);
    assert.equal(firstProposal.changes?.fromSeq, planSeq, 'since the version last approved and seen');
  });
});
