// The standing plan fold and the summaries the surfaces show.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fold } from '../../../extension/src/core/session/projection';
import {
  planProgress,
  progressRow,
  ROW_HEAD_TEMPLATE,
  statusBarSummary,
  stripHeader,
} from '../../../extension/src/core/plan/summaries';
import { planAsMarkdown } from '../../../extension/src/core/plan/plan-markdown';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { memorySession, openStepWithCalls, todo } from '../support/sessions';
import { foldStandingPlan } from '../support/plan-folds';

describe('todos projection (the standing plan)', () => {
  it('starts null, takes the whole list of each write, survives turn/end, clears on turn/start', () => {
    const s = memorySession();
    assert.equal(todosProjection.init, null);
    openStepWithCalls(s, []);
    s.append('todo/write', { todos: [todo('a')] });
    s.append('todo/write', { todos: [todo('a', 'completed'), todo('b')] });
    s.append('step/end', { turn: 1, step: 1 });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    assert.deepEqual(foldStandingPlan(s.events), [todo('a', 'completed'), todo('b')]);
    s.append('turn/start', { turn: 2 });
    assert.equal(foldStandingPlan(s.events), null);
  });

  it('an empty write makes the plan the empty list, not null', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [] });
    assert.deepEqual(foldStandingPlan(s.events), []);
  });

  it('returns the same reference for every event it ignores', () => {
    const s = memorySession();
    openStepWithCalls(s, ['c1']);
    s.append('todo/write', { todos: [todo('a')] });
    const state = fold(todosProjection, s.events);
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'x' });
    s.append('step/end', { turn: 1, step: 1 });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    for (const event of s.events.slice(-4)) assert.ok(Object.is(todosProjection.apply(state, event), state));
    const turnStart = s.events[0]!;
    assert.ok(Object.is(todosProjection.apply(null, turnStart), null));
  });
});

describe('plan summaries', () => {
  it('strip header: counts joined by " · ", zero segments omitted, completed · in progress · pending', () => {
    assert.equal(
      stripHeader([todo('a', 'pending'), todo('b', 'in_progress'), todo('c', 'completed'), todo('d', 'in_progress')]),
      '1 completed · 2 in progress · 1 pending',
    );
    assert.equal(stripHeader([todo('a', 'pending')]), '1 pending');
    assert.equal(stripHeader([todo('a', 'completed'), todo('b', 'pending')]), '1 completed · 1 pending');
    assert.equal(stripHeader([]), '');
  });

  it('per-call row: done/total · first active, and a separate +n for the other active items', () => {
    assert.deepEqual(
      progressRow(
        planProgress([
          todo('a', 'completed'),
          todo('b', 'in_progress'),
          todo('c', 'in_progress'),
          todo('d', 'in_progress'),
          todo('e'),
        ]),
        ROW_HEAD_TEMPLATE,
      ),
      { text: '1/5 done · b', more: '+2' },
    );
    assert.deepEqual(progressRow(planProgress([todo('a', 'in_progress')]), ROW_HEAD_TEMPLATE), {
      text: '0/1 done · a',
      more: null,
    });
    assert.deepEqual(progressRow(planProgress([todo('a', 'completed')]), ROW_HEAD_TEMPLATE), {
      text: '1/1 done',
      more: null,
    });
    assert.deepEqual(progressRow(planProgress([]), ROW_HEAD_TEMPLATE), { text: '0/0 done', more: null });
  });

  it('the status bar uses the same row with a `<done>/<total>` head; an empty or absent plan hides it', () => {
    assert.equal(statusBarSummary([todo('A', 'in_progress'), todo('B', 'in_progress')]), '0/2 · A +1');
    assert.equal(statusBarSummary([todo('A', 'completed'), todo('B')]), '1/2');
    assert.equal(statusBarSummary([]), null);
    assert.equal(statusBarSummary(null), null);
  });

  it('progress counts every active item, not only the first', () => {
    assert.deepEqual(planProgress([todo('a', 'in_progress'), todo('b', 'completed'), todo('c', 'in_progress')]), {
      counts: { pending: 0, inProgress: 2, completed: 1 },
      done: 1,
      total: 3,
      firstActive: 'a',
      moreActive: 1,
    });
  });

  it('markdown marks every status', () => {
    assert.equal(
      planAsMarkdown([todo('a', 'completed'), todo('b', 'in_progress'), todo('c')]),
      '- [x] a\n- [ ] **b** _(in progress)_\n- [ ] c',
    );
  });
});
