/** @jsxRuntime automatic @jsxImportSource preact */
// The plan history component, rendered from the views the host posts: newest first,
// each version with its number, time, author and counts and what changed in words
// (the dropped item marked), expandable to that plan; the Agent view opens it from
// the strip (asking the host once), shows it in place of the transcript and closes it.
import './render';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import type { HostMessage, HostMessageBody, PlanVersionView } from '../../../extension/src/core/protocol/messages';
import { AgentView } from '../../../webview/src/agent-view';
import { PlanHistory as LazyPlanHistory, PlanChanges as LazyPlanChanges } from '../../../webview/src/lazy-views';
import { PlanHistory } from '../../../webview/src/components/plan-history';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { plan, snapshotBody, stamp } from './fixtures';
import { click, mount, posted, text, webviewState } from './render';

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);

const HISTORY: PlanVersionView[] = [
  {
    number: 1,
    seq: 5,
    ts: '2026-01-01T10:00:05.000Z',
    by: 'model',
    plan: plan([
      { content: 'a', status: 'in_progress' },
      { content: 'b', status: 'pending' },
      { content: 'c', status: 'pending' },
    ]),
    changes: [
      { kind: 'added', content: 'a' },
      { kind: 'added', content: 'b' },
      { kind: 'added', content: 'c' },
    ],
    diff: null,
    drift: [],
  },
  {
    number: 2,
    seq: 7,
    ts: '2026-01-01T10:00:07.000Z',
    by: 'user',
    plan: plan([
      { content: 'a', status: 'in_progress' },
      { content: 'bee', status: 'completed' },
      { content: 'c', status: 'pending' },
    ]),
    changes: [
      { kind: 'text', content: 'bee', from: 'b' },
      { kind: 'status', content: 'bee', from: 'pending', to: 'completed' },
    ],
    diff: {
      since: 'previous',
      fromSeq: 5,
      rows: [
        { kind: 'reworded', itemId: '5-2', text: 'bee', oldText: 'b' },
        { kind: 'status', itemId: '5-2', text: 'bee', status: 'completed', oldStatus: 'pending' },
      ],
    },
    drift: [],
  },
  {
    number: 3,
    seq: 10,
    ts: '2026-01-01T10:00:10.000Z',
    by: 'model',
    plan: plan([
      { content: 'a', status: 'completed' },
      { content: 'bee', status: 'completed' },
    ]),
    changes: [
      { kind: 'status', content: 'a', from: 'in_progress', to: 'completed' },
      { kind: 'dropped', content: 'c' },
    ],
    diff: {
      since: 'previous',
      fromSeq: 7,
      rows: [
        { kind: 'status', itemId: '5-1', text: 'a', status: 'completed', oldStatus: 'in_progress' },
        { kind: 'removed', itemId: '5-3', text: 'c' },
      ],
    },
    drift: [
      { kind: 'reworded', content: 'bee', approved: 'b' },
      { kind: 'dropped', content: 'c' },
    ],
  },
];

// The history is a chunk the page loads when first opened: loaded once here, it renders at once.
// The history's chunk paints each version's diff with the review rows' chunk (through chunk-api): both loaded first.
before(() => Promise.all([LazyPlanHistory.preload(), LazyPlanChanges.preload()]));

beforeEach(() => {
  posted.length = 0;
});

const versions = (root: HTMLElement) => [...root.querySelectorAll('.plan-version')];

