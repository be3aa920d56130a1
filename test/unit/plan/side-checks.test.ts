// A followed session's checks side log folded with its log (core/plan/side-checks.ts):
// each side event right after the log's event its `logSeq` names, whatever the side
// log's order; one naming an event the log does not have (yet) is not folded; the
// states are those of the same events written in the log itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { itemCheckViews } from '../../../extension/src/core/plan/check-states';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { ChecksWithSide, foldChecksWithSide } from '../../../extension/src/core/plan/side-checks';
import { buildEnvelope, type SessionEvent } from '../../../extension/src/core/session/events';
import { fold } from '../../../extension/src/core/session/projection';
import { memorySession, todo } from '../support/sessions';

const TS = '2026-01-01T00:00:00.000Z';
const set = (seq: number, logSeq: number): SessionEvent =>
  buildEnvelope('plan/check-set', seq, TS, { item: 'a', command: 'true', from: 'user', logSeq });
const result = (seq: number, logSeq: number, exitCode: number): SessionEvent =>
  buildEnvelope('check/result', seq, TS, { item: 'a', command: 'true', exitCode, durationMs: 1, output: '', logSeq });

function log() {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('todo/write', { todos: [todo('a', 'in_progress')] }); // 2
  s.append('todo/write', { todos: [todo('a', 'completed')] }); // 3
  s.append('todo/write', { todos: [todo('a', 'in_progress')] }); // 4
  s.append('todo/write', { todos: [todo('a', 'completed')] }); // 5
  return s.events;
}
const stateOf = (events: readonly SessionEvent[], side: SessionEvent[]) =>
  itemCheckViews(foldChecksWithSide(events, side))[0]?.state ?? null;

describe("a followed session's checks side log, folded with its log", () => {
  it('folds each side event after the log event it names, in any side order', () => {
    const events = log();
    assert.equal(stateOf(events, [set(1, 2), result(2, 3, 0)]), 'not-run', 'passed, then reopened at 4');
    assert.equal(stateOf(events, [set(1, 2), result(2, 5, 0)]), 'passed');
    assert.equal(stateOf(events, [result(2, 5, 3), set(1, 2)]), 'failed', 'the side log out of order');
    assert.equal(stateOf(events, [set(1, 5)]), 'not-run', 'set after the completion');
  });

  it('is the fold of the same events written in the log', () => {
    const events = log();
    const merged = foldChecksWithSide(events, [set(1, 2), result(2, 5, 0)]);
    const inLog = fold(itemChecksProjection, [
      ...events.slice(0, 2),
      { ...set(3, 0), seq: 2.5 },
      ...events.slice(2),
      { ...result(4, 0, 0), seq: 5.5 },
    ]);
    assert.deepEqual(itemCheckViews(merged), itemCheckViews(inLog));
  });

  it('a side event naming a log event not read yet is not folded (plan --at)', () => {
    const events = log();
    const upTo3 = new ChecksWithSide([set(1, 2), result(2, 5, 0)]);
    for (const event of events.slice(0, 3)) upTo3.apply(event);
    assert.equal(itemCheckViews(upTo3.state)[0]?.state, 'not-run');
  });
});
