// The plan file's check lines as the editor's sync writes and reads them
// (core/plan/task-files/plan-file-format.ts, plan-file-checks.ts): the log's checks
// written after their items, read back the same; a line the user adds becomes one
// check set from the file and survives the next rewrite; `(after …)` stays on the item's line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { fileCheckSets, planCheckCommands } from '../../../extension/src/core/plan/plan-file-checks';
import {
  planFileChecks,
  planFileText,
  readPlanFile,
} from '../../../extension/src/core/plan/task-files/plan-file-format';
import { fold } from '../../../extension/src/core/session/projection';
import { memorySession, todo } from '../support/sessions';

const PLAN = [todo('build', 'completed'), todo('test it', 'in_progress'), todo('ship')];

function withChecks(checks: [string, string][]) {
  const s = memorySession();
  s.append('todo/user-edit', { todos: PLAN });
  for (const [item, command] of checks) s.append('plan/check-set', { item, command });
  return s;
}

describe("the plan file's check lines (the editor's sync)", () => {
  it('round trip: the plan with its checks, to the file and back, gives the same checks', () => {
    const s = withChecks([
      ['build', 'npm run build'],
      ['ship', 'node -e "process.exit(0)"'],
    ]);
    const checks = planCheckCommands(fold(itemChecksProjection, s.events), PLAN);
    assert.deepEqual(checks, ['npm run build', null, 'node -e "process.exit(0)"']);
    const text = planFileText(null, PLAN, checks);
    assert.equal(
      text,
      '- [x] build\n  - check: `npm run build`\n- [ ] **test it** _(in progress)_\n- [ ] ship\n' +
        '  - check: `node -e "process.exit(0)"`\n',
    );
    const read = readPlanFile(text, null);
    assert.ok(read.ok);
    assert.deepEqual(read.todos, PLAN);
    assert.deepEqual(planFileChecks(text), checks);
    assert.deepEqual(fileCheckSets(fold(itemChecksProjection, s.events), checks), [], 'unchanged lines: nothing');
  });

  it('a line the user adds lands once, from the file, and the rewrite keeps it; a removed line removes it', () => {
    const s = withChecks([['build', 'npm run build']]);
    const before = planFileText(null, PLAN, planCheckCommands(fold(itemChecksProjection, s.events), PLAN));
    const edited = before.replace('- [ ] ship\n', '- [ ] ship\n  - check: `npm test`\n');
    const sets = fileCheckSets(fold(itemChecksProjection, s.events), planFileChecks(edited)!);
    assert.deepEqual(
      sets.map((x) => [x.item, x.command, x.from]),
      [['ship', 'npm test', 'file']],
    );
    for (const set of sets) s.append('plan/check-set', set);
    const state = fold(itemChecksProjection, s.events);
    assert.equal(state.checks.get(state.version!.items[2]!.itemId)?.accepted, false, 'waits for acceptance');
    assert.equal(planFileText(edited, PLAN, planCheckCommands(state, PLAN)), edited, 'the rewrite keeps the line');
    assert.deepEqual(fileCheckSets(state, planFileChecks(edited)!), [], 'the next sync: nothing again');
    const removed = edited.replace('  - check: `npm run build`\n', '');
    assert.deepEqual(
      fileCheckSets(state, planFileChecks(removed)!).map((x) => [x.item, x.command]),
      [['build', null]],
    );
  });

  it('`(after …)` stays on the item line, the check line after it, as items are ticked', () => {
    const text = '- [ ] build\n  - check: `make`\n- [ ] ship (after 1)\n  - check: `make ship`\n- [ ] tell\n';
    const read = readPlanFile(text, null);
    assert.ok(read.ok && read.origin.kind === 'plan-file');
    assert.deepEqual(read.origin.tasks, [{}, { dependsOn: ['1'] }, {}]);
    assert.deepEqual(planFileChecks(text), ['make', 'make ship', null]);
    const ticked = [todo('build', 'completed'), todo('ship', 'in_progress'), todo('tell')];
    assert.equal(
      planFileText(text, ticked, ['make', 'make ship', null]),
      '- [x] build\n  - check: `make`\n- [ ] **ship** _(in progress)_ (after 1)\n  - check: `make ship`\n- [ ] tell\n',
    );
  });

  it('a writer that knows no checks (mcp --plan-file) keeps the lines the file gives, by item', () => {
    const text = '- [ ] build\n  - check: `make`\n- [ ] ship\n';
    assert.equal(
      planFileText(text, [todo('ship'), todo('build', 'completed')]),
      '- [ ] ship\n- [x] build\n  - check: `make`\n',
    );
  });

  it("a task file's items have no check lines: nothing is read as one", () => {
    assert.equal(planFileChecks('- [ ] T001 Set up the project\n- [ ] T002 Write the tests\n'), null);
  });
});
