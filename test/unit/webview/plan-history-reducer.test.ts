// The reducer's plan history: the whole list, each new version after it, closed by
// null, and cleared by a snapshot (the page asks again while it shows the history).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HostMessage, HostMessageBody, PlanVersionView } from '../../../extension/src/core/protocol/messages';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { plan, snapshotBody, stamp } from './fixtures';

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);

const version = (number: number, seq: number, by: 'model' | 'user' = 'model'): PlanVersionView => ({
  number,
  seq,
  ts: `2026-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`,
  by,
  plan: plan([{ content: 'a', status: 'pending' }]),
  changes: [{ kind: 'added', content: 'a' }],
  diff: null,
  drift: [],
});

describe('webview reducer: plan history', () => {
  it('takes the whole history, appends each new version once, and closes with null', () => {
    let state = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5)] },
      { type: 'planVersion', version: version(2, 7, 'user') },
    ]);
    assert.deepEqual(
      state.view.history?.map((v) => [v.number, v.by]),
      [
        [1, 'model'],
        [2, 'user'],
      ],
    );
    state = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5), version(2, 7)] },
      { type: 'planVersion', version: version(2, 7) },
    ]);
    assert.equal(state.view.history?.length, 2, 'a version already in the whole list is not added twice');
    state = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5)] },
      { type: 'planHistory', history: null },
      { type: 'planVersion', version: version(2, 7) },
    ]);
    assert.equal(state.view.history, null, 'closed: later versions are not kept');
  });

  it("takes a history the host reveals (Show Plan History) and notes that message's seq; a plain answer to the page's ask reveals nothing", () => {
    const asked = fold([snapshotBody(), { type: 'planHistory', history: [version(1, 5)] }]);
    assert.equal(asked.view.historyRevealed, 0);
    const revealed = fold([snapshotBody(), { type: 'planHistory', history: [version(1, 5)], reveal: true }]);
    assert.equal(revealed.view.historyRevealed, 2, 'the seq of the reveal (after the snapshot at 1)');
    assert.deepEqual(
      revealed.view.history?.map((v) => v.number),
      [1],
    );
    const closed = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5)], reveal: true },
      { type: 'planHistory', history: null },
    ]);
    assert.equal(closed.view.historyRevealed, 2, 'closing keeps the note: the page does not reopen');
    const again = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5)], reveal: true },
      snapshotBody(),
    ]);
    assert.equal(again.view.historyRevealed, 0, 'a snapshot forgets it');
  });

  it('is cleared by a snapshot (another session, a reload)', () => {
    const state = fold([
      snapshotBody(),
      { type: 'planHistory', history: [version(1, 5)] },
      snapshotBody({ session: { id: 's2', title: null, readOnly: false } }),
    ]);
    assert.equal(state.view.history, null);
    assert.equal(fold([snapshotBody()]).view.history, null, 'none before the page asks');
  });
});
