// The plan's one Markdown format (core/plan/plan-markdown.ts): every plan shape reads
// back to exactly the list that was written, a person's edits read as they mean, and
// a line that is not an item is refused naming its number; then the plan file as an
// edit (core/plan/plan-file-edit.ts planFileEdit): unchanged, each kind of change, refusals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parsePlanMarkdown,
  planAsMarkdown,
  planMarkdownDocument,
} from '../../../extension/src/core/plan/plan-markdown';
import { planFileEdit } from '../../../extension/src/core/plan/plan-file-edit';
import { startItemList } from '../../../extension/src/core/plan/plan-work';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { todo } from '../support/sessions';

const parallel = { allowParallelInProgress: true };
const single = { allowParallelInProgress: false };

const SHAPES: Record<string, TodoItem[] | null> = {
  'no standing plan': null,
  'an empty plan': [],
  'one pending item': [todo('read the code')],
  'every status': [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')],
  'several in progress': [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c', 'completed')],
  'a newline, a tab, ESC and a bidi override': [todo('line one\nline two\tend \u001b[31m \u202e x')],
  'backslashes and escapes typed as text': [todo('C:\\new\\tab \\n \\\\ \\u0041 \\*')],
  'text that looks like the markers': [
    todo('**b** _(in progress)_'),
    todo('*starred*', 'in_progress'),
    todo('a** _(in progress)_', 'in_progress'),
    todo('**x**', 'completed'),
    todo('- [x] nested'),
    todo('_No standing plan._'),
  ],
  'Markdown and non-Latin text': [todo('`code` | pipe [link](x) 日本語 ✓', 'completed'), todo('# not a heading')],
};

describe('the plan Markdown format', () => {
  for (const [name, plan] of Object.entries(SHAPES)) {
    it(`round trip: ${name}`, () => {
      const text = planMarkdownDocument(plan);
      assert.ok(text.endsWith('\n') && !text.slice(0, -1).includes('\r'));
      assert.equal(text.trimEnd().split('\n').length, Math.max(1, plan?.length ?? 1), 'one line an item');
      assert.deepEqual(parsePlanMarkdown(text), { ok: true, todos: plan });
    });
  }

  it('is what plan --format markdown always printed for plain text', () => {
    assert.equal(
      planAsMarkdown([todo('a', 'completed'), todo('b', 'in_progress'), todo('c')]),
      '- [x] a\n- [ ] **b** _(in progress)_\n- [ ] c',
    );
    assert.equal(planMarkdownDocument(null), '_No standing plan._\n');
    assert.equal(planMarkdownDocument([]), '_The plan is empty._\n');
  });

  it("reads a person's edits: other bullets, [X], CRLF, blank and comment lines, a ticked in-progress line", () => {
    const text =
      '<!-- our plan -->\r\n\r\n* [X] a\r\n+ [ ] b\n- [x] **c** _(in progress)_\n  - [ ] **d** _(in progress)_  \n';
    assert.deepEqual(parsePlanMarkdown(text), {
      ok: true,
      todos: [todo('a', 'completed'), todo('b'), todo('c', 'completed'), todo('d', 'in_progress')],
    });
  });

  it('refuses a line that is not an item, naming its number', () => {
    assert.deepEqual(parsePlanMarkdown('- [x] a\n# Plan\n'), {
      ok: false,
      message: 'line 2 is not an item ("- [ ] text", "- [ ] **text** _(in progress)_" or "- [x] text"): "# Plan"',
    });
    assert.equal(parsePlanMarkdown('- [~] a').ok, false);
    assert.equal(parsePlanMarkdown('- [ ]').ok, false);
    assert.deepEqual(parsePlanMarkdown('_The plan is empty._\n- [ ] a'), {
      ok: false,
      message: 'the file says "_The plan is empty._" and lists items',
    });
  });
});

describe('the plan file as one user edit', () => {
  const plan = [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')];
  const edit = (text: string, policy = parallel, from: TodoItem[] | null = plan) => planFileEdit(from, text, policy);

  it('unchanged: the file says what the log says', () => {
    assert.deepEqual(edit(planMarkdownDocument(plan)), { ok: true, todos: plan, changed: false });
    assert.deepEqual(edit(planMarkdownDocument(null), parallel, null), { ok: true, todos: [], changed: false });
  });

  it('each kind of change is the whole list after it', () => {
    const cases: [string, TodoItem[]][] = [
      ['tick', [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'completed')]],
      ['untick', [todo('a'), todo('b', 'in_progress'), todo('c')]],
      ['new line', [...plan, todo('d')]],
      ['removed line', [todo('a', 'completed'), todo('c')]],
      ['reordered', [todo('c'), todo('a', 'completed'), todo('b', 'in_progress')]],
      ['in-progress marker moved', [todo('a', 'completed'), todo('b'), todo('c', 'in_progress')]],
      ['emptied', []],
    ];
    for (const [name, after] of cases)
      assert.deepEqual(edit(planMarkdownDocument(after)), { ok: true, todos: after, changed: true }, name);
  });

  it("refuses by todo_write's rules and the format, with the same messages", () => {
    assert.deepEqual(edit('- [ ] a\n- [x] a\n'), { ok: false, message: 'invalid todos: duplicate content "a"' });
    assert.deepEqual(edit('- [ ] **a** _(in progress)_\n- [ ] **b** _(in progress)_\n', single), {
      ok: false,
      message: 'invalid todos: at most one task may be in_progress (got 2)',
    });
    assert.equal(edit('a list\n').ok, false);
  });
});

describe('Start This Item as a list', () => {
  const plan = [todo('a', 'completed'), todo('b', 'in_progress'), todo('c')];

  it('the item goes in progress; with parallel work off the one before goes back to pending', () => {
    assert.deepEqual(startItemList(plan, 2, single), {
      ok: true,
      todos: [todo('a', 'completed'), todo('b'), todo('c', 'in_progress')],
      changed: true,
    });
    assert.deepEqual(startItemList(plan, 2, parallel), {
      ok: true,
      todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'in_progress')],
      changed: true,
    });
    assert.deepEqual(startItemList(plan, 1, single), { ok: true, todos: plan, changed: false });
  });
});
