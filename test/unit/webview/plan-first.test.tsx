/** @jsxRuntime automatic @jsxImportSource preact */
// Plan first in the page, rendered from posted views into happy-dom: a proposed plan
// the turn waits on opens the strip, read only, with Approve, Edit and Reject with
// Feedback… (each decision posted once, the feedback asked for in the page); Edit turns
// the rows into the editable ones; a proposal left on the log shows a note and no
// buttons; the composer's Plan first toggle shows and flips the host's setting.
import './render';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { AgentView } from '../../../webview/src/agent-view';
import { PlanChanges, PlanFirstToggle, PlanReview, RowMenu, TextInput } from '../../../webview/src/lazy-views';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import type { HostMessage, HostMessageBody, PlanView } from '../../../extension/src/core/protocol/messages';
import { PROVIDER, plan, snapshotBody, stamp } from './fixtures';
import { click, fire, mount, posted } from './render';
import { allByRole, getByRole, queryByRole } from './roles';

const PROPOSED: PlanView = {
  ...plan([
    { content: 'Read the parser', status: 'pending' },
    { content: 'Guard the parser', status: 'pending' },
  ]),
  proposed: { version: 7, waiting: true },
};

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);
const page = (p: PlanView | null, provider: HostMessageBody & { type: 'snapshot' } = snapshotBody()) =>
  mount(<AgentView view={fold([{ ...provider, plan: p }]).view} />);
const keydown = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  fire(
    target,
    new (globalThis as unknown as { window: { KeyboardEvent: typeof KeyboardEvent } }).window.KeyboardEvent('keydown', {
      key,
      bubbles: true,
      cancelable: true,
      ...init,
    }),
  );
