/** @jsxRuntime automatic @jsxImportSource preact */
// Items' checks on the strip (issue 52), painted from the view the host presents
// (core/presenters/plan-check-view.ts over the checks' fold of a real log): each row's
// state in words (verified, check failed: exit N, changed since checked, waiting for
// acceptance), the header's `2/4 · 1 verified`, and the row menu's Set Check…, Remove
// Check and Run Check posting `checkItem` with the item's itemId. Found by role and name.
import './render';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { checkedPlanView } from '../../../extension/src/core/presenters/plan-check-view';
import { fold } from '../../../extension/src/core/session/projection';
import { PlanStrip } from '../../../webview/src/components/plan-strip';
import { RowCheck, RowMenu, TextInput } from '../../../webview/src/lazy-views';
import { inStep, memorySession, todo } from '../support/sessions';
import { click, mount, posted } from './render';
import { allByRole, getByRole } from './roles';

const result = (item: string, command: string, exitCode: number | null) => ({
  item,
  command,
  exitCode,
  durationMs: 5,
  output: '',
});

/** A verified, B failed (exit 3), C passed then the workspace changed, D from the plan file. */
function presented() {
  const s = memorySession();
  const items = ['Build it', 'Test it', 'Lint it', 'Ship it'];
  s.append('todo/user-edit', { todos: items.map((i) => todo(i)) });
  s.append('plan/check-set', { item: 'Build it', command: 'npm run build' });
  s.append('plan/check-set', { item: 'Test it', command: 'npm test' });
  s.append('plan/check-set', { item: 'Lint it', command: 'npm run lint' });
  s.append('plan/check-set', { item: 'Ship it', command: 'npm publish', from: 'file' });
  s.append('todo/user-edit', { todos: [...items.slice(0, 3).map((i) => todo(i, 'completed')), todo('Ship it')] });
  s.append('check/result', result('Lint it', 'npm run lint', 0));
  s.append('turn/start', { turn: 1 });
  for (const commit of ['a', 'b'])
    inStep(s, () => s.append('checkpoint/created', { turn: 1, step: s.lastStep, commit: commit.repeat(40) }));
  s.append('check/result', result('Build it', 'npm run build', 0));
  s.append('check/result', result('Test it', 'npm test', 3));
  const state = fold(itemChecksProjection, s.events);
  const todos = state.version!.items.map((i) => ({ content: i.content, status: i.status }));
  return { view: checkedPlanView(planView(todos), state), ids: state.version!.items.map((i) => i.itemId) };
}

before(() => Promise.all([TextInput.preload(), RowMenu.preload(), RowCheck.preload()]));
beforeEach(() => {
  posted.length = 0;
});

describe('plan strip: items’ checks', () => {
  it('each row says its check’s state and the header counts the verified items', () => {
    const { view } = presented();
    const page = mount(<PlanStrip plan={view} editable />);
    const header = getByRole(page.root, 'button', { name: /^Plan / });
    assert.match(header.textContent ?? '', /3\/4 · 1 verified/);
    click(header);
    assert.deepEqual(
      allByRole(page.root, 'checkbox').map((box) => box.getAttribute('id') && accessibleName(box)),
      [
        'Build it, completed, verified',
        'Test it, completed, check failed: exit 3',
        'Lint it, completed, changed since checked',
        'Ship it, pending, waiting for acceptance',
      ],
    );
  });

  it('the row menu’s Set Check…, Remove Check and Run Check post the item with its itemId', () => {
    const { view, ids } = presented();
    const page = mount(<PlanStrip plan={view} editable />);
    click(getByRole(page.root, 'button', { name: /^Plan / }));
    for (const [name, action] of [
      ['Set Check…', 'set'],
      ['Remove Check', 'remove'],
      ['Run Check', 'run'],
    ] as const) {
      click(getByRole(page.root, 'button', { name: 'Actions for Test it' }));
      click(getByRole(page.root, 'menuitem', { name }));
      assert.deepEqual(posted.splice(0), [{ type: 'checkItem', action, content: 'Test it', itemId: ids[1] }]);
    }
  });
});

/** The checkbox's name from its label (the roles helper's accessible name of a labelled control). */
function accessibleName(box: HTMLElement): string {
  const label = box.ownerDocument.querySelector(`label[for="${box.id}"]`);
  return (label?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
