/** @jsxRuntime automatic @jsxImportSource preact */
// The read-only banner says who writes the shown session: another program's session
// (here an MCP client's) is named as the session list labels it; a session of the
// editor's own agent that another window holds keeps the "another window" text.
// The empty transcript of another program's session says that program keeps only its
// plan there (it is not the agent's to ask).
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HostMessage } from '../../../extension/src/core/protocol/messages';
import { AgentView } from '../../../webview/src/agent-view';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { snapshotBody, stamp } from './fixtures';
import { click, mount, posted } from './render';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { allByRole, getByRole, getByText, queryByRole } from './roles';

function bannerText(session: { id: string; title: string | null; readOnly: boolean; writer?: string }): string | null {
  const state = stamp([snapshotBody({ session })]).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);
  const page = mount(<AgentView view={state.view} />);
  const text = page.root.querySelector('.banner-readonly')?.textContent ?? null;
  page.unmount();
  return text;
}

describe('read-only banner', () => {
  it('names the program that writes another program’s session', () => {
    assert.match(
      bannerText({ id: 's1', title: null, readOnly: true, writer: 'Claude Code (MCP)' }) ?? '',
      /^This session belongs to Claude Code \(MCP\); it is shown read-only here\./,
    );
  });

  it('says another window writes it for the editor’s own session locked elsewhere', () => {
    assert.match(
      bannerText({ id: 's1', title: null, readOnly: true }) ?? '',
      /^Another window is writing this session; it is shown read-only here\./,
    );
  });

  it('offers the agent’s own file for a session made from one, and posts the request to open it', () => {
    const view = (agentFile?: string) => {
      const session = {
        id: 's1',
        title: null,
        readOnly: true,
        writer: 'Claude Code',
        ...(agentFile === undefined ? {} : { agentFile }),
      };
      return stamp([snapshotBody({ session })]).reduce((s: State, m: HostMessage) => reduce(s, m), initialState).view;
    };
    const page = mount(<AgentView view={view('/home/me/.claude/projects/-w/5c88.jsonl')} />);
    posted.length = 0;
    click(getByRole(page.root, 'button', { name: 'Open the agent’s file' }));
    assert.deepEqual(posted, [{ type: 'openAgentFile' }]);
    page.unmount();
    const plain = mount(<AgentView view={view()} />);
    assert.equal(queryByRole(plain.root, 'button', { name: 'Open the agent’s file' }), null);
    plain.unmount();
  });

  it('says a large session is still opening instead, as a status, and lets nothing edit its previewed plan', () => {
    const session = { id: 's1', title: 'A large session', readOnly: true, opening: true as const };
    const plan = planView([{ content: 'Index the store', status: 'in_progress' }]);
    const state = stamp([snapshotBody({ session, plan })]).reduce(
      (s: State, m: HostMessage) => reduce(s, m),
      initialState,
    );
    const page = mount(<AgentView view={state.view} />);
    const status = allByRole(page.root, 'status').find((el) =>
      el.textContent?.startsWith('Opening this large session'),
    );
    assert.match(status?.textContent ?? '', /its latest page and plan are shown while the rest of its log is read\.$/);
    assert.equal(page.root.querySelector('.banner-readonly'), null, 'not the read-only banner');
    click(getByRole(page.root, 'button', { name: 'Plan 1 in progress' }));
    assert.ok(getByText(page.root, 'Index the store'), 'its previewed plan shows');
    assert.equal(queryByRole(page.root, 'checkbox'), null, 'the preview is not editable');
    page.unmount();
  });

  it('shows no banner for a session this window writes', () => {
    assert.equal(bannerText({ id: 's1', title: null, readOnly: false }), null);
  });
});

describe('empty transcript of another program’s session', () => {
  function emptyText(
    session: { id: string; title: string | null; readOnly: boolean; writer?: string } | null,
  ): string | null {
    const state = stamp([snapshotBody({ session, items: [] })]).reduce(
      (s: State, m: HostMessage) => reduce(s, m),
      initialState,
    );
    const page = mount(<AgentView view={state.view} />);
    const text = page.root.querySelector('.transcript.empty')?.textContent ?? null;
    page.unmount();
    return text;
  }

  it('says that the program keeps only its plan there, instead of asking the agent', () => {
    const text = emptyText({ id: 's1', title: null, readOnly: true, writer: 'Claude Code (MCP)' }) ?? '';
    assert.match(text, /^Claude Code \(MCP\) keeps only its plan in this session: there is no conversation to show\./);
    assert.doesNotMatch(text, /Ask the agent/);
  });

  it('asks the agent for a session of our own or none', () => {
    assert.match(emptyText(null) ?? '', /^Ask the agent to do something\./);
    assert.match(emptyText({ id: 's1', title: null, readOnly: false }) ?? '', /^Ask the agent to do something\./);
  });
});
