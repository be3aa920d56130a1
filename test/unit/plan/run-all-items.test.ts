// Run All Items' loop (core/plan/run-all-items.ts runAllItems), driven as a surface
// drives it: the driver's plan is a list its turns change. Items added while the run
// goes run too, removed ones are skipped, the progress counts the items tried plus the
// pending ones left, and the run stops at the first item that does not end completed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAllItems, type RunAllDriver } from '../../../extension/src/core/plan/run-all-items';
import type { ItemFlag } from '../../../extension/src/core/item-flag';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { todo } from '../support/sessions';

/** What a driver is told as the run goes (RunAllDriver's onProgress). */
type RunAllProgress = Parameters<NonNullable<RunAllDriver['onProgress']>>[0];

/** A driver over `plan`: each turn runs `turn(content, plan)` (which may change the plan), completing the item unless told. */
function driver(plan: TodoItem[], turn: (content: string, plan: TodoItem[]) => 'complete' | 'leave' | 'flag') {
  const flags = new Map<string, ItemFlag>();
  const progress: RunAllProgress[] = [];
  const ran: string[] = [];
  return {
    progress,
    ran,
    now: () => ({
      plan,
      ready: plan.flatMap((t, i) => (t.status === 'pending' ? [i] : [])),
      flagOf: (content: string) => flags.get(content) ?? null,
    }),
    runItem: async (_index: number, content: string) => {
      ran.push(content);
      const what = turn(content, plan);
      const at = plan.findIndex((t) => t.content === content);
      if (what !== 'leave' && at >= 0) plan[at] = todo(content, 'completed');
      if (what === 'flag') flags.set(content, { reason: 'no-work' });
      return { turnEnd: { kind: 'completed' as const } };
    },
    stopped: () => false,
    onProgress: (p: RunAllProgress) => progress.push(p),
  };
}

describe('runAllItems', () => {
  it('runs an item added meanwhile and skips one removed; the progress counts both', async () => {
    const plan = [todo('one'), todo('two'), todo('three')];
    const d = driver(plan, (content, p) => {
      if (content === 'one') {
        p.push(todo('four'));
        p.splice(
          p.findIndex((t) => t.content === 'three'),
          1,
        );
      }
      return 'complete';
    });
    const result = await runAllItems(d);
    assert.deepEqual(d.ran, ['one', 'two', 'four']);
    assert.deepEqual(
      result.items.map((r) => [r.n, r.content, r.outcome]),
      [
        [1, 'one', 'completed'],
        [2, 'two', 'completed'],
        [3, 'four', 'completed'],
      ],
    );
    assert.equal(result.stop, undefined);
    assert.deepEqual(
      d.progress.map((p) => [p.at, p.of]),
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ],
    );
  });

  it('stops at a flagged item and at one its turn left unfinished; the rest are not run', async () => {
    const flagged = driver([todo('one'), todo('fake'), todo('three')], (c) => (c === 'fake' ? 'flag' : 'complete'));
    const a = await runAllItems(flagged);
    assert.deepEqual(
      a.items.map((r) => [r.content, r.outcome]),
      [
        ['one', 'completed'],
        ['fake', 'flagged'],
        ['three', 'not-run'],
      ],
    );
    assert.deepEqual(a.stop?.flag, { reason: 'no-work' });
    const left = driver([todo('stall'), todo('two')], (c) => (c === 'stall' ? 'leave' : 'complete'));
    const b = await runAllItems(left);
    assert.deepEqual(b.stop?.why, 'the item is pending after its turn');
    assert.deepEqual(left.ran, ['stall']);
  });
});