describe('plan history', () => {
  it('lists every version newest first with its number, time, author, counts and changes in words', () => {
    const page = mount(<PlanHistory history={HISTORY} close={() => undefined} />);
    const rows = versions(page.root);
    assert.deepEqual(
      rows.map((r) => [r.getAttribute('data-seq'), r.getAttribute('data-by')]),
      [
        ['10', 'model'],
        ['7', 'user'],
        ['5', 'model'],
      ],
    );
    const header = rows[1]!.querySelector('.plan-version-header');
    assert.match(text(header), /^Version 2 · \S.* · by you · 1 completed · 1 in progress · 1 pending$/);
    assert.equal(rows[1]!.querySelector('time')?.getAttribute('datetime'), '2026-01-01T10:00:07.000Z');
    assert.match(text(rows[0]!.querySelector('.plan-version-header')), /^Version 3 · .+ · by the model · 2 completed$/);
    assert.deepEqual(
      [...rows[1]!.querySelectorAll('.plan-change')].map((c) => text(c)),
      ['text edited b → bee', 'status changed bee pending → completed'],
    );
    page.unmount();
  });

  it("shows each version's diff against the one before behind a button (reworded old → new, status)", () => {
    const page = mount(<PlanHistory history={HISTORY} close={() => undefined} />);
    const rows = versions(page.root);
    assert.equal(rows[2]!.querySelector('.plan-changes-toggle'), null, 'the first version has none');
    const toggle = [...rows[1]!.querySelectorAll('button')].find(
      (b) => text(b) === 'Changes since the version before (2)',
    );
    assert.equal(toggle?.getAttribute('aria-expanded'), 'false');
    click(toggle);
    assert.equal(toggle?.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(
      [...rows[1]!.querySelectorAll('.plan-changes-rows li')].map((li) => text(li)),
      ['Reworded: b → bee', 'bee: pending → completed'],
    );
    page.unmount();
  });

  it('says where a user version came from: the plan file, or a hand-over from another session', () => {
    const from = (origin: PlanVersionView['origin']): PlanVersionView[] => [
      { ...HISTORY[1]!, ...(origin ? { origin } : {}) },
    ];
    const author = (history: PlanVersionView[]): string => {
      const page = mount(<PlanHistory history={history} close={() => undefined} />);
      const words = text(page.root.querySelector('.plan-version-by'));
      page.unmount();
      return words;
    };
    assert.equal(author(from(undefined)), 'by you');
    assert.equal(author(from({ kind: 'plan-file' })), 'by you, in the plan file');
    assert.equal(author(from({ kind: 'hand-over', session: 's-1' })), 'handed over from session s-1');
  });

  it('marks the dropped item in words (and strikes it), not by colour alone', () => {
    const page = mount(<PlanHistory history={HISTORY} close={() => undefined} />);
    const dropped = page.root.querySelector('.plan-change[data-kind="dropped"]');
    assert.equal(text(dropped), 'dropped c');
    assert.ok(dropped?.querySelector('.codicon-warning'), 'and a warning glyph');
    page.unmount();
  });

  it('lists what of a version is not in the approved plan, in words (plan first drift)', () => {
    const page = mount(<PlanHistory history={HISTORY} close={() => undefined} />);
    const rows = versions(page.root);
    assert.deepEqual(
      [...rows[0]!.querySelectorAll('.plan-drift-item')].map((d) => text(d)),
      ['Not in the approved plan: bee (approved as b)', 'Not in the approved plan any more: c (dropped)'],
    );
    assert.equal(rows[1]!.querySelectorAll('.plan-drift-item').length, 0, 'a version with no drift lists none');
    page.unmount();
  });

  it('expands a version to the plan it wrote (aria-expanded follows)', () => {
    const page = mount(<PlanHistory history={HISTORY} close={() => undefined} />);
    const oldest = versions(page.root)[2]!;
    const button = oldest.querySelector('.plan-version-header');
    assert.equal(button?.getAttribute('aria-expanded'), 'false');
    assert.equal(oldest.querySelector('.plan-version-items'), null);
    click(button);
    assert.equal(button?.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(
      [...oldest.querySelectorAll('.plan-version-items .plan-item')].map((li) => text(li)),
      ['a, in progress', 'b, pending', 'c, pending'],
    );
    page.unmount();
  });

  it('says when there are no versions, and while the host has not sent them', () => {
    let page = mount(<PlanHistory history={[]} close={() => undefined} />);
    assert.equal(text(page.root.querySelector('.plan-history-body')), 'No plan versions yet.');
    page.unmount();
    page = mount(<PlanHistory history={null} close={() => undefined} />);
    assert.equal(text(page.root.querySelector('.plan-history-body')), 'Loading…');
    page.unmount();
  });

  it('opens from the strip in place of the transcript, asks the host once, and closes (telling the host)', () => {
    const base: HostMessageBody[] = [snapshotBody({ plan: HISTORY[2]!.plan })];
    const page = mount(<AgentView view={fold(base).view} />);
    const toggle = page.root.querySelector('.plan-history-toggle');
    assert.equal(toggle?.getAttribute('aria-label'), 'Plan History');
    assert.equal(toggle?.getAttribute('aria-expanded'), 'false');
    click(toggle);
    assert.deepEqual(posted, [{ type: 'planHistory', open: true }]);
    assert.deepEqual(webviewState.value, { planHistoryOpen: true }, 'remembered by the page');
    assert.ok(page.root.querySelector('.plan-history'));
    assert.equal(page.root.querySelector('.transcript'), null, 'in place of the transcript');
    page.update(<AgentView view={fold([...base, { type: 'planHistory', history: HISTORY }]).view} />);
    assert.equal(versions(page.root).length, 3);
    assert.equal(posted.length, 1, 'asked once');
    click(page.root.querySelector('.plan-history-back'));
    assert.deepEqual(posted.slice(1), [{ type: 'planHistory', open: false }]);
    assert.equal(page.root.querySelector('.plan-history'), null);
    page.unmount();
  });

  it('keeps the strip to its header while the history is open; expanding the strip closes the history', () => {
    webviewState.value = { planExpanded: true, planHistoryOpen: true };
    const page = mount(
      <AgentView
        view={fold([snapshotBody({ plan: HISTORY[2]!.plan }), { type: 'planHistory', history: HISTORY }]).view}
      />,
      {},
      { keepState: true },
    );
    const header = page.root.querySelector('.plan-strip .plan-header');
    assert.equal(header?.getAttribute('aria-expanded'), 'false');
    assert.equal(page.root.querySelectorAll('.plan-strip .plan-item').length, 0);
    click(header);
    assert.equal(page.root.querySelector('.plan-history'), null, 'the history closed');
    assert.deepEqual(posted, [{ type: 'planHistory', open: false }]);
    assert.equal(header?.getAttribute('aria-expanded'), 'true');
    assert.equal(page.root.querySelectorAll('.plan-strip .plan-item').length, 2);
    page.unmount();
  });

  it('asks again after a snapshot cleared it while it is open', () => {
    webviewState.value = { planHistoryOpen: true };
    const page = mount(
      <AgentView
        view={fold([snapshotBody({ plan: HISTORY[2]!.plan }), { type: 'planHistory', history: HISTORY }]).view}
      />,
      {},
      { keepState: true },
    );
    assert.deepEqual(posted, []);
    page.update(
      <AgentView
        view={
          fold([snapshotBody({ plan: HISTORY[2]!.plan }), { type: 'planHistory', history: HISTORY }, snapshotBody()])
            .view
        }
      />,
    );
    assert.deepEqual(posted, [{ type: 'planHistory', open: true }]);
    page.unmount();
  });
});
