// The revision's diff as the surfaces' typed rows: every kind of change, checked against
// the protocol's schema, and no view when nothing changed or there is nothing to compare.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { identifyVersion } from '../../../extension/src/core/plan/item-identity';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { changesByItem, planDiffView } from '../../../extension/src/core/presenters/plan-diff-rows';
import { planDiffViewSchema } from '../../../extension/src/core/protocol/plan-review-view';

const item = (content: string, status: TodoItem['status'] = 'pending'): TodoItem => ({ content, status });

describe('plan diff rows', () => {
  const v1 = identifyVersion(null, 5, [item('docs'), item('write the parser'), item('add tests'), item('ship it')]);
  const v2 = identifyVersion(v1, 9, [
    item('ship it'),
    item('write the parser', 'completed'),
    item('add unit tests'),
    item('announce'),
  ]);

  it('gives one typed row per change: added, removed, reworded old -> new, moved, status', () => {
    const view = planDiffView(v1, v2, 'seen');
    assert.ok(view);
    assert.deepEqual(planDiffViewSchema.parse(view), view);
    assert.equal(view.since, 'seen');
    assert.equal(view.fromSeq, 5);
    const id = (text: string): string => v2.items.find((i) => i.content === text)?.itemId ?? '?';
    assert.deepEqual(view.rows, [
      { kind: 'moved', itemId: id('ship it'), text: 'ship it' },
      {
        kind: 'status',
        itemId: id('write the parser'),
        text: 'write the parser',
        status: 'completed',
        oldStatus: 'pending',
      },
      { kind: 'reworded', itemId: id('add unit tests'), text: 'add unit tests', oldText: 'add tests' },
      { kind: 'added', itemId: '9-4', text: 'announce', status: 'pending' },
      { kind: 'removed', itemId: v1.items[0]!.itemId, text: 'docs' },
    ]);
    assert.deepEqual(changesByItem(view.rows).get(id('write the parser')), ['status']);
  });

  it('gives no view without an earlier version, against itself, or when nothing changed', () => {
    assert.equal(planDiffView(null, v2, 'seen'), null);
    assert.equal(planDiffView(v2, v2, 'approved'), null);
    const same = identifyVersion(
      v2,
      12,
      v2.items.map((i) => item(i.content, i.status)),
    );
    assert.equal(planDiffView(v2, same, 'approved'), null);
  });
});
