// A late report of another program's plan write that this window already showed does
// not count as new once the user left that log (core/session/shown-plan-writes.ts);
// a write past what was shown does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ShownPlanWrites } from '../../../extension/src/core/session/shown-plan-writes';

describe('plan writes already shown', () => {
  it('a write read while its log was shown is not followed after the user left it; a later write is', () => {
    const shown = new ShownPlanWrites();
    assert.equal(shown.wasShown('/ws/a.jsonl', 7), false, 'a log never shown: every write is new');
    shown.left('/ws/a.jsonl', 9); // the user chose New Session with a.jsonl read up to event 9
    assert.equal(shown.wasShown('/ws/a.jsonl', 7), true, 'the report of its write at 7, arriving late');
    assert.equal(shown.wasShown('/ws/a.jsonl', 9), true);
    assert.equal(shown.wasShown('/ws/a.jsonl', 10), false, 'written after the user left it');
    assert.equal(shown.wasShown('/ws/b.jsonl', 7), false, 'another log');
  });

  it('leaving a log again never lowers how far it was shown', () => {
    const shown = new ShownPlanWrites();
    shown.left('/ws/a.jsonl', 12);
    shown.left('/ws/a.jsonl', 3); // reopened from scratch and left early
    assert.equal(shown.wasShown('/ws/a.jsonl', 12), true);
  });
});
