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

const FOUR = plan([
  { content: 'Reproduce the crash', status: 'completed' },
  { content: 'Guard the parser', status: 'in_progress' },
  { content: 'Add a regression test', status: 'in_progress' },
  { content: 'Update the changelog', status: 'pending' },
]);

beforeEach(() => {
  posted.length = 0;
});

const items = (root: HTMLElement) => [...root.querySelectorAll('[data-testid="plan-strip-item"]')];

describe('plan strip', () => {
  it('starts collapsed to its one-line header: the checklist icon, "Plan" and the per-status counts', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    const header = page.root.querySelector('[data-testid="plan-strip-header"]');
    assert.equal(header?.tagName, 'BUTTON');
    assert.equal(text(header), 'Plan 1 completed · 2 in progress · 1 pending');
    assert.ok(header?.querySelector('.codicon-checklist'), 'the checklist codicon');
    assert.equal(header?.getAttribute('aria-expanded'), 'false');
    assert.equal(items(page.root).length, 0, 'no items while collapsed');
    page.unmount();
  });

  it('expands from its header button to every item with its status in words, and collapses again', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    const header = page.root.querySelector('[data-testid="plan-strip-header"]');
    click(header);
    assert.equal(header?.getAttribute('aria-expanded'), 'true');
    assert.equal(header?.getAttribute('aria-controls'), 'plan-items');
    const rows = items(page.root);
    assert.deepEqual(
      rows.map((li) => [li.querySelector('.plan-item-content')?.textContent, li.getAttribute('data-status'), li.tagName]),
      [
        ['Reproduce the crash', 'completed', 'LI'],
        ['Guard the parser', 'in_progress', 'LI'],
        ['Add a regression test', 'in_progress', 'LI'],
        ['Update the changelog', 'pending', 'LI'],
      ],
    );
    assert.ok(rows[1]?.querySelector('.codicon-play-circle') && rows[2]?.querySelector('.codicon-play-circle'), 'every active item has its glyph');
    assert.match(text(rows[1] ?? null), /in progress/, 'the status in words, not only a glyph');
    click(header);
    assert.equal(header?.getAttribute('aria-expanded'), 'false');
    assert.equal(items(page.root).length, 0);
    page.unmount();
  });

  it('remembers being expanded in the page state: a new page (reload, view shown again) opens it expanded', () => {
    let page = mount(<PlanStrip plan={FOUR} />);
    click(page.root.querySelector('[data-testid="plan-strip-header"]'));
    assert.deepEqual(webviewState.value, { planExpanded: true });
    page.unmount();
    page = mount(<PlanStrip plan={FOUR} />, {}, { keepState: true });
    assert.equal(page.root.querySelector('[data-testid="plan-strip-header"]')?.getAttribute('aria-expanded'), 'true');
    assert.equal(items(page.root).length, 4);
    page.unmount();
  });

  it("keeps a subagent's strip apart: collapsed by default, its own toggle", () => {
    webviewState.value = { planExpanded: true };
    const page = mount(<PlanStrip plan={FOUR} variant="child" />, {}, { keepState: true });
    const header = page.root.querySelector('[data-testid="plan-strip-header"]');
    assert.equal(header?.getAttribute('aria-expanded'), 'false');
    click(header);
    assert.deepEqual(webviewState.value, { planExpanded: true, childPlanExpanded: true });
    page.unmount();
  });

  it('is hidden with no plan and with an empty plan', () => {
    const page = mount(<PlanStrip plan={null} />);
    assert.equal(page.root.querySelector('.plan-strip'), null);
    page.update(<PlanStrip plan={plan([])} />);
    assert.equal(page.root.querySelector('.plan-strip'), null);
    page.update(<PlanStrip plan={FOUR} />);
    assert.ok(page.root.querySelector('.plan-strip'));
    page.unmount();
  });

  it('uses the host strings for the header', () => {
    const page = mount(<PlanStrip plan={FOUR} />, { plan: '计划', countCompleted: '已完成 {0}', countInProgress: '进行中 {0}', countPending: '待办 {0}' });
    assert.equal(text(page.root.querySelector('.plan-header')), '计划 已完成 1 · 进行中 2 · 待办 1');
    page.unmount();
  });

  it('posts exportPlan and focusPlan from its buttons', () => {
    const page = mount(<PlanStrip plan={FOUR} />);
    click(page.root.querySelector('[data-testid="plan-export"]'));
    click(page.root.querySelector('[data-testid="plan-focus"]'));
    assert.deepEqual(posted, [{ type: 'exportPlan' }, { type: 'focusPlan' }]);
    page.unmount();
  });
});
