/** @jsxRuntime automatic @jsxImportSource preact */
// A subagent's transcript and its own plan (single owner: never the parent's), shown
// in place of the parent's transcript until Back. Focus moves to Back on open.
//
// A lazily loaded chunk (dist/webview/child-panel.js, lazy-views.tsx), fetched when a
// subagent's transcript is first opened: it imports values from chunk-api only.
import { format, Icon, PlanStrip, post, Transcript, useEffect, useRef, useStrings } from '../chunk-api';
import type { ApprovalView, ChildView } from '@core/protocol/messages';

export function ChildPanel({ view: child, approvals }: { view: ChildView; approvals: readonly ApprovalView[] }) {
  const s = useStrings();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), [child.sessionId]);
  const title = format(s.childTitle, child.title);
  return (
    <section class="child-panel" aria-label={title}>
      <div class="child-header">
        <button type="button" class="secondary-button" ref={back} onClick={() => post({ type: 'closeChild' })}>
          <Icon name="arrow-left" /> {s.back}
        </button>
        <h2 class="child-title" title={title}>
          {title}
        </h2>
        {child.running && (
          <span class="codicon codicon-loading codicon-modifier-spin" role="img" aria-label={s.subagentRunning} />
        )}
      </div>
      <Transcript
        key={child.sessionId}
        items={child.items}
        stream={null}
        cursor={null}
        running={child.running}
        approvals={approvals}
        sessionId={child.sessionId}
      />
      <PlanStrip plan={child.plan} variant="child" />
    </section>
  );
}
