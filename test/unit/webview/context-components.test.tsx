/** @jsxRuntime automatic @jsxImportSource preact */
// Issue 10's rows and header, rendered from posted views only (happy-dom): the
// compaction divider ("Earlier conversation summarized", collapsed, expandable to the
// summary), the context meter in the session header (`31k / 128k`, updated by each
// `context` message), and Continue after a turn that ended `max-steps`. The items are
// the ones the host's TranscriptFolder makes from real session events.
import './render';
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { formatContextUse } from '../../../extension/src/core/agent/context-window';
import type { HostMessage, HostMessageBody } from '../../../extension/src/core/protocol/messages';
import { type TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { transcriptFromEvents } from '../../../extension/src/core/presenters/transcript-folder';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { AgentView } from '../../../webview/src/agent-view';
import { CONTINUE_PROMPT } from '../../../extension/src/core/domain-literals';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';
import { HOSTILE, snapshotBody, stamp } from './fixtures';
import { click, mount, posted, text } from './render';
import { allByRole, getByRole, getByText, queryByRole, queryByText } from './roles';

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);

const SUMMARY = 'The user asked for a survey of src/. Read a.ts and b.ts; both export one function.';

/** Turn 1 answered, compacted, then turn 2 stopped at the step limit: the items the host posts for that log. */
function compactedThenStopped(summary = SUMMARY): TranscriptItem[] {
  const session = new Session(makeHeader({ id: 's1' }));
  session.append('turn/start', { turn: 1 });
  session.append('user/message', { turn: 1, message: { text: 'Survey src/' } });
  session.append('step/start', { turn: 1, step: 1 });
  session.append('assistant/message', {
    turn: 1,
    step: 1,
    message: { content: [{ type: 'text', text: 'Surveyed.' }] },
    model: { provider: 'p', model: 'm' },
  });
  session.append('step/end', { turn: 1, step: 1 });
  session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
  session.append('context/compact', { upToSeq: session.lastSeq, summary });
  session.append('turn/start', { turn: 2 });
  session.append('user/message', { turn: 2, message: { text: 'Now fix them' } });
  session.append('step/start', { turn: 2, step: 1 });
  session.append('assistant/message', {
    turn: 2,
    step: 1,
    message: { content: [{ type: 'text', text: 'Working.' }] },
    model: { provider: 'p', model: 'm' },
  });
  session.append('step/end', { turn: 2, step: 1 });
  session.append('turn/end', { turn: 2, reason: { kind: 'max-steps', maxSteps: 1 } });
  return transcriptFromEvents(session.events);
}

beforeEach(() => {
  posted.length = 0;
});

describe('compaction divider', () => {
  it('shows "Earlier conversation summarized" collapsed, in log order, and expands to the summary', () => {
    const page = mount(<AgentView view={fold([snapshotBody({ items: compactedThenStopped() })]).view} />);
    const rows = [...page.root.querySelectorAll('.items li.item')].map((li) => li.className.replace('item ', ''));
    assert.deepEqual(
      rows.slice(0, 4),
      ['item-user', 'item-assistant', 'item-compaction', 'item-user'],
      'the divider sits between the turns',
    );
    const summary = getByText(page.root, 'Earlier conversation summarized');
    const divider = summary.closest('details');
    assert.ok(divider && summary.tagName === 'SUMMARY', 'a <details> divider');
    assert.equal(divider.hasAttribute('open'), false, 'collapsed at first');
    click(divider.querySelector('summary'));
    assert.equal(divider.hasAttribute('open'), true, 'a click on the divider expands it');
    assert.equal(text(divider.querySelector('.compaction-summary')), SUMMARY);
    click(divider.querySelector('summary'));
    assert.equal(divider.hasAttribute('open'), false, 'and collapses it again');
    page.unmount();
  });

  it('renders a hostile summary as text and uses the host strings', () => {
    const page = mount(
      <AgentView
        view={
          fold([
            snapshotBody({
              items: compactedThenStopped(HOSTILE.join(' ')),
              strings: { ...WEBVIEW_STRINGS, compactionDivider: '较早的对话已总结' },
            }),
          ]).view
        }
      />,
    );
    const divider = getByText(page.root, '较早的对话已总结').closest('details');
    assert.equal(divider?.querySelector('.compaction-summary')?.textContent, HOSTILE.join(' '));
    assert.equal(page.root.querySelector('img, script'), null, 'no element made from the summary');
    page.unmount();
  });
});

