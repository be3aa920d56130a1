// Item identity across plan versions (core/plan/item-identity.ts) and the revision's diff
// (core/plan/revision-diff.ts), over lists as a log holds them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  identifyVersion,
  itemIdentityProjection,
  type IdentifiedVersion,
} from '../../../extension/src/core/plan/item-identity';
import { revisionDiff, revisionDiffText } from '../../../extension/src/core/plan/revision-diff';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { fold } from '../../../extension/src/core/session/projection';
import { memorySession, todo } from '../support/sessions';

/** Versions at seqs 10, 20, 30, … each matched against the one before. */
function versions(...lists: TodoItem[][]): IdentifiedVersion[] {
  const out: IdentifiedVersion[] = [];
  lists.forEach((list, i) => out.push(identifyVersion(out[i - 1] ?? null, (i + 1) * 10, list)));
  return out;
}
const ids = (v: IdentifiedVersion | undefined) => v?.items.map((item) => item.itemId);

describe('item identity', () => {
  it('gives a new item the id of the version it first appeared in and its place; the same text keeps it', () => {
    const [v1, v2] = versions(
      [todo('read the code'), todo('fix the bug')],
      [todo('write a test'), todo('fix the bug', 'in_progress'), todo('read the code', 'completed')],
    );
    assert.deepEqual(ids(v1), ['10-1', '10-2']);
    assert.deepEqual(ids(v2), ['20-1', '10-2', '10-1']);
    assert.deepEqual(
      v2!.items.map((item) => item.changedSeq),
      [20, 20, 20],
    );
  });

  it('keeps the id of an item reworded at the same place, or of the best match by words elsewhere', () => {
    const [, v2, v3] = versions(
      [todo('parse the input'), todo('add tests'), todo('ship')],
      [todo('parse input files'), todo('release'), todo('add unit tests')],
      [todo('parse input files'), todo('release'), todo('add unit tests')],
    );
    // "parse input files" shares 2 words with "parse the input"; "add unit tests" is "add tests" moved;
    // "release" is not at the place "ship" was: a new item.
    assert.deepEqual(ids(v2), ['10-1', '20-2', '10-2']);
    assert.deepEqual(ids(v3), ids(v2));
    assert.deepEqual(
      v3!.items.map((item) => item.changedSeq),
      [20, 20, 20],
    );
    const [, reworded] = versions([todo('a'), todo('b'), todo('c')], [todo('a'), todo('bee'), todo('c')]);
    assert.deepEqual(ids(reworded), ['10-1', '10-2', '10-3']);
  });

  it('never gives a removed item its id back, and a status change keeps the id but moves changedSeq', () => {
    const [, v2, v3] = versions([todo('a'), todo('b')], [todo('a', 'completed')], [todo('a', 'completed'), todo('b')]);
    assert.deepEqual(ids(v2), ['10-1']);
    assert.equal(v2!.items[0]!.changedSeq, 20);
    assert.deepEqual(ids(v3), ['10-1', '30-2']);
    assert.equal(v3!.items[0]!.changedSeq, 20);
  });

  it('is a projection over the log: todo/write and todo/user-edit make versions, other events are ignored', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('one'), todo('two')] });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('todo/user-edit', { todos: [todo('one', 'completed'), todo('two'), todo('three')] });
    const state = fold(itemIdentityProjection, s.events);
    assert.deepEqual(ids(state ?? undefined), ['2-1', '2-2', '4-3']);
    assert.equal(itemIdentityProjection.apply(state, s.events[2]!), state);
  });
});

describe('the revision diff', () => {
  it('lists added, reworded, status, moved and removed entries by itemId', () => {
    const [v1, v2] = versions(
      [todo('alpha one'), todo('beta two'), todo('gamma'), todo('delta')],
      [todo('delta'), todo('alpha one', 'completed'), todo('beta two three'), todo('epsilon')],
    );
    assert.deepEqual(revisionDiff(v1!, v2!), [
      { kind: 'moved', itemId: '10-4', text: 'delta' },
      { kind: 'status', itemId: '10-1', text: 'alpha one', status: 'completed', oldStatus: 'pending' },
      { kind: 'reworded', itemId: '10-2', text: 'beta two three', oldText: 'beta two' },
      { kind: 'added', itemId: '20-4', text: 'epsilon', status: 'pending' },
      { kind: 'removed', itemId: '10-3', text: 'gamma' },
    ]);
    const [w1, w2] = versions([todo('a'), todo('b')], [todo('a'), todo('c', 'in_progress')]);
    assert.deepEqual(revisionDiff(w1!, w2!), [
      { kind: 'reworded', itemId: '10-2', text: 'c', oldText: 'b' },
      { kind: 'status', itemId: '10-2', text: 'c', status: 'in_progress', oldStatus: 'pending' },
    ]);
  });

  it('reads every item as added without a version before, and removed items last', () => {
    const [v1, v2] = versions([todo('a'), todo('b')], [todo('b')]);
    assert.deepEqual(revisionDiff(null, v1!), [
      { kind: 'added', itemId: '10-1', text: 'a', status: 'pending' },
      { kind: 'added', itemId: '10-2', text: 'b', status: 'pending' },
    ]);
    assert.deepEqual(revisionDiff(v1!, v2!), [{ kind: 'removed', itemId: '10-1', text: 'a' }]);
  });

  it('prints one line per change with control characters made safe', () => {
    const [v1, v2] = versions([todo('a'), todo('b')], [todo('b', 'completed'), todo('a'), todo('c\u001b[2J')]);
    assert.equal(
      revisionDiffText(revisionDiff(v1!, v2!)),
      ['status: b pending -> completed', 'moved: b', 'added: c\\e[2J'].join('\n'),
    );
    assert.equal(revisionDiffText([]), '(no changes)');
  });
});
