// Items' checks (core/plan/item-checks.ts, check-states.ts) over real Sessions (every
// event validated and checked by the invariants): the states, when a check runs by
// itself after each kind of plan write, and stale after a later change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import {
  checkFlag,
  checksAwaitingAcceptance,
  checksDue,
  itemCheckViews,
  verifiedCount,
} from '../../../extension/src/core/plan/check-states';
import { makeHeader } from '../../../extension/src/core/session/header';
import { fold } from '../../../extension/src/core/session/projection';
import { Session } from '../../../extension/src/core/session/session';
import type { SessionSource } from '../../../extension/src/core/session/source';
import { inStep, memorySession, todo } from '../support/sessions';

const PASS = 'node -e "process.exit(0)"';
const FAIL = 'node -e "process.exit(3)"';
const commit = (c: string) => c.repeat(40);

const state = (s: Session) => fold(itemChecksProjection, s.events);
const states = (s: Session, defaultCommand?: string) =>
  itemCheckViews(state(s), { defaultCommand: defaultCommand ?? null }).map((v) => v?.state ?? null);
const due = (s: Session, defaultCommand?: string) =>
  checksDue(state(s), { defaultCommand: defaultCommand ?? null }).map((d) => d.item);
const result = (s: Session, item: string, command: string, exitCode: number | null) =>
  s.append('check/result', { item, command, exitCode, durationMs: 5, output: '' });

function sourced(source: SessionSource): Session {
  let tick = 0;
  return new Session(makeHeader({ id: 'x', source, now: new Date('2026-01-01T00:00:00Z') }), {
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
  });
}

describe('item checks: states', () => {
  it('not-run, passed, failed, waiting-acceptance, and none without a check', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b'), todo('c'), todo('d')] }));
    s.append('plan/check-set', { item: 'a', command: PASS });
    s.append('plan/check-set', { item: 'b', command: FAIL });
    s.append('plan/check-set', { item: 'c', command: PASS, from: 'file' });
    assert.deepEqual(states(s), ['not-run', 'not-run', 'waiting-acceptance', null]);
    inStep(s, () => {
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed'), todo('c'), todo('d')] });
      result(s, 'a', PASS, 0);
      result(s, 'b', FAIL, 3);
    });
    const views = itemCheckViews(state(s));
    assert.deepEqual(states(s), ['passed', 'failed', 'waiting-acceptance', null]);
    assert.deepEqual(checkFlag(views[1]!), { reason: 'check-failed', exitCode: 3 });
    assert.equal(checkFlag(views[0]!), null);
    assert.equal(verifiedCount(views), 1);
    assert.equal(views[0]!.at, '2026-01-01T00:00:11.000Z');
    s.append('plan/check-accepted', { item: 'c', command: PASS });
    s.append('plan/check-set', { item: 'a', command: null });
    assert.deepEqual(states(s), [null, 'failed', 'not-run', null]);
    assert.deepEqual(states(s, 'npm test'), ['not-run', 'failed', 'not-run', 'not-run']);
    const running = itemCheckViews(state(s), { running: new Set([state(s).version!.items[1]!.itemId]) });
    assert.equal(running[1]!.state, 'running');
  });

  it('a timed-out or cancelled check (exit code null) is failed; a new command is not run yet', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('plan/check-set', { item: 'nothing yet', command: PASS });
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed')] }));
    s.append('plan/check-set', { item: 'a', command: PASS });
    result(s, 'a', PASS, null);
    assert.deepEqual(itemCheckViews(state(s))[0], {
      command: PASS,
      state: 'failed',
      exitCode: null,
      at: s.lastEvent!.ts,
    });
    s.append('plan/check-set', { item: 'a', command: FAIL });
    assert.deepEqual(states(s), ['not-run']);
  });

  it('a check from the file keeps its acceptance when the file says it again, and loses it for a new command', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a')] });
    s.append('plan/check-set', { item: 'a', command: PASS, from: 'file' });
    s.append('plan/check-accepted', { item: 'a', command: PASS });
    s.append('plan/check-set', { item: 'a', command: PASS, from: 'file' });
    assert.deepEqual(states(s), ['not-run']);
    s.append('plan/check-set', { item: 'a', command: FAIL, from: 'file' });
    assert.deepEqual(states(s), ['waiting-acceptance']);
    s.append('plan/check-accepted', { item: 'a', command: PASS });
    assert.deepEqual(states(s), ['waiting-acceptance'], 'accepting another command accepts nothing');
  });
});

