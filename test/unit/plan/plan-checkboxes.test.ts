// The plan as Markdown checkboxes (the CLI's edit in $EDITOR) and the whole-list user
// edit it lands as: the same rules and messages as a todo_write.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCheckboxes, planAsCheckboxes } from '../../../extension/src/core/plan/plan-checkboxes';
import { PlanEditor } from '../../../extension/src/core/plan/plan-editor';
import { inStep, memorySession, todo } from '../support/sessions';
import { foldStandingPlan } from '../support/plan-folds';

const CHECKBOX_HELP =
  '<!-- One item a line: "- [ ] " pending, "- [~] " in progress, "- ' +
  '[x] " completed. Save and close the editor to keep the list. -->';

const LIST = [todo('read'), todo('write', 'in_progress'), todo('ship', 'completed')];

describe('the plan as Markdown checkboxes', () => {
  it('writes one item a line after the help comment, and reads the same list back', () => {
    const text = planAsCheckboxes(LIST);
    assert.equal(text, `${CHECKBOX_HELP}\n- [ ] read\n- [~] write\n- [x] ship\n`);
    assert.deepEqual(parseCheckboxes(text), { ok: true, todos: LIST });
    assert.deepEqual(parseCheckboxes('\n* [X] done\n\n<!-- a note -->\n'), {
      ok: true,
      todos: [todo('done', 'completed')],
    });
  });

  it('names the first line that is not an item', () => {
    assert.deepEqual(parseCheckboxes('- [ ] read\nwrite the tests\n'), {
      ok: false,
      message: 'line 2 is not an item ("- [ ] text", "- [~] text" or "- [x] text"): "write the tests"',
    });
  });
});

describe('PlanEditor.replaceList', () => {
  it('lands the whole list as one user edit by todo_write rules, only between steps', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const editor = new PlanEditor(s, { policy: () => ({ allowParallelInProgress: false }) });
    assert.deepEqual(editor.replaceList([todo('a'), todo(' a ')]), {
      kind: 'refused',
      message: 'invalid todos: duplicate content "a"',
    });
    assert.deepEqual(editor.replaceList([todo('a', 'in_progress'), todo('b', 'in_progress')]), {
      kind: 'refused',
      message: 'invalid todos: at most one task may be in_progress (got 2)',
    });
    assert.equal(editor.replaceList([todo(' a '), todo('b')]).kind, 'applied');
    assert.deepEqual(foldStandingPlan(s.events), [todo('a'), todo('b')]);
    assert.deepEqual(editor.replaceList([todo('a'), todo('b')]), { kind: 'unchanged' });
    inStep(s, () => assert.equal(editor.replaceList([todo('c')]).kind, 'refused'));
    assert.equal(s.events.filter((e) => e.type === 'todo/user-edit').length, 1);
  });
});
