/** @jsxRuntime automatic @jsxImportSource preact */
// Where the plan strip would be, for a session without a plan whose agent withheld its
// plan tools (the host's session view says which: `planNotice`): why there is no plan,
// and the button that runs the command turning the tool on for the agent's next
// sessions. Hidden once a plan stands.
import type { PlanView, SessionView } from '@core/protocol/messages';
import { useStrings } from '../i18n';
import { Icon, LinkButton } from './icon';

export function PlanNotice({ session, plan }: { session: SessionView | null; plan: PlanView | null }) {
  const s = useStrings();
  if (session?.planNotice !== 'claude-code-tasks-off' || (plan !== null && plan.todos.length > 0)) return null;
  return (
    <div class="banner plan-notice" role="note" aria-label={s.plan}>
      <Icon name="info" />
      <span>{s.claudeTasksOff}</span>
      <LinkButton message={{ type: 'enableClaudeCodeTasks' }}>{s.enableClaudeCodeTasks}</LinkButton>
    </div>
  );
}
