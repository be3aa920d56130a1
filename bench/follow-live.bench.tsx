/** @jsxRuntime automatic @jsxImportSource preact */
// The live update path of the follow bench, in the page's world: a session's appends
// -> the host's folds (SessionFolds: the ledger, the transcript) -> host messages -> structuredClone
// (postMessage's copy) -> checkHostMessage (the webview's type and seq check) -> the
// webview's reducer -> preact render of the whole AgentView into happy-dom. Returns ms per appended event.
import { Window } from 'happy-dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { checkHostMessage } from '../extension/src/core/protocol/host-message-check';
import { HostSequencer, type HostMessage, type HostMessageBody } from '../extension/src/core/protocol/messages';
import { planView } from '../extension/src/core/plan/plan-presenter';
import { WEBVIEW_STRINGS } from '../extension/src/core/protocol/strings';
import { TranscriptFolder, transcriptFromEvents } from '../extension/src/core/presenters/transcript-folder';
import { SessionFolds } from '../extension/src/core/plan/session-folds';
import { makeHeader } from '../extension/src/core/session/header';
import { Session } from '../extension/src/core/session/session';
import { AgentView } from '../webview/src/agent-view';
import { initialState, messageHandlers, reduce } from '../webview/src/state/reducer';
import { todoStep } from './follow-steps';
import { now } from './stats';

const window = new Window({ url: 'https://webview.test/' });
Object.assign(globalThis, {
  window,
  document: window.document,
  acquireVsCodeApi: () => ({ postMessage: () => undefined }),
});

export async function liveLatency(priorEvents: number, steps: number): Promise<number[]> {
  const session = new Session(makeHeader({ id: 'live' }));
  let turn = 0;
  while (session.lastSeq < priorEvents) {
    turn++;
    session.append('turn/start', { turn });
    session.append('user/message', { turn, message: { text: `prompt ${turn}` } });
    for (let step = 1; step <= 8 && session.lastSeq < priorEvents; step++)
      for (const e of todoStep(turn, step)) session.append(e.type, e.data as never);
    session.append('turn/end', { turn, reason: { kind: 'completed' } });
  }
  const sequencer = new HostSequencer();
  const folds = SessionFolds.over(session.events, { transcript: new TranscriptFolder() });
  let state = initialState;
  const root = window.document.createElement('div');
  window.document.body.appendChild(root);
  const target = root as unknown as Element;
  const deliver = (body: HostMessageBody): void => {
    const message: HostMessage = sequencer.stamp(body);
    const parsed = checkHostMessage(structuredClone(message), messageHandlers);
    if (!parsed.ok) throw new Error(parsed.error);
    state = reduce(state, parsed.message);
    act(() => render(<AgentView view={state.view} />, target));
  };
  // The whole transcript in the page, as if every older page had been loaded.
  const items = transcriptFromEvents(session.events);
  deliver({
    type: 'snapshot',
    session: { id: 'live', title: null, readOnly: false },
    items,
    cursor: null,
    plan: planView(folds.standingPlan),
    run: { state: 'idle' },
    provider: { id: 'scripted', model: 's', isDemo: false, problem: null },
    stream: null,
    strings: { ...WEBVIEW_STRINGS },
  });
  const following = folds.follow(session, (change) => {
    if (change.plan) deliver({ type: 'plan', plan: planView(folds.standingPlan) });
    if (change.items.length) deliver({ type: 'items', items: change.items });
  });
  turn++;
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: 'live' } });
  const out: number[] = [];
  for (let step = 1; step <= steps; step++) {
    const events = todoStep(turn, step);
    const t = now();
    for (const e of events) session.append(e.type, e.data as never);
    out.push((now() - t) / events.length);
  }
  if (!root.querySelector('.plan-counts')?.textContent) throw new Error('the strip never painted');
  act(() => render(null, target));
  root.remove();
  following.dispose();
  return out;
}
