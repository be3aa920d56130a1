/** @jsxRuntime automatic @jsxImportSource preact */
// The strip's user edits, rendered from posted views into happy-dom: a checkbox per
// item (checked = completed, its accessible name the item's text), the keys on a
// focused row and the per-row menu, each posting one editPlan; nothing to edit in a
// read-only session or a subagent's strip; a refused edit leaves the checkbox as the
// host's plan says.
import './render';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { PlanStrip } from '../../../webview/src/components/plan-strip';
import { AgentView } from '../../../webview/src/agent-view';
import { AddItemRow, Commenting, RowMenu, TextInput } from '../../../webview/src/lazy-views';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import type { HostMessage, HostMessageBody } from '../../../extension/src/core/protocol/messages';
import { plan, snapshotBody, stamp } from './fixtures';
import { click, fire, mount, posted, text, webviewState } from './render';
import { allByRole, getByRole } from './roles';

const THREE = plan([
  { content: 'Reproduce the crash', status: 'completed' },
  { content: 'Guard the parser', status: 'in_progress' },
  { content: 'Add a regression test', status: 'pending' },
]);

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);

// The text box and the menu are a chunk the page loads when needed: loaded once here, they render at once.
before(() => Promise.all([TextInput.preload(), RowMenu.preload(), AddItemRow.preload(), Commenting.preload()]));

beforeEach(() => {
  posted.length = 0;
});

/** A strip of a writable session, expanded (as the page remembers it). */
function editable(p = THREE) {
  webviewState.value = { planExpanded: true };
  return mount(<PlanStrip plan={p} editable />, {}, { keepState: true });
}

const boxes = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement>('.plan-check')];
const key = (target: Element | null | undefined, k: string, init: KeyboardEventInit = {}) =>
  fire(
    target ?? null,
    new (globalThis as unknown as { window: { KeyboardEvent: typeof KeyboardEvent } }).window.KeyboardEvent('keydown', {
      key: k,
      bubbles: true,
      cancelable: true,
      ...init,
    }),
  );
/** The accessible name a label gives its checkbox: the label's text. */
const nameOf = (root: HTMLElement, box: HTMLInputElement) => text(root.querySelector(`label[for="${box.id}"]`));

