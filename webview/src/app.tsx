// Wires the page to the host: validates every incoming message, folds it with the
// pure reducer, and says `ready` once listening (the host answers with a snapshot).
import { useEffect, useReducer } from 'preact/hooks';
import { parseHostMessage } from '../../extension/src/core/protocol/messages';
import { Banners } from './components/banners';
import { Composer } from './components/composer';
import { PlanStrip } from './components/plan-strip';
import { Transcript } from './components/transcript';
import { initialState, reduce } from './state/reducer';
import { post } from './vscode-api';

export function App() {
  const [state, dispatch] = useReducer(reduce, initialState);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>): void => {
      const parsed = parseHostMessage(event.data);
      if (!parsed.ok) {
        console.warn(`[agent-checklist] dropped an invalid host message: ${parsed.error}`);
        return;
      }
      dispatch(parsed.message);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (state.needsResync) post({ type: 'ready' });
  }, [state.needsResync]);

  const { view } = state;
  if (!view.loaded) return <main class="app loading">Loading…</main>;
  const running = view.run.state === 'running';
  return (
    <main class="app">
      <Banners provider={view.provider} session={view.session} />
      <Transcript items={view.items} stream={view.stream} cursor={view.cursor} running={running} />
      {view.notice && (
        <div class={`notice notice-${view.notice.level}`} role={view.notice.level === 'error' ? 'alert' : 'status'}>
          {view.notice.text}
        </div>
      )}
      <PlanStrip plan={view.plan} />
      <Composer run={view.run} />
    </main>
  );
}
