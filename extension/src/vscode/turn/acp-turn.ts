// An ACP agent's turn as the turn runner starts it: the chosen agent resolved in the
// workspace folder on disk, the shown ACP session's agent (or a new session's, seeded
// by `start`) from AcpAgentSessions, and the turn's body, the agent's prompt. The
// runner runs it as it runs our loop's.
import * as vscode from 'vscode';
import type { Session } from '../../core/session/session';
import type { AcpAgentSessions } from '../acp-agents/acp-agent-sessions';
import { resolveChosenAgent } from '../acp-agents/acp-agent-choice';
import type { AgentSettings } from '../host/settings';
import { ProviderUnavailableError } from '../providers/provider-source';
import { TurnRefusedError } from '../session/turn-refused';
import type { TurnBody, TurnHost, TurnRunnerOptions, TurnStart } from './turn-host';

export interface AcpTurnDeps {
  options: TurnRunnerOptions;
  host: TurnHost;
  acp: AcpAgentSessions;
  /** The runner shut down meanwhile: nothing is sent. */
  closed: () => boolean;
}

/**
 * The session and body of a prompt to ACP agent `agentId`; `starting` is on while the agent starts (nothing else may
 * start then). Refuses when there is no folder on disk, the agent is not installed, the runner shut down or another
 * session was chosen while the agent started.
 */
export async function acpTurn(
  deps: AcpTurnDeps,
  prompt: { agentId: string; text: string; settings: AgentSettings; start: TurnStart },
  starting: (on: boolean) => void,
): Promise<{ session: Session; body: TurnBody }> {
  const { options, host, acp } = deps;
  const { agentId, text, settings, start } = prompt;
  const folder = options.workspaceFolder;
  if (folder?.scheme !== 'file')
    throw new TurnRefusedError(vscode.l10n.t('An ACP agent runs in a folder on disk: open one first.'));
  const resolved = resolveChosenAgent(agentId, settings, folder.fsPath);
  if (!resolved.ok) throw new ProviderUnavailableError(resolved.message, 'agentChecklist.agent');
  const current = host.opened();
  const shown = current && !current.readOnly && current.session.header.source?.kind === 'acp' ? current : null;
  starting(true);
  let agent;
  try {
    const title = text.replace(/\s+/g, ' ').slice(0, 80);
    const { acpTurnSupport } = await import('./agent-turn');
    agent = await acp.forPrompt({
      launch: resolved.launch,
      cwd: folder.fsPath,
      shown,
      title,
      autoApprove: settings.autoApprove,
      ...acpTurnSupport(settings, options),
      showWritten: (opened) => host.showWritten(opened),
    });
  } finally {
    starting(false);
  }
  const session = agent.log.session;
  if (shown === null) start.seed?.(session);
  if (deps.closed()) throw new TurnRefusedError(vscode.l10n.t('Agent Checklist is shutting down.'));
  if (host.opened()?.session !== session) {
    acp.closeOthers(host.opened()?.session.id); // another session was chosen while the agent started
    throw new TurnRefusedError(
      vscode.l10n.t('Another session was opened while the agent started; the prompt was not sent.'),
    );
  }
  return { session, body: { turn: (signal) => agent.prompt(text, signal), ended: () => undefined } };
}
