// The Plan tree's nodes (extension/src/vscode/plan-tree-model.ts, vscode-free): the
// shown session's own items know their place for Move Up/Down, a subagent's items are
// not the user's, and the "Dropped" node lists what model writes dropped, from the ledger.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { planTimelineProjection } from '../../../extension/src/core/plan/timeline';
import { foldStandingPlan } from '../../../extension/src/core/plan/todos-projection';
import { fold } from '../../../extension/src/core/projection/projection';
import type { ChildSnapshot } from '../../../extension/src/vscode/child-sessions';
import { buildTreeNodes, type PlanNode } from '../../../extension/src/vscode/plan-tree-model';
import { memorySession, todo } from '../support/sessions';

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
    const child: ChildSnapshot = { sessionId: 'child', title: 'dig', events: [], plan: [todo('x')], timeline: planTimelineProjection.init, running: true };
    const nodes = buildTreeNodes(foldStandingPlan(s.events), fold(planTimelineProjection, s.events), ledger.dropped, (id) => (id === 'child' ? child : null));
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
    const nodes = buildTreeNodes([todo('a')], planTimelineProjection.init, [], () => null);
    assert.deepEqual(shape(nodes), [['a', true, 0, 1, []]]);
  });
});
