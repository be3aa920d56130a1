// Agent Checklist: Choose Agent (the Agent view's title bar): our own agent, with its
// model, and every ACP agent, built-in or in agentChecklist.acpAgents, each saying
// whether its command is installed (and how to install it when it is not). The choice
// is the user's setting agentChecklist.agent (application scope: written to the user
// settings, never a workspace's). The next prompt runs it: the shown session when it
// is that kind of session, else a new one.
import * as vscode from 'vscode';
import { acpAgentIds } from '../../core/acp-client/agent-catalog';
import type { ProviderView } from '../../core/protocol/messages';
import { BUILTIN_AGENT, readSettings, type AgentSettings } from '../host/settings';
import { acpAgentLabel, resolveChosenAgent } from './acp-agent-choice';

const CHOOSE_AGENT_COMMAND = 'agentChecklist.chooseAgent';

/** What names our own agent's model in the picker (the provider source, passed in from above). */
interface OwnAgentDescriber {
  describe(settings: AgentSettings): ProviderView;
}

interface AgentPick extends vscode.QuickPickItem {
  id: string;
}

export function agentPicks(providers: OwnAgentDescriber, cwd: string): AgentPick[] {
  const { settings } = readSettings();
  const own = providers.describe({ ...settings, agent: BUILTIN_AGENT });
  const picks: AgentPick[] = [
    { id: BUILTIN_AGENT, label: 'Agent Checklist', description: vscode.l10n.t('Model: {0}', own.model || own.id) },
  ];
  for (const id of acpAgentIds(settings.acpAgents)) {
    const resolved = resolveChosenAgent(id, settings, cwd);
    picks.push({
      id,
      label: acpAgentLabel(id, settings),
      description: resolved.ok ? resolved.launch.command : vscode.l10n.t('not installed'),
      ...(resolved.ok ? {} : { detail: resolved.message }),
    });
  }
  return picks.map((p) => (p.id === settings.agent ? { ...p, picked: true, label: `$(check) ${p.label}` } : p));
}

/** Registers the command; it resolves with the chosen id (undefined when dismissed). */
export function registerChooseAgent(providers: OwnAgentDescriber, cwd: () => string): vscode.Disposable {
  return vscode.commands.registerCommand(CHOOSE_AGENT_COMMAND, async (): Promise<string | undefined> => {
    const pick = await vscode.window.showQuickPick(agentPicks(providers, cwd()), {
      title: vscode.l10n.t('Choose the agent your next prompt runs'),
      matchOnDescription: true,
    });
    if (!pick) return undefined;
    await vscode.workspace
      .getConfiguration('agentChecklist')
      .update('agent', pick.id, vscode.ConfigurationTarget.Global);
    return pick.id;
  });
}