describe('context meter', () => {
  it('shows the last prompt tokens over the window in the header, and follows each context message', () => {
    const meter = formatContextUse(31_204, 128_000);
    assert.equal(meter, '31k / 128k', 'the host formats it');
    const base: HostMessageBody[] = [snapshotBody(), { type: 'context', context: { use: meter, rules: 'AGENTS.md' } }];
    const page = mount(<AgentView view={fold(base).view} />);
    getByText(page.root, '· context 31k / 128k');
    getByText(page.root, '· rules: AGENTS.md');
    getByText(page.root, 'Model: demo script Demo · context 31k / 128k · rules: AGENTS.md');
    page.update(
      <AgentView
        view={
          fold([...base, { type: 'context', context: { use: formatContextUse(97_600, 128_000), rules: 'AGENTS.md' } }])
            .view
        }
      />,
    );
    getByText(page.root, '· context 98k / 128k'); // the next step moves it
    page.unmount();
  });

  it('is absent before the host measured anything, and shows no rules line without a rules file', () => {
    const page = mount(<AgentView view={fold([snapshotBody()]).view} />);
    assert.equal(queryByText(page.root, /· context /), null, 'no context message yet');
    page.update(
      <AgentView view={fold([snapshotBody(), { type: 'context', context: { use: null, rules: null } }]).view} />,
    );
    assert.equal(queryByText(page.root, /· context /), null, 'an empty session has no use');
    assert.equal(queryByText(page.root, /· rules: /), null);
    page.unmount();
  });
});

describe('Continue after max-steps', () => {
  it('offers Continue on the last turn end when it stopped at the step limit, and sends the continue prompt', () => {
    const page = mount(<AgentView view={fold([snapshotBody({ items: compactedThenStopped() })]).view} />);
    const end = page.root.querySelector('.item-turn-end.reason-max-steps');
    assert.match(text(end), /stopped after 1 steps Continue$/);
    const buttons = allByRole(page.root, 'button', { name: 'Continue' });
    assert.equal(buttons.length, 1, 'one offer');
    click(buttons[0] ?? null);
    assert.deepEqual(posted, [{ type: 'send', text: CONTINUE_PROMPT }]);
    page.unmount();
  });

  it('is still offered when a compaction (Compact Conversation) came after that turn end', () => {
    const items = compactedThenStopped();
    const last = items[items.length - 1]!;
    const compacted: TranscriptItem = {
      kind: 'compaction',
      id: 'e99',
      order: last.order + 10,
      turn: 2,
      summary: SUMMARY,
    };
    const page = mount(<AgentView view={fold([snapshotBody({ items: [...items, compacted] })]).view} />);
    assert.match(
      text(getByRole(page.root, 'button', { name: 'Continue' }).closest('li')),
      /^Stopped at the step limit/,
      'on the turn end',
    );
    page.unmount();
  });

  it('is not offered while a turn runs, after another kind of end, or once a later item follows', () => {
    const items = compactedThenStopped();
    const running = mount(
      <AgentView view={fold([snapshotBody({ items, run: { state: 'running', turn: 3, stopping: false } })]).view} />,
    );
    assert.equal(queryByRole(running.root, 'button', { name: 'Continue' }), null, 'not while running');
    running.unmount();
    const last = items[items.length - 1];
    assert.ok(last?.kind === 'turn-end');
    const errored = mount(
      <AgentView
        view={
          fold([snapshotBody({ items: [...items.slice(0, -1), { ...last, reason: 'error', message: 'boom' }] })]).view
        }
      />,
    );
    assert.equal(queryByRole(errored.root, 'button', { name: 'Continue' }), null, 'not after an error');
    errored.unmount();
    const later = mount(
      <AgentView
        view={
          fold([
            snapshotBody({
              items: [...items, { kind: 'user', id: 'e99', order: last.order + 10, turn: 3, text: 'next' }],
            }),
          ]).view
        }
      />,
    );
    assert.equal(queryByRole(later.root, 'button', { name: 'Continue' }), null, 'only on the latest item');
    later.unmount();
  });
});
