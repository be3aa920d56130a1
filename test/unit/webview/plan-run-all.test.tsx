/** @jsxRuntime automatic @jsxImportSource preact */
// Run All Items' place in the strip (issue 50): the host's running state carries
// `runAll` (the item's place in the run and its text) and the strip paints it under
// its header, in the host's strings; the page derives nothing. The messages pass the
// protocol's validator (the test oracle), and one with a malformed `runAll` does not.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HostMessage, HostMessageBody, RunAllView } from '../../../extension/src/core/protocol/messages';
import { AgentView } from '../../../webview/src/agent-view';
import { PlanStrip } from '../../../webview/src/components/plan-strip';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { parseHostMessage } from '../support/host-message-schema';
import { plan, snapshotBody, stamp } from './fixtures';
import { mount, text } from './render';
import { getByRole, queryByRole } from './roles';

const FIVE = plan(
  ['Read the parser', 'Port the lexer', 'Write the tests', 'Update the docs', 'Tag the release'].map((content, i) => ({
    content,
    status: i < 1 ? 'completed' : i === 1 ? 'in_progress' : 'pending',
  })),
);

const SECOND: RunAllView = { at: 2, of: 5, n: 2, content: 'Port the lexer' };

const running = (runAll?: RunAllView): HostMessageBody => ({
  type: 'run',
  run: { state: 'running', turn: 3, stopping: false, ...(runAll && { runAll }) },
});

const fold = (bodies: HostMessageBody[]): { state: State; messages: HostMessage[] } => {
  const messages = stamp(bodies);
  return { state: messages.reduce((s: State, m: HostMessage) => reduce(s, m), initialState), messages };
};

/** The strip's Run All line (a status), or null. */
const progress = (root: HTMLElement): string | null => {
  const strip = getByRole(root, 'region', { name: 'Plan' });
  const line = queryByRole(strip, 'status');
  return line ? text(line) : null;
};

describe("Run All Items' progress in the strip", () => {
  it("paints the host's place in the run and the item's text while it runs, and nothing after", () => {
    const { state, messages } = fold([snapshotBody({ plan: FIVE }), running(SECOND)]);
    for (const message of messages) assert.deepEqual(parseHostMessage(message), { ok: true });
    const page = mount(<AgentView view={state.view} />);
    assert.equal(progress(page.root), 'Running all items: 2 of 5 · Port the lexer');
    page.update(<AgentView view={fold([snapshotBody({ plan: FIVE }), running()]).state.view} />);
    assert.equal(progress(page.root), null, 'a turn outside Run All shows no line');
    const idle = fold([snapshotBody({ plan: FIVE }), running(SECOND), { type: 'run', run: { state: 'idle' } }]);
    page.update(<AgentView view={idle.state.view} />);
    assert.equal(progress(page.root), null, 'the line goes when the turn ends');
    page.unmount();
  });

  it('uses the host strings', () => {
    const page = mount(<PlanStrip plan={FIVE} runAll={{ ...SECOND, at: 3, n: 3, content: 'Write the tests' }} />, {
      runAllProgress: '正在运行所有项：第 {0} 项，共 {1} 项 · {2}',
    });
    assert.equal(progress(page.root), '正在运行所有项：第 3 项，共 5 项 · Write the tests');
    page.unmount();
  });

  it('validates the field where host messages are validated', () => {
    const run = (runAll: unknown) => ({
      type: 'run',
      seq: 1,
      run: { state: 'running', turn: 1, stopping: false, runAll },
    });
    assert.equal(parseHostMessage(run(SECOND)).ok, true);
    assert.equal(parseHostMessage(run({ at: 2, of: 5 })).ok, false, 'the item is named');
    assert.equal(parseHostMessage(run({ ...SECOND, extra: 1 })).ok, false, 'nothing else');
    assert.equal(parseHostMessage({ type: 'run', seq: 1, run: { state: 'idle', runAll: SECOND } }).ok, false);
  });
});
