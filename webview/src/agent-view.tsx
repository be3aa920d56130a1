/** @jsxRuntime automatic @jsxImportSource preact */
// The Agent view's page for one state of the fold (state/reducer.ts), in the snapshot's
// strings: the session header, the banners, the transcript (or the panel the host
// opened, or the plan history), the plan strip and the composer. It only paints: app.tsx
// wires it to the host, and the component tests render it as is.
import { useEffect, useRef } from 'preact/hooks';
import { Banners } from './components/banners';
import { Composer } from './components/composer';
import { PlanAnnouncer, PlanStrip } from './components/plan-strip';
import { SessionHeader } from './components/session-header';
import { Transcript } from './components/transcript';
import { StringsContext } from './i18n';
import { Panel, PlanHistory, PlanNotice } from './lazy-views';
import { useToggle } from './ui-toggle';
import type { ViewState } from './state/reducer';
import { post } from './vscode-api';

/** The whole page for one state of the fold; `loading` until the first snapshot brings the strings. */
export function AgentView({ view, loading = '' }: { view: ViewState; loading?: string }) {
  const childId = view.panel?.kind === 'child' ? view.panel.view.sessionId : null;
  useReturnFocus(childId);
  const history = usePlanHistory(view);
  if (!view.strings) return <main class="app loading">{loading}</main>;
  const running = view.run.state === 'running';
  return (
    <StringsContext.Provider value={view.strings}>
      <main class="app">
        <SessionHeader
          session={view.session}
          sessions={view.sessions}
          provider={view.provider}
          context={view.context}
        />
        <Banners provider={view.provider} session={view.session} />
        {view.panel ? (
          <Panel panel={view.panel} approvals={view.approvals} />
        ) : history.open ? (
          <PlanHistory history={view.history} close={history.toggle} />
        ) : (
          <Transcript
            key={view.session?.id}
            items={view.items}
            stream={view.stream}
            cursor={view.cursor}
            running={running}
            approvals={view.approvals}
            sessionId={view.session?.id ?? null}
            writer={view.session?.writer}
          />
        )}
        {view.notice && (
          <div class={`notice notice-${view.notice.level}`} role={view.notice.level === 'error' ? 'alert' : 'status'}>
            {view.notice.text}
          </div>
        )}
        {view.session?.planNotice && <PlanNotice session={view.session} plan={view.plan} />}
        <PlanStrip
          plan={view.plan}
          editable={view.session !== null && !view.session.readOnly}
          commentable={view.session?.commentsBeside}
          history={history}
          runAll={view.run.state === 'running' ? view.run.runAll : undefined}
        />
        <PlanAnnouncer completed={view.announcement.completed} />
        <Composer run={view.run} planFirst={view.provider?.planFirst} />
      </main>
    </StringsContext.Provider>
  );
}

/**
 * The plan history's toggle (a UI toggle the page remembers). While it is open and the
 * page has no history (first open, after a snapshot), the page asks the host for it;
 * closing tells the host to stop sending versions. The host opens it too (Show Plan
 * History: a history message with `reveal`, which already carries the versions).
 */
function usePlanHistory(view: ViewState): { open: boolean; toggle: () => void } {
  const [open, setOpen] = useToggle('planHistoryOpen', false);
  const missing = view.history === null;
  const revealed = view.historyRevealed;
  useEffect(() => {
    if (revealed) setOpen(true);
  }, [revealed]);
  useEffect(() => {
    if (view.loaded && open && missing) post({ type: 'planHistory', open: true });
  }, [view.loaded, open, missing]);
  const wasOpen = useRef(open);
  useEffect(() => {
    // back where it was opened
    if (wasOpen.current && !open) document.querySelector<HTMLElement>('.plan-history-toggle')?.focus();
    wasOpen.current = open;
  }, [open]);
  const toggle = (): void => {
    if (open) post({ type: 'planHistory', open: false });
    setOpen(!open);
  };
  return { open, toggle };
}

/** When a subagent panel closes, focus goes back to the button that opened it. */
function useReturnFocus(childId: string | null): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const closed = previous.current;
    previous.current = childId;
    if (closed === null || childId !== null) return;
    const opener = [...document.querySelectorAll<HTMLElement>('[data-open-child]')].find(
      (el) => el.dataset.openChild === closed,
    );
    opener?.focus();
  }, [childId]);
}
