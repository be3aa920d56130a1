// The dependency rule (core/plan/task-files/ready-items.ts) over plans read from the
// three plan file formats: spec-kit's `(depends on …)`, Kiro's sub-task order, our
// checklist's `(after …)`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readyItems } from '../../../extension/src/core/plan/task-files/ready-items';
import { readPlanFile } from '../../../extension/src/core/plan/task-files/plan-file-format';
import { taskMetaProjection } from '../../../extension/src/core/plan/task-files/task-meta-fold';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { KIRO, SPEC_KIT } from './task-file-fixtures';

/** The file's plan and its metadata as the fold keeps it after the plan file's edit. */
function readFile(text: string) {
  const read = readPlanFile(text, null);
  assert.ok(read.ok);
  const todos = read.todos!;
  const event = {
    seq: 1,
    ts: '2026-12-07T00:00:00.000Z',
    type: 'todo/user-edit',
    data: { todos, origin: read.origin },
  } as const satisfies SessionEvent;
  return { todos, meta: taskMetaProjection.apply(taskMetaProjection.init, event) };
}

const contents = (plan: readonly TodoItem[], ready: number[]) => ready.map((i) => plan[i]!.content);
const done = (plan: readonly TodoItem[], ...which: string[]): TodoItem[] =>
  plan.map((t) => (which.some((w) => t.content.startsWith(w)) ? { ...t, status: 'completed' } : t));

describe('ready items', () => {
  it('spec-kit: a task waits for the tasks its (depends on …) names', () => {
    const { todos, meta } = readFile(SPEC_KIT);
    const ready = contents(todos, readyItems(todos, meta));
    assert.ok(!ready.includes('Implement authentication framework'));
    assert.ok(ready.includes('Implement AlbumService in src/services/album.ts')); // T012 done, T013 not in the plan
    const after = done(todos, 'Setup database schema');
    assert.ok(contents(after, readyItems(after, meta)).includes('Implement authentication framework'));
  });

  it('Kiro: a sub-task waits for the one before it', () => {
    const { todos, meta } = readFile(KIRO);
    assert.deepEqual(contents(todos, readyItems(todos, meta)), [
      'Create core data model interfaces and types',
      'Create storage mechanism',
      'Implement database connection utilities',
    ]);
    const after = done(todos, 'Implement database connection');
    assert.ok(contents(after, readyItems(after, meta)).includes('Implement repository pattern for data access'));
  });

  it('our checklist: (after 1, 2) names item numbers', () => {
    const { todos, meta } = readFile('- [x] read\n- [ ] build\n- [ ] fix (after 1, 2)\n');
    assert.deepEqual(contents(todos, readyItems(todos, meta)), ['build']);
    const after = done(todos, 'build');
    assert.deepEqual(contents(after, readyItems(after, meta)), ['fix']);
  });
});
