// Comments on plan items (core/plan/plan-comments.ts): each comment's state on the latest
// version, over a real Session (its events validated and checked by the invariants).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commentsByItem, listComments, planCommentsProjection } from '../../../extension/src/core/plan/plan-comments';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { fold } from '../../../extension/src/core/session/projection';
import type { Session } from '../../../extension/src/core/session/session';
import { inStep, memorySession, todo } from '../support/sessions';

/** A turn whose model wrote `todos`; returns the version's seq. */
function write(s: Session, todos: ReturnType<typeof todo>[]): number {
  let seq = 0;
  inStep(s, () => (seq = s.append('todo/write', { todos }).seq));
  return seq;
}

describe('comment states', () => {
  it('unresolved until its item changes (addressed), stale when it is gone, resolved when the user says so', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const v1 = write(s, [todo('read the parser'), todo('fix the bug'), todo('write docs'), todo('ship')]);
    const comment = (n: number, text: string) =>
      s.append('plan/comment', { itemId: `${v1}-${n}`, planSeq: v1, text }).seq;
    const onRead = comment(1, 'which parser?');
    const onFix = comment(2, 'add a test first');
    const onDocs = comment(3, 'not needed');
    const onShip = comment(4, 'after review');
    s.append('plan/comment-resolved', { commentSeq: onShip });
    const states = () => listComments(fold(planCommentsProjection, s.events)).map((c) => [c.seq, c.state]);
    assert.deepEqual(states(), [
      [onRead, 'unresolved'],
      [onFix, 'unresolved'],
      [onDocs, 'unresolved'],
      [onShip, 'resolved'],
    ]);
    // The revision: read done (a status), fix reworded, docs removed, ship moved (not a change).
    write(s, [todo('ship'), todo('read the parser', 'completed'), todo('fix the bug with a test')]);
    assert.deepEqual(states(), [
      [onRead, 'addressed'],
      [onFix, 'addressed'],
      [onDocs, 'stale'],
      [onShip, 'resolved'],
    ]);
    const state = fold(planCommentsProjection, s.events);
    assert.deepEqual(
      commentsByItem(state).map((list) => list.map((c) => c.text)),
      [['after review'], ['which parser?'], ['add a test first']],
    );
    assert.deepEqual(listComments(state)[2], {
      seq: onDocs,
      itemId: `${v1}-3`,
      planSeq: v1,
      state: 'stale',
      item: 'write docs',
      text: 'not needed',
    });
  });

  it('a comment on a moved item stays unresolved; a resolve of no comment changes nothing', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const v1 = write(s, [todo('a'), todo('b')]);
    s.append('plan/comment', { itemId: `${v1}-2`, planSeq: v1, text: 'why b?' });
    write(s, [todo('b'), todo('a')]);
    const before = fold(planCommentsProjection, s.events);
    assert.equal(listComments(before)[0]!.state, 'unresolved');
    const resolveNothing = s.append('plan/comment-resolved', { commentSeq: v1 });
    assert.equal(planCommentsProjection.apply(before, resolveNothing), before);
  });

  it('a split item is addressed (the best match by words keeps its id); the model never sees comments', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    const v1 = write(s, [todo('build and test'), todo('ship')]);
    const withoutComments = deriveMessages(s.events);
    s.append('plan/comment', { itemId: `${v1}-1`, planSeq: v1, text: 'split this' });
    s.append('plan/comment', { itemId: `${v1}-2`, planSeq: v1, text: 'when?' });
    s.append('plan/comment-resolved', { commentSeq: s.lastSeq });
    assert.deepEqual(deriveMessages(s.events), withoutComments);
    const v2 = write(s, [todo('build'), todo('test'), todo('ship')]);
    const state = fold(planCommentsProjection, s.events);
    assert.deepEqual(
      state.version?.items.map((item) => item.itemId),
      [`${v1}-1`, `${v2}-2`, `${v1}-2`],
    );
    assert.deepEqual(
      listComments(state).map((c) => c.state),
      ['addressed', 'resolved'],
    );
  });

  it('the invariants keep comments out of a step and make them name an earlier event', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const v1 = write(s, [todo('a')]);
    s.append('step/start', { turn: 1, step: 2 });
    assert.throws(() => s.append('plan/comment', { itemId: `${v1}-1`, planSeq: v1, text: 'x' }), /inside step 2/);
    s.append('assistant/message', { turn: 1, step: 2, message: { content: [] }, model: { provider: 'p', model: 'm' } });
    s.append('step/end', { turn: 1, step: 2 });
    assert.throws(
      () => s.append('plan/comment', { itemId: `${v1}-1`, planSeq: s.lastSeq + 1, text: 'x' }),
      /does not come before it/,
    );
    assert.throws(() => s.append('plan/comment-resolved', { commentSeq: s.lastSeq + 5 }), /does not come before it/);
    assert.throws(() => s.append('plan/comment', { itemId: `${v1}-1`, planSeq: v1, text: '' }));
  });
});
