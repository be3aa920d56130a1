// The plan-first review events' invariants (session/plan-review-mark.ts), on append
// and the same on load, and the standing plan's review mark (todosProjection).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { fold } from '../../../extension/src/core/session/projection';
import { InvariantViolation } from '../../../extension/src/core/session/invariants';
import type { Session } from '../../../extension/src/core/session/session';
import { LogLoadError, loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { inStep, memorySession, tempDir, todo } from '../support/sessions';
import { readStandingPlan } from '../support/plan-folds';

const PLAN = [todo('a'), todo('b')];

/** Turn 1 with a planning step that wrote PLAN; returns the plan version's seq. */
function planned(s: Session): number {
  s.append('turn/start', { turn: 1 });
  let seq = 0;
  inStep(s, () => (seq = s.append('todo/write', { todos: PLAN }).seq));
  return seq;
}

describe('plan review invariants', () => {
  it('a proposal names the standing version and list, between steps of its turn', () => {
    const s = memorySession();
    const seq = planned(s);
    assert.throws(() => s.append('plan/proposed', { turn: 1, planSeq: seq + 1, todos: PLAN }), /names plan version/);
    assert.throws(
      () => s.append('plan/proposed', { turn: 1, planSeq: seq, todos: [todo('a')] }),
      /not the standing plan's list/,
    );
    assert.throws(
      () => inStep(s, () => s.append('plan/proposed', { turn: 1, planSeq: seq, todos: PLAN })),
      /inside step/,
    );
  });

  it('a decision needs an undecided proposal of the version standing now', () => {
    const s = memorySession();
    const seq = planned(s);
    assert.throws(() => s.append('plan/approved', { planSeq: seq, todos: PLAN }), InvariantViolation);
    s.append('plan/proposed', { turn: 1, planSeq: seq, todos: PLAN });
    const edit = s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b')] });
    assert.throws(() => s.append('plan/approved', { planSeq: seq, todos: PLAN }), /names plan version/);
    assert.throws(() => s.append('plan/rejected', { planSeq: edit.seq, feedback: '  ' }), /blank/);
    s.append('plan/rejected', { planSeq: edit.seq, feedback: 'more tests' });
    assert.throws(
      () => s.append('plan/approved', { planSeq: edit.seq, todos: [todo('a', 'completed'), todo('b')] }),
      /no proposal waiting/,
    );
  });

  it('the review carries the plan into the next turn, and a load checks the same rules', () => {
    const store = new SessionStore(tempDir());
    const opened = store.create();
    const s = opened.session;
    const seq = planned(s);
    s.append('plan/proposed', { turn: 1, planSeq: seq, todos: PLAN });
    s.append('turn/end', { turn: 1, reason: { kind: 'awaiting-approval' } });
    s.append('plan/approved', { planSeq: seq, todos: PLAN });
    s.append('turn/start', { turn: 2 });
    assert.deepEqual(fold(todosProjection, s.events), {
      todos: PLAN,
      by: 'model',
      seq,
      review: { stage: 'approved', seq: seq + 4 },
    });
    assert.deepEqual(
      readStandingPlan(opened.path),
      PLAN,
      'the tail reader reads back past turn/start to the reviewed plan',
    );
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] }));
    assert.equal(fold(todosProjection, s.events)?.review?.stage, 'approved', 'the approved plan being worked');
    opened.dispose();
    assert.equal(loadLogFile(opened.path).events.length, s.events.length);
    // A second approval written behind the writer's back: refused on load.
    const lines = fs.readFileSync(opened.path, 'utf8').trimEnd().split('\n');
    const last = JSON.parse(lines.at(-1)!) as { seq: number; ts: string };
    const forged = JSON.stringify({
      seq: last.seq + 1,
      ts: last.ts,
      type: 'plan/approved',
      data: { planSeq: seq, todos: PLAN },
    });
    fs.writeFileSync(path.join(path.dirname(opened.path), 'forged.jsonl'), `${lines.join('\n')}\n${forged}\n`);
    assert.throws(
      () => loadLogFile(path.join(path.dirname(opened.path), 'forged.jsonl')),
      (e: unknown) => e instanceof LogLoadError && /no proposal waiting/.test(e.message),
    );
  });
});
