// Property (fast-check): through the real agent loop and the real todo_write tool,
// the counts a todo_write row shows (its presenter's view, made from the logged
// list) equal the standing plan's counts right after the call, for random plans;
// a rejected call shows its error and leaves the standing plan as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { countTodos, planProgress } from '../../../extension/src/core/plan/summaries';
import { standingTodos, todosProjection, type PlanState } from '../../../extension/src/core/plan/todos-projection';
import { type ToolItem } from '../../../extension/src/core/protocol/transcript';
import { TranscriptFolder } from '../../../extension/src/core/presenters/transcript-folder';
import { memorySession } from '../support/sessions';

const status = fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const);
const item = fc.record({
  content: fc.oneof(fc.constantFrom('a', ' a', 'b', 'c ', '', 'd'), fc.string({ maxLength: 4 })),
  status,
});
const plans = fc.array(fc.array(item, { maxLength: 7 }), { minLength: 1, maxLength: 6 });

describe('todo_write rows vs the standing plan', () => {
  it('a row counts exactly what the standing plan counts after its call', async () => {
    await fc.assert(
      fc.asyncProperty(plans, fc.boolean(), async (writes, parallel) => {
        const session = memorySession();
        const folder = new TranscriptFolder();
        let state: PlanState | null = null;
        const checked: string[] = [];
        session.subscribe((event) => {
          const before = standingTodos(state);
          state = todosProjection.apply(state, event);
          const standing = standingTodos(state);
          for (const changed of folder.apply(event)) {
            if (event.type !== 'tool/result' || changed.kind !== 'tool') continue;
            const row: ToolItem = changed;
            assert.equal(row.view.kind, 'todo');
            if (row.view.kind !== 'todo') return;
            if (event.data.isError) {
              assert.deepEqual(
                [row.view.plan, row.view.error],
                [null, event.data.content],
                'rejected: its error, no list',
              );
              assert.equal(standing, before, 'a rejected call leaves the plan');
              checked.push('rejected');
            } else {
              assert.ok(standing !== null && row.view.plan !== null);
              assert.deepEqual(row.view.plan.progress, planProgress(standing));
              assert.deepEqual(row.view.plan.progress.counts, countTodos(standing));
              assert.deepEqual(row.view.plan.todos, standing);
              checked.push('written');
            }
          }
        });
        const provider = new ScriptedProvider({
          responses: [
            ...writes.map((todos) => ({ toolCalls: [{ name: 'todo_write', arguments: { todos } }] })),
            { text: 'done' },
          ],
        });
        const { registry } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: parallel });
        await runTurn(session, 'go', { provider, tools: registry, maxSteps: writes.length + 1 });
        assert.equal(checked.length, writes.length, 'every call was checked');
      }),
      { numRuns: 60 },
    );
  });
});
