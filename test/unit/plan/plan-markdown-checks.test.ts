// An item's check line in the plan's Markdown (core/plan/plan-markdown.ts): written after
// its item, read back to the same command (escapes included), only right after an item,
// and what a file's checks become in the log (plan-file-checks.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileCheckSets } from '../../../extension/src/core/plan/plan-file-checks';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { parsePlanMarkdown, planMarkdownDocument } from '../../../extension/src/core/plan/plan-markdown';
import { fold } from '../../../extension/src/core/session/projection';
import { memorySession, todo } from '../support/sessions';

const TODOS = [todo('build', 'completed'), todo('test it', 'in_progress'), todo('ship')];

describe('check lines in the plan file', () => {
  it('round trip: each check after its item, escaped like item text', () => {
    const checks = ['npm run build', null, 'grep -q "a\\.b" x && echo `tick`\\\\ done'];
    const text = planMarkdownDocument(TODOS, checks);
    assert.equal(
      text,
      '- [x] build\n  - check: `npm run build`\n- [ ] **test it** _(in progress)_\n- [ ] ship\n' +
        '  - check: `grep -q "a\\\\.b" x && echo `tick`\\\\\\\\ done`\n',
    );
    assert.deepEqual(parsePlanMarkdown(text), { ok: true, todos: TODOS, checks });
    assert.deepEqual(parsePlanMarkdown(planMarkdownDocument(TODOS)), { ok: true, todos: TODOS });
  });

  it('a check line is read only right after an item; anywhere else it is refused', () => {
    assert.deepEqual(parsePlanMarkdown('- [ ] a\n    * check: `make`\r\n- [ ] b'), {
      ok: true,
      todos: [todo('a'), todo('b')],
      checks: ['make', null],
    });
    const orphan = parsePlanMarkdown('- [ ] a\n\n  - check: `make`');
    assert.equal(orphan.ok, false);
    assert.equal(parsePlanMarkdown('  - check: `make`\n- [ ] a').ok, false);
    assert.equal(parsePlanMarkdown('- [ ] a\n  - check: `make`\n  - check: `again`').ok, false);
  });

  it("a file's checks become check sets from the file: new, changed and removed ones only", () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a'), todo('b'), todo('c')] });
    s.append('plan/check-set', { item: 'b', command: 'make b' });
    s.append('plan/check-set', { item: 'c', command: 'make c' });
    const sets = fileCheckSets(fold(itemChecksProjection, s.events), ['make a', 'make b', null]);
    assert.deepEqual(
      sets.map((x) => [x.item, x.command, x.from]),
      [
        ['a', 'make a', 'file'],
        ['c', null, 'file'],
      ],
    );
    assert.deepEqual(fileCheckSets(fold(itemChecksProjection, s.events), ['x']), [], 'another list: nothing');
  });
});
