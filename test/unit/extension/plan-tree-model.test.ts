// The Plan tree's nodes (extension/src/vscode/plan-tree/plan-tree-model.ts, vscode-free): the
// shown session's own items know their place for Move Up/Down, a subagent's items are
// not the user's, and the "Dropped" node lists what model writes dropped, from the ledger.
// A subagent's items carry the subagent's own timings (their tooltips' history), and a
// subagent another process runs counts as running until its end is logged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timingRows } from '../../../extension/src/core/plan/timing-rows';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { fold } from '../../../extension/src/core/session/projection';
import type { ChildSnapshot } from '../../../extension/src/vscode/session/child-sessions';
import type { Session } from '../../../extension/src/core/session/session';
import {
  buildTreeNodes,
  patchSameShape,
  walkPlanNodes,
  type PlanLevel,
  type PlanNode,
} from '../../../extension/src/vscode/plan-tree/plan-tree-model';
import { memorySession, todo } from '../support/sessions';
import { foldStandingPlan } from '../support/plan-folds';

/** A session's plan level as the tree reads it, folded from its events. */
function levelOf(s: Session): PlanLevel {
  return { plan: foldStandingPlan(s.events), ledger: fold(planLedgerProjection, s.events) };
}

/** A child snapshot as ChildSessions makes one (from the child's own log). */
function snapshotOf(s: Session, running: boolean): ChildSnapshot {
  return {
    sessionId: s.id,
    title: s.id,
    events: s.events,
    plan: foldStandingPlan(s.events),
    ledger: fold(planLedgerProjection, s.events),
    running,
  };
}

function shape(nodes: readonly PlanNode[]): unknown[] {
  return nodes.map((n) => {
    switch (n.kind) {
      case 'item':
        return [n.item.content, n.own, n.index, n.count, shape(n.children)];
      case 'subagent':
        return ['subagent', shape(n.children)];
      case 'dropped-group':
        return ['Dropped', shape(n.children)];
      case 'dropped':
        return ['dropped', n.dropped.content, n.dropped.status, n.dropped.index];
    }
  });
}

