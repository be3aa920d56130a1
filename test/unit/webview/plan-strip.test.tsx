/** @jsxRuntime automatic @jsxImportSource preact */
// The plan strip rendered from posted views into a real DOM implementation (happy-dom):
// its one-line header collapsed by default with aria-expanded, the expanded state
// remembered in the page's state, the items with their status in words, the header's
// localized counts, and its buttons' messages.
import './render';
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { PlanStrip } from '../../../webview/src/components/plan-strip';
import { plan } from './fixtures';
import { click, mount, posted, text, webviewState } from './render';
import { allByRole, getByRole, queryByRole } from './roles';

const FOUR = plan([
  { content: 'Reproduce the crash', status: 'completed' },
  { content: 'Guard the parser', status: 'in_progress' },
  { content: 'Add a regression test', status: 'in_progress' },
  { content: 'Update the changelog', status: 'pending' },
]);

beforeEach(() => {
  posted.length = 0;
});

/** The strip's items, as a reader finds them in the Plan region. */
const items = (root: HTMLElement) => allByRole(getByRole(root, 'region', { name: 'Plan' }), 'listitem');
/** The strip's header button ("Plan" and the counts). */
const header = (root: HTMLElement) => getByRole(root, 'button', { name: /^Plan \d/ });

describe('plan strip', () => {
  it('starts collapsed to its one-line header: the checklist icon, "Plan" and the per-status counts', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    const button = getByRole(page.root, 'button', { name: 'Plan 1 completed · 2 in progress · 1 pending' });
    assert.ok(button.querySelector('.codicon-checklist'), 'the checklist codicon');
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    assert.equal(items(page.root).length, 0, 'no items while collapsed');
    page.unmount();
  });

  it('expands from its header button to every item with its status in words, and collapses again', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    const button = header(page.root);
    click(button);
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    assert.equal(button.getAttribute('aria-controls'), 'plan-items');
    const rows = items(page.root);
    assert.deepEqual(
      rows.map((li) => text(li)),
      [
        'Reproduce the crash, completed',
        'Guard the parser, in progress',
        'Add a regression test, in progress',
        'Update the changelog, pending',
      ],
    );
    assert.equal(getByRole(page.root, 'list').id, 'plan-items', 'the list the header controls');
    assert.ok(
      rows[1]?.querySelector('.codicon-play-circle') && rows[2]?.querySelector('.codicon-play-circle'),
      'every active item has its glyph',
    );
    assert.match(text(rows[1] ?? null), /in progress/, 'the status in words, not only a glyph');
    click(button);
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    assert.equal(items(page.root).length, 0);
    page.unmount();
  });

  it('remembers being expanded in the page state: a new page (reload, view shown again) opens it expanded', () => {
    let page = mount(<PlanStrip plan={FOUR} />);
    click(header(page.root));
    assert.deepEqual(webviewState.value, { planExpanded: true });
    page.unmount();
    page = mount(<PlanStrip plan={FOUR} />, {}, { keepState: true });
    assert.equal(header(page.root).getAttribute('aria-expanded'), 'true');
    assert.equal(items(page.root).length, 4);
    page.unmount();
  });

  it("keeps a subagent's strip apart: collapsed by default, its own toggle", () => {
    webviewState.value = { planExpanded: true };
    const page = mount(<PlanStrip plan={FOUR} variant="child" />, {}, { keepState: true });
    const button = header(page.root);
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    click(button);
    assert.deepEqual(webviewState.value, { planExpanded: true, childPlanExpanded: true });
    page.unmount();
  });

  it('is hidden with no plan and with an empty plan', () => {
    const page = mount(<PlanStrip plan={null} />);
    assert.equal(queryByRole(page.root, 'region', { name: 'Plan' }), null);
    page.update(<PlanStrip plan={plan([])} />);
    assert.equal(queryByRole(page.root, 'region', { name: 'Plan' }), null);
    page.update(<PlanStrip plan={FOUR} />);
    getByRole(page.root, 'region', { name: 'Plan' });
    page.unmount();
  });

  it('uses the host strings for the header', () => {
    const page = mount(<PlanStrip plan={FOUR} />, {
      plan: '计划',
      countCompleted: '已完成 {0}',
      countInProgress: '进行中 {0}',
      countPending: '待办 {0}',
    });
    getByRole(getByRole(page.root, 'region', { name: '计划' }), 'button', {
      name: '计划 已完成 1 · 进行中 2 · 待办 1',
    });
    page.unmount();
  });

  it('posts exportPlan and focusPlan from its buttons', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    click(getByRole(page.root, 'button', { name: 'Export Plan' }));
    click(getByRole(page.root, 'button', { name: 'Show in Plan View' }));
    assert.deepEqual(posted, [{ type: 'exportPlan' }, { type: 'focusPlan' }]);
    page.unmount();
  });
});