const type = (box: HTMLTextAreaElement, text: string) => {
  box.value = text;
  fire(
    box,
    new (globalThis as unknown as { window: { Event: typeof Event } }).window.Event('input', { bubbles: true }),
  );
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// The decision and the toggle are a chunk the page loads when first shown (as are the rows' edit controls): loaded once here, they render at once.
before(() =>
  Promise.all([
    PlanReview.preload(),
    PlanFirstToggle.preload(),
    TextInput.preload(),
    RowMenu.preload(),
    PlanChanges.preload(),
  ]),
);

beforeEach(() => {
  posted.length = 0;
});

describe('plan first: the proposed plan in the strip', () => {
  it('opens the strip on the proposed plan, read only, with Approve, Edit and Reject with Feedback…', () => {
    const view = page(PROPOSED);
    const review = getByRole(view.root, 'group', { name: 'Proposed plan' });
    assert.match(review.textContent ?? '', /waits for your decision on this plan/);
    assert.deepEqual(
      allByRole(review, 'button').map((b) => b.textContent?.trim()),
      ['Approve', 'Edit', 'Reject with Feedback…'],
    );
    assert.equal(
      getByRole(view.root, 'button', { name: /^Plan \d/ }).getAttribute('aria-expanded'),
      'true',
      'the strip opened to show the plan',
    );
    assert.deepEqual(
      allByRole(view.root, 'listitem').map((li) => li.textContent?.replace(/,.*/, '').trim()),
      ['Read the parser', 'Guard the parser'],
    );
    assert.equal(queryByRole(view.root, 'checkbox'), null, 'read only until Edit');
    view.unmount();
  });

  it('Approve posts the decision once', () => {
    const view = page(PROPOSED);
    const approve = getByRole(view.root, 'button', { name: 'Approve' });
    click(approve);
    click(approve);
    assert.deepEqual(posted, [{ type: 'decidePlan', decision: { kind: 'approve' } }]);
    assert.equal((approve as HTMLButtonElement).disabled, true);
    view.unmount();
  });

  it('Reject with Feedback… asks in the page: Send Feedback posts the trimmed text, Enter sends, Shift+Enter does not', () => {
    const view = page(PROPOSED);
    click(getByRole(view.root, 'button', { name: 'Reject with Feedback…' }));
    const box = getByRole(view.root, 'textbox', { name: 'What should the plan change?' }) as HTMLTextAreaElement;
    assert.equal(view.root.ownerDocument.activeElement, box, 'the feedback box has the focus');
    const sendButton = getByRole(view.root, 'button', { name: 'Send Feedback' }) as HTMLButtonElement;
    assert.equal(sendButton.disabled, true, 'nothing to send yet');
    type(box, '  Add a regression test first  ');
    keydown(box, 'Enter', { shiftKey: true });
    assert.deepEqual(posted, [], 'Shift+Enter is a new line');
    keydown(box, 'Enter');
    assert.deepEqual(posted, [
      { type: 'decidePlan', decision: { kind: 'reject', feedback: 'Add a regression test first' } },
    ]);
    assert.equal(queryByRole(view.root, 'textbox', { name: 'What should the plan change?' }), null, 'the box closed');
    view.unmount();
  });

  it('Escape or Cancel closes the feedback box without a decision and gives the focus back to Reject with Feedback…', async () => {
    const view = page(PROPOSED);
    click(getByRole(view.root, 'button', { name: 'Reject with Feedback…' }));
    keydown(getByRole(view.root, 'textbox', { name: 'What should the plan change?' }), 'Escape');
    await tick();
    assert.equal(
      view.root.ownerDocument.activeElement,
      getByRole(view.root, 'button', { name: 'Reject with Feedback…' }),
    );
    click(getByRole(view.root, 'button', { name: 'Reject with Feedback…' }));
    click(getByRole(view.root, 'button', { name: 'Cancel' }));
    assert.equal(queryByRole(view.root, 'textbox', { name: 'What should the plan change?' }), null);
    assert.deepEqual(posted, []);
    view.unmount();
  });

  it('Edit turns the rows into the editable ones (focus on the first) and is pressed until pressed again', () => {
    const view = page(PROPOSED);
    const edit = getByRole(view.root, 'button', { name: 'Edit' });
    assert.equal(edit.getAttribute('aria-pressed'), 'false');
    click(edit);
    assert.equal(edit.getAttribute('aria-pressed'), 'true');
    const boxes = allByRole(view.root, 'checkbox');
    assert.equal(boxes.length, 2);
    assert.equal(view.root.ownerDocument.activeElement, boxes[0], 'the first row has the focus');
    click(boxes[1]!);
    assert.deepEqual(
      posted,
      [{ type: 'editPlan', edit: { kind: 'status', content: 'Guard the parser', status: 'completed' } }],
      'an edit as any user edit',
    );
    click(edit);
    assert.equal(queryByRole(view.root, 'checkbox'), null);
    view.unmount();
  });

  it('a re-approval lists what changed since the approval, open, painted as the strip paints changes', () => {
    const sinceApproval = {
      since: 'approved' as const,
      fromSeq: 4,
      rows: [
        { kind: 'added' as const, itemId: 'i3', text: 'Add a <b>test</b>', status: 'pending' as const },
        { kind: 'reworded' as const, itemId: 'i2', text: 'Guard the parser', oldText: 'Fix the parser' },
        {
          kind: 'status' as const,
          itemId: 'i1',
          text: 'Read the parser',
          status: 'completed' as const,
          oldStatus: 'pending' as const,
        },
      ],
    };
    const rows = [
      'Added: Add a <b>test</b>',
      'Reworded: Fix the parser → Guard the parser',
      'Read the parser: pending → completed',
    ];
    const name = 'Changes since the approved plan (3)';
    const view = page({ ...PROPOSED, proposed: { version: 9, waiting: true, sinceApproval } });
    assert.match(view.root.textContent ?? '', /The agent changed the plan since you approved it/);
    const toggle = getByRole(view.root, 'button', { name });
    assert.equal(toggle.getAttribute('aria-expanded'), 'true', 'open: it is what is asked');
    assert.deepEqual(
      allByRole(getByRole(view.root, 'list', { name }), 'listitem').map((item) => item.textContent),
      rows,
    );
    assert.ok(getByRole(view.root, 'button', { name: 'Approve' }), 'approved again as the first proposal is');
    view.unmount();
    // After a reload or in another window (no turn waits here): the note and the same diff, no buttons.
    const later = page({ ...PROPOSED, proposed: { version: 9, waiting: false, sinceApproval } });
    assert.deepEqual(
      allByRole(getByRole(later.root, 'list', { name }), 'listitem').map((item) => item.textContent),
      rows,
    );
    assert.equal(queryByRole(later.root, 'button', { name: 'Approve' }), null);
    later.unmount();
    assert.equal(
      queryByRole(page(PROPOSED).root, 'button', { name: /Changes since/ }),
      null,
      'a first proposal has none',
    );
  });

  it('a proposal left on the log (no turn waits) shows a note and no buttons; a plan not proposed shows neither', () => {
    let view = page({ ...PROPOSED, proposed: { version: 7, waiting: false } });
    assert.match(view.root.textContent ?? '', /proposed and not yet decided: your next prompt goes on from it/);
    assert.equal(queryByRole(view.root, 'button', { name: 'Approve' }), null);
    assert.equal(queryByRole(view.root, 'group', { name: 'Proposed plan' }), null);
    view.unmount();
    view = page(plan([{ content: 'Read the parser', status: 'pending' }]));
    assert.equal(queryByRole(view.root, 'button', { name: 'Approve' }), null);
    assert.doesNotMatch(view.root.textContent ?? '', /proposed/);
    view.unmount();
  });

  it('shows the decision in Simplified Chinese from the host strings', () => {
    const zh = fold([
      snapshotBody({
        plan: PROPOSED,
        strings: {
          ...snapshotBody().strings,
          approve: '批准',
          editPlan: '编辑',
          rejectWithFeedback: '拒绝并反馈…',
          planProposed: '提议的计划',
        },
      }),
    ]).view;
    const zhPage = mount(<AgentView view={zh} />);
    const review = getByRole(zhPage.root, 'group', { name: '提议的计划' });
    assert.deepEqual(
      allByRole(review, 'button').map((b) => b.textContent?.trim()),
      ['批准', '编辑', '拒绝并反馈…'],
    );
    zhPage.unmount();
  });
});

describe('plan first: the composer toggle', () => {
  it('is a toggle button pressed as the host says, and flipping it asks the host to change the setting', () => {
    let view = page(null, snapshotBody({ provider: { ...PROVIDER, planFirst: false } }));
    const toggle = getByRole(view.root, 'button', { name: 'Plan first' });
    assert.equal(toggle.getAttribute('aria-pressed'), 'false');
    click(toggle);
    assert.deepEqual(posted, [{ type: 'setPlanFirst', on: true }]);
    view.unmount();
    view = page(null, snapshotBody({ provider: { ...PROVIDER, planFirst: true } }));
    assert.equal(getByRole(view.root, 'button', { name: 'Plan first' }).getAttribute('aria-pressed'), 'true');
    click(getByRole(view.root, 'button', { name: 'Plan first' }));
    assert.deepEqual(posted.slice(1), [{ type: 'setPlanFirst', on: false }]);
    view.unmount();
  });

  it('is absent when the host does not offer plan first (an ACP agent runs new sessions)', () => {
    const view = page(null, snapshotBody({ provider: { ...PROVIDER, agent: 'Claude Code (ACP)' } }));
    assert.equal(queryByRole(view.root, 'button', { name: 'Plan first' }), null);
    view.unmount();
  });
});
