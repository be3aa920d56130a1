// Which agent a new session runs (agentChecklist.agent, a user-only setting): our own
// (`builtin`) or an ACP agent by id, built-in or from agentChecklist.acpAgents, found
// on PATH. The header names the chosen ACP agent ("Agent: Claude Code (ACP)") and says
// how to install it when its command is missing; nothing is started until a prompt.
import * as vscode from 'vscode';
import { acpAgentTitle, resolveAcpAgent, type AcpAgentResolution } from '../../core/acp-client/agent-catalog';
import type { ProviderView } from '../../core/protocol/messages';
import { BUILTIN_AGENT, type AgentSettings } from '../host/settings';

/** The chosen ACP agent's id, or null for our own agent. */
export function chosenAcpAgent(settings: Pick<AgentSettings, 'agent'>): string | null {
  return settings.agent === BUILTIN_AGENT ? null : settings.agent;
}

/** "Claude Code (ACP)": how the header and the picker name ACP agent `id`. */
export function acpAgentLabel(id: string, settings: Pick<AgentSettings, 'acpAgents'>): string {
  return vscode.l10n.t('{0} (ACP)', acpAgentTitle(id, settings.acpAgents) ?? id);
}

/**
 * What the chosen agent would run in `cwd`: the user's environment is the agent's (it is the user's own program, with
 * its own key).
 */
export function resolveChosenAgent(
  id: string,
  settings: Pick<AgentSettings, 'acpAgents'>,
  cwd: string,
): AcpAgentResolution {
  return resolveAcpAgent(id, settings.acpAgents, process.env, cwd);
}

/** The header's line for a chosen ACP agent: its name, and why it cannot start when it cannot. */
export function acpAgentView(id: string, settings: AgentSettings, cwd: string | undefined): ProviderView {
  const resolved = resolveChosenAgent(id, settings, cwd ?? process.cwd());
  return {
    id: settings.provider,
    model: id,
    isDemo: false,
    agent: acpAgentLabel(id, settings),
    problem: resolved.ok ? null : resolved.message,
  };
}