describe('Plan tree nodes', () => {
  it('own items with their place, a subagent plan under its item, then the dropped items', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    s.append('step/start', { turn: 1, step: 1 });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b'), todo('c')] });
    s.append('subagent/start', { callId: 'k', childSessionId: 'child', description: 'dig' });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('c')] });
    const ledger = fold(planLedgerProjection, s.events);
    const child: ChildSnapshot = {
      sessionId: 'child',
      title: 'dig',
      events: [],
      plan: [todo('x')],
      ledger: planLedgerProjection.init,
      running: true,
    };
    const nodes = buildTreeNodes(levelOf(s), ledger.dropped, (id) => (id === 'child' ? child : null));
    assert.deepEqual(shape(nodes), [
      ['a', true, 0, 2, [['subagent', [['x', false, 0, 1, []]]]]],
      ['c', true, 1, 2, []],
      ['Dropped', [['dropped', 'b', 'pending', 1]]],
    ]);
    const ids = new Set<string>();
    const walk = (list: readonly PlanNode[]): void => list.forEach((n) => (ids.add(n.id), walk(n.children)));
    walk(nodes);
    assert.equal(ids.size, 6, 'every id is unique');
  });

  it('shows no Dropped node when nothing was dropped', () => {
    const nodes = buildTreeNodes({ plan: [todo('a')], ledger: planLedgerProjection.init }, [], () => null);
    assert.deepEqual(shape(nodes), [['a', true, 0, 1, []]]);
  });

  it("a subagent's items carry the subagent's own timings, so their history rows come from the same presenter as the parent's", () => {
    const parent = memorySession('parent');
    parent.append('turn/start', { turn: 1 });
    parent.append('todo/write', { todos: [todo('a', 'in_progress')] }); // 00:00:01
    parent.append('subagent/start', { callId: 'k', childSessionId: 'kid', description: 'dig' });
    const kid = memorySession('kid');
    kid.append('turn/start', { turn: 1 });
    kid.append('todo/write', { todos: [todo('x', 'in_progress'), todo('y')] }); // 00:00:01 of the child's clock
    kid.append('todo/write', { todos: [todo('x', 'completed'), todo('y', 'in_progress')] }); // 00:00:02
    const nodes = buildTreeNodes(levelOf(parent), [], (id) => (id === 'kid' ? snapshotOf(kid, false) : null));
    const items = [...walkPlanNodes(nodes)].filter((n) => n.kind === 'item');
    const now = new Date('2026-01-01T00:00:10Z');
    const rows = Object.fromEntries(
      items.map((n) => [
        n.item.content,
        n.kind === 'item' ? timingRows([n.item], n.ledger.timings, now)[0] : undefined,
      ]),
    );
    assert.deepEqual(rows.x, {
      content: 'x',
      addedAt: '2026-01-01T00:00:01.000Z',
      addedBy: 'model',
      startedAt: '2026-01-01T00:00:01.000Z',
      finishedAt: '2026-01-01T00:00:02.000Z',
      inProgressMs: 1000,
    });
    assert.equal(rows.y?.startedAt, '2026-01-01T00:00:02.000Z', "the child's second item started at its own write");
    assert.equal(rows.a?.addedAt, '2026-01-01T00:00:01.000Z', "the parent's item keeps the parent's timings");
    assert.deepEqual(
      items.map((n) => n.kind === 'item' && n.own),
      [true, false, false],
      'only the parent’s item is the user’s to edit',
    );
  });

  it('a subagent another process runs is running while its end is unlogged and its parent’s turn is open, and not after', () => {
    const parent = memorySession('parent');
    parent.append('turn/start', { turn: 1 });
    parent.append('todo/write', { todos: [todo('a', 'in_progress')] });
    parent.append('subagent/start', { callId: 'k', childSessionId: 'kid', description: 'dig' });
    const kid = memorySession('kid');
    kid.append('turn/start', { turn: 1 });
    kid.append('todo/write', { todos: [todo('x', 'in_progress')] });
    const read = (id: string): ChildSnapshot | null => (id === 'kid' ? snapshotOf(kid, false) : null); // read from its log: not run here
    const subagent = (): PlanNode | undefined =>
      [...walkPlanNodes(buildTreeNodes(levelOf(parent), [], read))].find((n) => n.kind === 'subagent');
    const running = (): boolean | undefined => {
      const node = subagent();
      return node?.kind === 'subagent' ? node.running : undefined;
    };
    assert.equal(running(), true, 'its parent waits for it: it works (elsewhere)');
    assert.deepEqual(
      shape([subagent()!]),
      [['subagent', [['x', false, 0, 1, []]]]],
      'nested under the item in progress, with its own plan',
    );
    parent.append('subagent/end', { callId: 'k', childSessionId: 'kid', outcome: 'completed' });
    assert.equal(running(), false, 'its end is logged');
    const crashed = memorySession('parent');
    crashed.append('turn/start', { turn: 1 });
    crashed.append('todo/write', { todos: [todo('a', 'in_progress')] });
    crashed.append('subagent/start', { callId: 'k', childSessionId: 'kid', description: 'dig' });
    crashed.append('turn/end', { turn: 1, reason: { kind: 'interrupted' } });
    const node = [...walkPlanNodes(buildTreeNodes(levelOf(crashed), [], read))].find((n) => n.kind === 'subagent');
    assert.equal(
      node?.kind === 'subagent' && node.running,
      false,
      'the parent’s turn ended without it (interrupted): not running',
    );
  });

  it('a write that changes only statuses patches the shown nodes in place (the objects VS Code holds); a new item does not', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b'), todo('c')] });
    const nodesNow = (): PlanNode[] => buildTreeNodes(levelOf(s), [], () => null);
    const shown = nodesNow();
    const objects = [...walkPlanNodes(shown)];

    s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')] });
    assert.equal(patchSameShape(shown, nodesNow()), true);
    assert.deepEqual([...walkPlanNodes(shown)], objects, 'the same objects, in the same places');
    assert.deepEqual(
      shown.map((n) => (n.kind === 'item' ? [n.item.content, n.item.status] : n.kind)),
      [
        ['a', 'completed'],
        ['b', 'in_progress'],
        ['c', 'pending'],
      ],
      'carrying the new statuses',
    );
    const b = shown[1];
    assert.ok(b?.kind === 'item' && b.ledger.timings.get('b')?.inProgressSince != null, 'and the new ledger');

    s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c'), todo('d')] });
    const grown = nodesNow();
    assert.equal(patchSameShape(shown, grown), false, 'an added item is a new shape');
    assert.deepEqual(
      shown.map((n) => (n.kind === 'item' ? n.item.content : n.kind)),
      ['a', 'b', 'c'],
      'left as it was',
    );
    s.append('todo/write', { todos: [todo('b', 'in_progress'), todo('a', 'completed'), todo('c'), todo('d')] });
    assert.equal(patchSameShape(grown, nodesNow()), false, 'so is a move');
  });
});
