/** @jsxRuntime automatic @jsxImportSource preact */
// Where the plan strip would be, for a session without a plan whose agent withheld its
// plan tool (the host's session view says which: `planNotice`): why there is no plan,
// and the button that does something about it (Claude Code: turn its task list on for
// its next sessions; Gemini CLI: set up our todo_write for it over MCP; Codex: turn its
// update_plan on in its config.toml for its next sessions). Hidden once a
// plan stands.
import type { PlanView, SessionView, WebviewMessage } from '@core/protocol/messages';
import type { WebviewStringKey } from '@core/protocol/strings';
import { useStrings } from '../i18n';
import { Icon, LinkButton } from './icon';

type Notice = NonNullable<SessionView['planNotice']>;

const NOTICES: Record<Notice, { text: WebviewStringKey; button: WebviewStringKey; message: WebviewMessage }> = {
  'claude-code-tasks-off': {
    text: 'claudeTasksOff',
    button: 'enableClaudeCodeTasks',
    message: { type: 'enableClaudeCodeTasks' },
  },
  'gemini-no-plan-tool': { text: 'geminiNoPlanTool', button: 'setUpGeminiCli', message: { type: 'setUpGeminiCli' } },
  'codex-plan-tool-off': {
    text: 'codexPlanToolOff',
    button: 'enableCodexPlanTool',
    message: { type: 'enableCodexPlanTool' },
  },
};

export function PlanNotice({ session, plan }: { session: SessionView | null; plan: PlanView | null }) {
  const s = useStrings();
  const notice = session?.planNotice;
  if (notice === undefined || (plan !== null && plan.todos.length > 0)) return null;
  const { text, button, message } = NOTICES[notice];
  return (
    <div class="banner plan-notice" role="note" aria-label={s.plan}>
      <Icon name="info" />
      <span>{s[text]}</span>
      <LinkButton message={message}>{s[button]}</LinkButton>
    </div>
  );
}