describe('item checks: when a check runs by itself', () => {
  it('a model write completing an item runs it once; a later write keeping it completed does not; reopened does', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b')] }));
    s.append('plan/check-set', { item: 'a', command: PASS });
    assert.deepEqual(due(s), []);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b')] }));
    assert.deepEqual(due(s), ['a']);
    result(s, 'a', PASS, 0);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] }));
    assert.deepEqual(due(s), []);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] }));
    assert.deepEqual(due(s), []);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] }));
    assert.deepEqual(due(s), ['a']);
  });

  it('a user edit completing an item runs it; a check set on an item already completed waits for Run Check', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b')] });
    s.append('plan/check-set', { item: 'a', command: PASS });
    s.append('plan/check-set', { item: 'b', command: PASS });
    assert.deepEqual(due(s), []);
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    assert.deepEqual(due(s), ['b']);
  });

  it("a followed agent's and an ACP agent's plan completing an item run it; the default check too", () => {
    for (const source of [
      { kind: 'imported', name: 'claude-code', version: '1', file: '/tmp/t.jsonl' },
      { kind: 'acp', name: 'codex', version: '1' },
    ] as SessionSource[]) {
      const s = sourced(source);
      s.append('turn/start', { turn: 1 });
      s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
      assert.deepEqual(due(s, 'npm test'), []);
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
      assert.deepEqual(due(s, 'npm test'), ['a', 'b']);
      assert.deepEqual(due(s), [], 'no check, nothing runs');
    }
  });

  it('a check waiting for acceptance does not run by itself', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a')] });
    s.append('plan/check-set', { item: 'a', command: PASS, from: 'file' });
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    assert.deepEqual(due(s), []);
  });
});

describe('item checks: stale', () => {
  it('a pass goes stale when a later checkpoint shows the workspace changed, or changes were reverted', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] }));
    s.append('plan/check-set', { item: 'a', command: PASS });
    inStep(s, () => {
      s.append('checkpoint/created', { turn: 1, step: s.lastStep, commit: commit('1') });
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] });
      result(s, 'a', PASS, 0);
    });
    assert.deepEqual(states(s), ['passed', null]);
    inStep(s, () => s.append('checkpoint/created', { turn: 1, step: s.lastStep, commit: commit('2') }));
    assert.deepEqual(states(s), ['passed', null], 'the first checkpoint after the pass is what it saw');
    inStep(s, () => s.append('checkpoint/created', { turn: 1, step: s.lastStep, commit: commit('2') }));
    assert.deepEqual(states(s), ['passed', null], 'the same commit: nothing changed');
    inStep(s, () => s.append('checkpoint/created', { turn: 1, step: s.lastStep, commit: commit('3') }));
    assert.deepEqual(states(s), ['stale', null]);
    result(s, 'a', PASS, 0);
    assert.deepEqual(states(s), ['passed', null]);
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('changes/reverted', { item: 'b', scope: 'item', checkpoint: commit('1'), files: ['x'] });
    assert.deepEqual(states(s), ['stale', null]);
  });
});

describe('item checks: acceptance asked at a completion', () => {
  it('a check from the plan file not accepted is asked for by the write that completes its item, once', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a'), todo('b')] });
    s.append('plan/check-set', { item: 'a', command: PASS, from: 'file' });
    s.append('plan/check-set', { item: 'b', command: PASS });
    const done = s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    const asked = (seq: number) => checksAwaitingAcceptance(state(s), seq).map((r) => [r.item, r.command]);
    assert.deepEqual(asked(done.seq), [['a', PASS]], "the user's own check needs no acceptance");
    const kept = s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    assert.deepEqual(asked(kept.seq), [], 'a write keeping it completed asks nothing');
    s.append('plan/check-accepted', { item: 'a', command: PASS });
    s.append('todo/user-edit', { todos: [todo('a'), todo('b', 'completed')] });
    const again = s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    assert.deepEqual(asked(again.seq), [], 'accepted for good');
  });
});
