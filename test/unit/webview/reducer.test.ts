// The webview's state is a pure fold of host messages: any delivery order of the same
// messages converges, stale seq is dropped, an older page keeps the plan, a later plan
// message replaces it and plan:null (the host's answer to turn/start) clears it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { HostMessage, HostMessageBody } from '../../../extension/src/core/protocol/messages';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { plan, presented, snapshotBody, stamp, toolItem } from './fixtures';

const fold = (list: readonly HostMessage[], from: State = initialState): State => list.reduce(reduce, from);

const A_B_C = [
  { content: 'Read the code', status: 'completed' },
  { content: 'Write the fix', status: 'in_progress' },
  { content: 'Run the tests', status: 'in_progress' },
] as const;

/** A whole turn as the host sends it: snapshot, run, items, plans, approvals, a child, sessions. */
function turn(): HostMessage[] {
  const bodies: HostMessageBody[] = [
    snapshotBody({
      strings: { ...WEBVIEW_STRINGS, plan: '计划' },
      sessions: [{ id: 's1', title: 'Fix the parser', modified: '2025-01-01T00:00:00.000Z', current: true }],
    }),
    { type: 'run', run: { state: 'running', turn: 1, stopping: false } },
    { type: 'items', items: [{ kind: 'user', id: 'e2', order: 2048, turn: 1, text: 'fix it' }] },
    { type: 'stream', stream: { turn: 1, step: 1, text: 'Planning', reasoning: '', retry: null } },
    {
      type: 'items',
      items: [
        toolItem({ callId: 'c1', name: 'todo_write', ...presented('todo_write'), status: 'running', order: 4097 }),
      ],
    },
    {
      type: 'plan',
      plan: plan([
        { content: 'Read the code', status: 'in_progress' },
        { content: 'Write the fix', status: 'pending' },
      ]),
    },
    {
      type: 'approvals',
      approvals: [{ id: 'a1', tool: 'bash', summary: 'npm test', detail: '$ npm test', callId: 'c2', sessionId: 's1' }],
    },
    { type: 'plan', plan: plan([...A_B_C]) },
    { type: 'approvals', approvals: [] },
    {
      type: 'panel',
      panel: { kind: 'child', view: { sessionId: 'k1', title: 'Search', items: [], plan: null, running: true } },
    },
    {
      type: 'sessions',
      sessions: [{ id: 's1', title: 'Fix the parser', modified: '2025-01-02T00:00:00.000Z', current: true }],
    },
    { type: 'run', run: { state: 'idle' } },
  ];
  return stamp(bodies);
}