describe('plan strip: user edits', () => {
  it('shows a checkbox per item, checked when completed, named by the item and its status', () => {
    const page = editable();
    const checks = boxes(page.root);
    assert.deepEqual(
      checks.map((b) => b.checked),
      [true, false, false],
    );
    assert.deepEqual(
      checks.map((b) => nameOf(page.root, b)),
      ['Reproduce the crash, completed', 'Guard the parser, in progress', 'Add a regression test, pending'],
    );
    assert.ok(
      checks.every((b) => b.getAttribute('aria-describedby') === 'plan-keys' && page.root.querySelector('#plan-keys')),
      'the keys are described',
    );
    assert.equal(page.root.querySelectorAll('.plan-row-menu').length, 3, 'a menu button per row');
    assert.equal(
      page.root.querySelector('.plan-row-menu')?.getAttribute('aria-label'),
      'Actions for Reproduce the crash',
    );
    page.unmount();
  });

  it('checking posts Mark Completed, unchecking posts Mark Pending; the box shows the host plan until the next one', () => {
    const page = editable();
    const [done, active] = boxes(page.root);
    click(active ?? null);
    assert.equal(active!.checked, false, 'put back: the host has not said yet');
    click(done ?? null);
    assert.deepEqual(posted, [
      { type: 'editPlan', edit: { kind: 'status', content: 'Guard the parser', status: 'completed' } },
      { type: 'editPlan', edit: { kind: 'status', content: 'Reproduce the crash', status: 'pending' } },
    ]);
    page.update(
      <PlanStrip
        plan={plan([
          { content: 'Reproduce the crash', status: 'pending' },
          { content: 'Guard the parser', status: 'completed' },
          { content: 'Add a regression test', status: 'pending' },
        ])}
        editable
      />,
    );
    assert.deepEqual(
      boxes(page.root).map((b) => b.checked),
      [false, true, false],
      'the next plan from the host',
    );
    page.unmount();
  });

  it('keys on a focused row: Alt+Up/Down move, Delete removes, F2 edits the text, Insert adds below', () => {
    const page = editable();
    const middle = boxes(page.root)[1];
    key(middle, 'ArrowUp', { altKey: true });
    key(middle, 'ArrowDown', { altKey: true });
    key(middle, 'Delete');
    assert.deepEqual(
      posted.map((m) => m.type === 'editPlan' && m.edit),
      [
        { kind: 'move', content: 'Guard the parser', by: -1 },
        { kind: 'move', content: 'Guard the parser', by: 1 },
        { kind: 'remove', content: 'Guard the parser' },
      ],
    );
    posted.length = 0;
    key(boxes(page.root)[1], 'F2');
    let input = page.root.querySelector<HTMLInputElement>('.plan-text-input');
    assert.equal(input?.value, 'Guard the parser');
    assert.equal(input?.getAttribute('aria-label'), 'New text for Guard the parser');
    input!.value = '  Guard the lexer ';
    key(input, 'Enter');
    key(boxes(page.root)[2], 'Insert');
    input = page.root.querySelector<HTMLInputElement>('.plan-text-input');
    assert.equal(input?.getAttribute('aria-label'), 'New item');
    input!.value = 'Update the changelog';
    key(input, 'Enter');
    assert.deepEqual(posted, [
      { type: 'editPlan', edit: { kind: 'text', content: 'Guard the parser', text: 'Guard the lexer' } },
      { type: 'editPlan', edit: { kind: 'add', text: 'Update the changelog', index: 3 } },
    ]);
    page.unmount();
  });

  it('Escape leaves an input without posting; the first row has no Move Up, the last none down', () => {
    const page = editable();
    key(boxes(page.root)[0], 'F2');
    key(page.root.querySelector('.plan-text-input'), 'Escape');
    assert.equal(page.root.querySelector('.plan-text-input'), null);
    key(boxes(page.root)[0], 'ArrowUp', { altKey: true });
    key(boxes(page.root)[2], 'ArrowDown', { altKey: true });
    assert.deepEqual(posted, []);
    page.unmount();
  });

  it('the row menu (button or Shift+F10) offers every action of the Plan tree and posts the one chosen', () => {
    const page = editable();
    const menuButton = page.root.querySelectorAll('.plan-row-menu')[2];
    click(menuButton ?? null);
    assert.equal(menuButton?.getAttribute('aria-expanded'), 'true');
    const menu = page.root.querySelector('[role="menu"]');
    const items = [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    assert.deepEqual(
      items.map((b) => [b.textContent, b.disabled]),
      [
        ['Mark Completed', false],
        ['Mark In Progress', false],
        ['Mark Pending', true],
        ['Edit Text…', false],
        ['Comment on Item…', false],
        ['Add Item…', false],
        ['Remove', false],
        ['Move Up', false],
        ['Move Down', true],
        ['Set Check…', false],
        ['Remove Check', true],
        ['Run Check', true],
        ['Start This Item', false],
        ['Run All Items', false],
        ['Run Items in Parallel…', false],
        ['Continue Plan in New Session…', false],
      ],
    );
    click(items[12]!);
    assert.deepEqual(posted.splice(0), [{ type: 'startItem', content: 'Add a regression test' }]);
    assert.equal(page.root.querySelector('[role="menu"]'), null, 'Start This Item closes the menu');
    click(page.root.querySelectorAll('.plan-row-menu')[0] ?? null);
    const first = [
      ...(page.root.querySelector('[role="menu"]')?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    assert.equal(first[12]?.disabled, true, 'a completed item is not started again');
    click(first[13]!);
    assert.deepEqual(posted.splice(0), [{ type: 'runAll' }]);
    click(page.root.querySelectorAll('.plan-row-menu')[0] ?? null);
    const next = [
      ...(page.root.querySelector('[role="menu"]')?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    click(next[14]!);
    assert.deepEqual(posted.splice(0), [{ type: 'runParallel' }]);
    click(page.root.querySelectorAll('.plan-row-menu')[0] ?? null);
    const last = [
      ...(page.root.querySelector('[role="menu"]')?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    click(last[15]!);
    assert.deepEqual(posted.splice(0), [{ type: 'continuePlan' }]);
    click(menuButton ?? null);
    const again = [
      ...(page.root.querySelector('[role="menu"]')?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    click(again[1]!);
    assert.deepEqual(posted, [
      { type: 'editPlan', edit: { kind: 'status', content: 'Add a regression test', status: 'in_progress' } },
    ]);
    assert.equal(page.root.querySelector('[role="menu"]'), null, 'closed after the choice');
    key(boxes(page.root)[0], 'F10', { shiftKey: true });
    assert.ok(page.root.querySelector('[role="menu"]'), 'Shift+F10 opens it from the row');
    key(page.root.querySelector('[role="menuitem"]'), 'Escape');
    assert.equal(page.root.querySelector('[role="menu"]'), null);
    page.unmount();
  });

  it('adds an item at the end from Add Item…', () => {
    const page = editable();
    click(page.root.querySelector('.plan-add'));
    const input = page.root.querySelector<HTMLInputElement>('.plan-text-input');
    input!.value = 'Ship it';
    key(input, 'Enter');
    assert.deepEqual(posted, [{ type: 'editPlan', edit: { kind: 'add', text: 'Ship it' } }]);
    page.unmount();
  });

  it('Comment on Item… from the row menu: a text box under the row posts the comment', () => {
    const page = editable();
    click(page.root.querySelectorAll('.plan-row-menu')[0] ?? null);
    const items = [
      ...(page.root.querySelector('[role="menu"]')?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    click(items.find((b) => b.textContent === 'Comment on Item…') ?? null);
    const input = page.root.querySelector<HTMLInputElement>('.plan-text-input');
    assert.ok(input, 'the comment box');
    input.value = 'Which one?';
    key(input, 'Enter');
    assert.deepEqual(posted.splice(0), [{ type: 'commentItem', content: THREE.todos[0]!.content, text: 'Which one?' }]);
    page.unmount();
  });

  it('offers no controls in a read-only session or a subagent strip', () => {
    webviewState.value = { planExpanded: true, childPlanExpanded: true };
    const readOnly = fold([snapshotBody({ plan: THREE, session: { id: 's1', title: null, readOnly: true } })]).view;
    let page = mount(<AgentView view={readOnly} />, {}, { keepState: true });
    assert.equal(allByRole(getByRole(page.root, 'region', { name: 'Plan' }), 'listitem').length, 3);
    assert.equal(boxes(page.root).length + page.root.querySelectorAll('.plan-row-menu, .plan-add').length, 0);
    page.unmount();
    page = mount(<PlanStrip plan={THREE} variant="child" />, {}, { keepState: true });
    assert.equal(boxes(page.root).length, 0);
    page.unmount();
    const writable = fold([snapshotBody({ plan: THREE })]).view;
    page = mount(<AgentView view={writable} />, {}, { keepState: true });
    assert.equal(boxes(page.root).length, 3, 'a session this window writes');
    page.unmount();
  });

  it("a followed session's rows (its comments kept beside it) offer Comment on Item… alone", () => {
    webviewState.value = { planExpanded: true };
    const session = { id: 's1', title: null, readOnly: true, commentsBeside: true as const };
    const page = mount(
      <AgentView view={fold([snapshotBody({ plan: THREE, session })]).view} />,
      {},
      { keepState: true },
    );
    assert.equal(boxes(page.root).length, 0, 'no checkbox: the agent writes the plan');
    click(getByRole(page.root, 'button', { name: 'Actions for Guard the parser' }));
    const menu = getByRole(page.root, 'menu', { name: 'Actions for Guard the parser' });
    assert.deepEqual(
      allByRole(menu, 'menuitem').map((b) => b.textContent),
      ['Comment on Item…'],
    );
    click(getByRole(menu, 'menuitem', { name: 'Comment on Item…' }));
    const input = getByRole(page.root, 'textbox', { name: 'Comment on Guard the parser' }) as HTMLInputElement;
    input.value = 'Which parser?';
    key(input, 'Enter');
    assert.deepEqual(posted.splice(0), [{ type: 'commentItem', content: 'Guard the parser', text: 'Which parser?' }]);
    page.unmount();
  });

  it('shows a refused edit as the host notice it sends, the box unchanged', () => {
    webviewState.value = { planExpanded: true };
    const view = fold([
      snapshotBody({ plan: THREE }),
      { type: 'notice', level: 'error', text: 'The plan was not changed: only one item may be in_progress' },
    ]).view;
    const page = mount(<AgentView view={view} />, {}, { keepState: true });
    assert.equal(
      text(page.root.querySelector('[role="alert"]')),
      'The plan was not changed: only one item may be in_progress',
    );
    assert.deepEqual(
      boxes(page.root).map((b) => b.checked),
      [true, false, false],
    );
    page.unmount();
  });
});
