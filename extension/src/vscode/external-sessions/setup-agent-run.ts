// What runs Set Up for Another Agent… (setup-agent.ts says what it does and registers
// it), loaded at its first run.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SETUP_AGENTS, setupSnippet, type SetupAgent } from '../../core/mcp/setup-snippets';
import { WORKSPACE_SESSIONS_DIR } from '../session/workspace-sessions';
import type { McpLauncher } from './mcp-launcher';
import type { SetUpAgentOptions } from './setup-agent';

interface AgentPick extends vscode.QuickPickItem {
  agent: SetupAgent;
}

/** What the user is told once the agent's snippet is on the clipboard. */
const COPIED: Record<SetupAgent, () => string> = {
  'claude-code': () =>
    vscode.l10n.t(
      // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
      'Agent Checklist: the Claude Code command is on the clipboard. Run it in a terminal in this workspace, then restart Claude Code.',
    ),
  codex: () => vscode.l10n.t('Agent Checklist: the Codex config is on the clipboard. Add it to ~/.codex/config.toml.'),
  'gemini-cli': () =>
    vscode.l10n.t('Agent Checklist: the Gemini CLI config is on the clipboard. Merge it into ~/.gemini/settings.json.'),
  other: () =>
    vscode.l10n.t(
      "Agent Checklist: the MCP server entry is on the clipboard. Add it to your client's MCP configuration.",
    ),
};

function picks(): AgentPick[] {
  return [
    {
      agent: 'claude-code',
      label: 'Claude Code',
      detail: vscode.l10n.t('A `claude mcp add` command to run in a terminal in this workspace'),
    },
    { agent: 'codex', label: 'Codex', detail: vscode.l10n.t('A [mcp_servers] table for ~/.codex/config.toml') },
    {
      agent: 'gemini-cli',
      label: 'Gemini CLI',
      detail: vscode.l10n.t('An mcpServers entry for ~/.gemini/settings.json'),
    },
    {
      agent: 'other',
      label: vscode.l10n.t('Other MCP client'),
      detail: vscode.l10n.t('An mcpServers entry (JSON) most MCP clients read'),
    },
  ];
}

/** The snippet for the picked (or given) agent, copied to the clipboard; undefined when nothing was. */
export async function setUpAgent(
  launcher: McpLauncher,
  opts: SetUpAgentOptions,
  agentArg: unknown,
): Promise<string | undefined> {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  if (!folder) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: open a folder first; the other agent writes its plans into that folder.'),
    );
    return undefined;
  }
  let agent =
    typeof agentArg === 'string' && (SETUP_AGENTS as readonly string[]).includes(agentArg)
      ? (agentArg as SetupAgent)
      : undefined;
  if (agent === undefined) {
    const picked = await vscode.window.showQuickPick(picks(), {
      title: vscode.l10n.t('Agent Checklist: Set Up for Another Agent'),
      placeHolder: vscode.l10n.t('Which agent should show its plan here?'),
    });
    if (!picked) return undefined;
    agent = picked.agent;
  }
  const snippet = setupSnippet(agent, {
    launcher: await launcher.ensure(),
    sessionDir: path.join(folder.uri.fsPath, WORKSPACE_SESSIONS_DIR),
    allowParallelInProgress: opts.allowParallelInProgress(),
    platform: process.platform === 'win32' ? 'windows' : 'posix',
  });
  await vscode.env.clipboard.writeText(snippet.text);
  void vscode.window.showInformationMessage(COPIED[snippet.agent]());
  return snippet.text;
}