describe('webview reducer', () => {
  it('ends in the same state whatever order the same messages arrive in (any permutation)', () => {
    const list = turn();
    const inOrder = fold(list);
    assert.equal(inOrder.seq, list.length);
    assert.deepEqual(inOrder.view.plan?.todos, [...A_B_C]);
    assert.equal(inOrder.view.strings?.plan, '计划', "the host's translation");
    fc.assert(
      fc.property(fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }), (order) => {
        const state = fold(order);
        assert.deepEqual(state.view, inOrder.view);
        assert.equal(state.seq, list.length);
        assert.deepEqual(state.pending, []);
      }),
      { numRuns: 300 },
    );
  });

  it('also converges when messages are delivered twice, in any order', () => {
    const list = turn();
    const inOrder = fold(list);
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...list, ...list], { minLength: list.length * 2, maxLength: list.length * 2 }),
        (order) => {
          assert.deepEqual(fold(order).view, inOrder.view);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('drops a message at or below the applied seq', () => {
    const state = fold(turn());
    const stale = reduce(state, { type: 'plan', seq: 3, plan: null });
    assert.equal(stale, state);
    const repeated = reduce(state, { type: 'approvals', seq: state.seq, approvals: [] });
    assert.equal(repeated, state);
  });

  it('keeps the plan when an older page of the transcript is prepended', () => {
    const state = fold(turn());
    const paged = reduce(state, {
      type: 'page',
      seq: state.seq + 1,
      items: [{ kind: 'user', id: 'e1', order: 1024, turn: 1, text: 'older' }],
      cursor: null,
    });
    assert.deepEqual(paged.view.plan, state.view.plan);
    assert.equal(paged.view.items[0]?.id, 'e1', 'the older item sorts first');
    assert.equal(paged.view.cursor, null);
  });

  it('replaces the plan with a later plan message and clears it with plan:null (a new turn)', () => {
    const state = fold(turn());
    const next = plan([{ content: 'Only', status: 'pending' }]);
    const replaced = reduce(state, { type: 'plan', seq: state.seq + 1, plan: next });
    assert.deepEqual(replaced.view.plan, next);
    const cleared = reduce(replaced, { type: 'plan', seq: replaced.seq + 1, plan: null });
    assert.equal(cleared.view.plan, null);
    assert.deepEqual(cleared.view.announcement.completed, [], 'a cleared plan completes nothing');
  });

  it('reads a snapshot without a plan (or without the optional parts) as empty', () => {
    const state = fold(turn());
    const fresh = reduce(state, { ...snapshotBody(), seq: state.seq + 1 });
    assert.equal(fresh.view.plan, null);
    assert.deepEqual(fresh.view.sessions, []);
    assert.deepEqual(fresh.view.approvals, []);
    assert.equal(fresh.view.panel, null);
    assert.equal(fresh.view.strings?.plan, WEBVIEW_STRINGS.plan, 'the earlier translation does not linger');
    assert.deepEqual(fresh.view.announcement.completed, [], 'a reload announces nothing');
  });

  it('replaces the pending approvals, the open panel and the session list with each message', () => {
    const state = fold(turn());
    assert.deepEqual(state.view.approvals, []);
    assert.equal(state.view.panel?.view.sessionId, 'k1');
    assert.equal(state.view.sessions[0]?.modified, '2025-01-02T00:00:00.000Z');
    const closed = reduce(state, { type: 'panel', seq: state.seq + 1, panel: null });
    assert.equal(closed.view.panel, null);
  });

  it('announces the items a plan message newly completed, and only those', () => {
    const state = fold(turn().slice(0, 6));
    assert.deepEqual(state.view.announcement.completed, [], 'the first plan completes nothing');
    const after = fold(turn().slice(6, 8), state);
    assert.deepEqual(after.view.announcement.completed, ['Read the code']);
    const same = reduce(after, { type: 'plan', seq: after.seq + 1, plan: after.view.plan });
    assert.equal(
      same.view.announcement,
      after.view.announcement,
      "a plan message that completes nothing (an item's evidence changed) keeps the announcement",
    );
    const cleared = reduce(after, { type: 'plan', seq: after.seq + 1, plan: null });
    const first = reduce(cleared, {
      type: 'plan',
      seq: cleared.seq + 1,
      plan: plan([{ content: 'X', status: 'completed' }]),
    });
    assert.deepEqual(first.view.announcement.completed, ['X'], 'from no plan, every completed item is new');
  });

  it('replaces a known item by id (the host sends it whole) and slots new ones in by order', () => {
    const running = toolItem({
      callId: 'c9',
      name: 'bash',
      ...presented('bash', { args: { command: 'ls' } }),
      status: 'running',
      order: 9000,
    });
    const state = fold(
      stamp([
        snapshotBody({ items: [{ kind: 'user', id: 'e1', order: 1024, turn: 1, text: 'go' }, running], cursor: 3 }),
      ]),
    );
    const done = {
      ...running,
      status: 'ok' as const,
      ...presented('bash', {
        args: { command: 'ls' },
        result: {
          isError: false,
          content: 'a\n[exit code: 0]',
          details: { tool: 'bash', exit: { kind: 'exited', code: 0 } },
        },
      }),
    };
    const after = reduce(state, {
      type: 'items',
      seq: 2,
      items: [done, { kind: 'turn-end', id: 'e20', order: 20480, turn: 1, reason: 'completed', message: null }],
    });
    assert.deepEqual(
      after.view.items.map((i) => i.id),
      ['e1', 't1.1.c9', 'e20'],
    );
    assert.equal(after.view.items[1], done, 'the whole new item, not a merge');
    assert.equal(
      after.view.items[0],
      state.view.items[0],
      'untouched items keep their identity (their rows do not re-render)',
    );
    const paged = reduce(after, {
      type: 'page',
      seq: 3,
      items: [{ kind: 'user', id: 'e0', order: 512, turn: 1, text: 'older' }],
      cursor: null,
    });
    assert.deepEqual(
      paged.view.items.map((i) => i.id),
      ['e0', 'e1', 't1.1.c9', 'e20'],
    );
  });

  it('applies a childDelta to the open panel only', () => {
    const state = fold(turn());
    const item = { kind: 'user' as const, id: 'e1', order: 1024, turn: 1, text: 'search' };
    const open = reduce(state, {
      type: 'childDelta',
      seq: state.seq + 1,
      sessionId: 'k1',
      items: [item],
      plan: plan([{ content: 'Look', status: 'in_progress' }]),
      running: false,
    });
    assert.deepEqual(open.view.panel?.view.items, [item]);
    assert.equal(open.view.panel?.view.plan?.progress.firstActive, 'Look');
    assert.equal(open.view.panel?.view.running, false);
    const other = reduce(open, {
      type: 'childDelta',
      seq: open.seq + 1,
      sessionId: 'gone',
      items: [{ ...item, id: 'e2', order: 2048 }],
    });
    assert.deepEqual(other.view.panel, open.view.panel, "another session's delta changes nothing");
  });
});
