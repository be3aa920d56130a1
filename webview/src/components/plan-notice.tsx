/** @jsxRuntime automatic @jsxImportSource preact */
// Where the plan strip would be, for a session without a plan whose agent withheld its
// plan tool (the host's session view says so: `planNotice`, its words localized there):
// why there is no plan, and the button that does something about it (the agent's
// action, which the host runs as the agent's descriptor says). Hidden once a plan stands.
// A lazily loaded chunk (dist/webview/plan-notice.js, lazy-views.tsx): only such a
// session shows it. Imports values from chunk-api only (main's preact).
import type { PlanView, SessionView } from '@core/protocol/messages';
import { Icon, LinkButton, useStrings } from '../chunk-api';

export function PlanNotice({ session, plan }: { session: SessionView | null; plan: PlanView | null }) {
  const s = useStrings();
  const notice = session?.planNotice;
  if (notice === undefined || (plan !== null && plan.todos.length > 0)) return null;
  return (
    <div class="banner plan-notice" role="note" aria-label={s.plan}>
      <Icon name="info" />
      <span>{notice.text}</span>
      <LinkButton message={{ type: 'agentAction', agentId: notice.agentId, action: 'planNotice' }}>
        {notice.button}
      </LinkButton>
    </div>
  );
}
