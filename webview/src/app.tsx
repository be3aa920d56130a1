/** @jsxRuntime automatic @jsxImportSource preact */
// Wires the page to the host: checks every incoming message (its type and seq, see
// core/protocol/host-message-check.ts), folds it with the pure reducer, and says `ready` once listening (the host answers
// with a snapshot).
import { useEffect, useReducer, useRef } from 'preact/hooks';
import { checkHostMessage } from '../../extension/src/core/protocol/host-message-check';
import { Banners } from './components/banners';
import { ChildPanel } from './components/child-panel';
import { Composer } from './components/composer';
import { PlanAnnouncer, PlanStrip } from './components/plan-strip';
import { SessionHeader } from './components/session-header';
import { Transcript } from './components/transcript';
import { StringsContext } from './i18n';
import { initialState, reduce, type ViewState } from './state/reducer';
import { post } from './vscode-api';

export function App() {
  const [state, dispatch] = useReducer(reduce, initialState);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>): void => {
      const parsed = checkHostMessage(event.data);
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

  return (
    <StringsContext.Provider value={state.view.strings}>
      <AgentView view={state.view} />
    </StringsContext.Provider>
  );
}

/** The whole page for one state of the fold (rendered as is by the component tests). */
export function AgentView({ view }: { view: ViewState }) {
  const childId = view.child?.sessionId ?? null;
  useReturnFocus(childId);
  if (!view.loaded) return <main class="app loading">{view.strings.loading}</main>;
  const running = view.run.state === 'running';
  return (
    <main class="app">
      <SessionHeader session={view.session} sessions={view.sessions} provider={view.provider} context={view.context} />
      <Banners provider={view.provider} session={view.session} />
      {view.child ? (
        <ChildPanel child={view.child} approvals={view.approvals} />
      ) : (
        <Transcript items={view.items} stream={view.stream} cursor={view.cursor} running={running} approvals={view.approvals} sessionId={view.session?.id ?? null} />
      )}
      {view.notice && (
        <div class={`notice notice-${view.notice.level}`} role={view.notice.level === 'error' ? 'alert' : 'status'}>
          {view.notice.text}
        </div>
      )}
      <PlanStrip plan={view.plan} />
      <PlanAnnouncer completed={view.announcement.completed} />
      <Composer run={view.run} />
    </main>
  );
}

/** When a subagent panel closes, focus goes back to the button that opened it. */
function useReturnFocus(childId: string | null): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const closed = previous.current;
    previous.current = childId;
    if (closed === null || childId !== null) return;
    const opener = [...document.querySelectorAll<HTMLElement>('[data-open-child]')].find((el) => el.dataset.openChild === closed);
    opener?.focus();
  }, [childId]);
}
