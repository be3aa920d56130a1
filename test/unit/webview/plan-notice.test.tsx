/** @jsxRuntime automatic @jsxImportSource preact */
// Where the plan would be: a session whose agent withheld its plan tools (the host's
// `planNotice`, made from the agent's descriptor) says why it has no plan and offers its
// action, posted as `agentAction` with the agent's id (the host runs the command the
// descriptor names); a standing plan, or a session without the notice, shows none.
import './render';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { HostMessage, PlanView } from '../../../extension/src/core/protocol/messages';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { AgentView } from '../../../webview/src/agent-view';
import { PlanNotice } from '../../../webview/src/lazy-views';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { snapshotBody, stamp } from './fixtures';
import type { FollowedAgent } from '../../../extension/src/core/import/followed-agent';
import { claudeCode } from '../../../extension/src/core/import/agents/claude-code';
import { geminiCli } from '../../../extension/src/core/import/agents/gemini-cli';
import { click, mount, posted } from './render';
import { getByRole, queryByRole } from './roles';

const BUTTON = { name: 'Turn On Claude Code\u2019s Task List' };

/** The session view's notice as the host makes it (vscode/session/session-view.ts), in English. */
function noticeOf(agent: FollowedAgent) {
  const off = agent.planToolOff!;
  return { agentId: agent.id, text: off.text, button: off.action.label };
}

function page(planNotice: boolean | FollowedAgent, plan: PlanView | null) {
  const notice = planNotice === true ? noticeOf(claudeCode) : planNotice === false ? false : noticeOf(planNotice);
  const session = {
    id: 's1',
    title: null,
    readOnly: true,
    writer: 'Claude Code',
    ...(notice === false ? {} : { planNotice: notice }),
  };
  const state = stamp([snapshotBody({ session, plan })]).reduce(
    (s: State, m: HostMessage) => reduce(s, m),
    initialState,
  );
  return mount(<AgentView view={state.view} />);
}

// The notice is a chunk of its own (lazy-views.tsx): loaded first, it renders at once.
before(() => PlanNotice.preload());

describe('plan notice', () => {
  it('says Claude Code withheld its task list and runs the command that turns it on', () => {
    const shown = page(true, null);
    const note = getByRole(shown.root, 'note', { name: 'Plan' });
    assert.match(note.textContent ?? '', /^No plan: Claude Code did not offer its model its task list/);
    posted.length = 0;
    click(getByRole(note, 'button', BUTTON));
    assert.deepEqual(posted, [{ type: 'agentAction', agentId: 'claude-code', action: 'planNotice' }]);
    shown.unmount();
  });

  it('offers the MCP set-up for Gemini CLI when its model had no write_todos', () => {
    const shown = page(geminiCli, null);
    const note = getByRole(shown.root, 'note', { name: 'Plan' });
    assert.match(
      note.textContent ?? '',
      /^No plan: Gemini CLI offers its plan tool \(write_todos\) to Gemini 2\.x models only/,
    );
    posted.length = 0;
    click(getByRole(note, 'button', { name: 'Set Up Gemini CLI' }));
    assert.deepEqual(posted, [{ type: 'agentAction', agentId: 'gemini-cli', action: 'planNotice' }]);
    shown.unmount();
  });

  it('shows nothing once a plan stands, nor for a session without the notice', () => {
    const planned = page(true, planView([{ content: 'Read the code', status: 'in_progress' }]));
    assert.equal(queryByRole(planned.root, 'button', BUTTON), null);
    planned.unmount();
    const plain = page(false, null);
    assert.equal(queryByRole(plain.root, 'button', BUTTON), null);
    plain.unmount();
  });
});
