/** @jsxRuntime automatic @jsxImportSource preact */
// Where the plan would be: a session whose agent withheld its plan tools (the host's
// `planNotice`) says why it has no plan and offers the command that turns Claude Code's
// task list on; a standing plan, or a session without the notice, shows none.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HostMessage, PlanView } from '../../../extension/src/core/protocol/messages';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { AgentView } from '../../../webview/src/app';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { snapshotBody, stamp } from './fixtures';
import { click, mount, posted } from './render';
import { getByRole, queryByRole } from './roles';

const BUTTON = { name: 'Turn On Claude Code\u2019s Task List' };

function page(planNotice: boolean | 'gemini-no-plan-tool' | 'codex-plan-tool-off', plan: PlanView | null) {
  const notice = planNotice === true ? ('claude-code-tasks-off' as const) : planNotice;
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

describe('plan notice', () => {
  it('says Claude Code withheld its task list and runs the command that turns it on', () => {
    const shown = page(true, null);
    const note = getByRole(shown.root, 'note', { name: 'Plan' });
    assert.match(note.textContent ?? '', /^No plan: Claude Code did not offer its model its task list/);
    posted.length = 0;
    click(getByRole(note, 'button', BUTTON));
    assert.deepEqual(posted, [{ type: 'enableClaudeCodeTasks' }]);
    shown.unmount();
  });

  it('offers the MCP set-up for Gemini CLI when its model had no write_todos', () => {
    const shown = page('gemini-no-plan-tool', null);
    const note = getByRole(shown.root, 'note', { name: 'Plan' });
    assert.match(
      note.textContent ?? '',
      /^No plan: Gemini CLI offers its plan tool \(write_todos\) to Gemini 2\.x models only/,
    );
    posted.length = 0;
    click(getByRole(note, 'button', { name: 'Set Up Gemini CLI' }));
    assert.deepEqual(posted, [{ type: 'setUpGeminiCli' }]);
    shown.unmount();
  });

  it("says Codex's plan tool is off by default since 0.152 and runs the command that turns it on", () => {
    const shown = page('codex-plan-tool-off', null);
    const note = getByRole(shown.root, 'note', { name: 'Plan' });
    assert.match(note.textContent ?? '', /^No plan: Codex did not offer .*update_plan.*off by default since 0\.152/);
    posted.length = 0;
    click(getByRole(note, 'button', { name: 'Turn On Codex\u2019s Plan Tool' }));
    assert.deepEqual(posted, [{ type: 'enableCodexPlanTool' }]);
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
