// Agent Checklist: Set Up for Another Agent… — pick Claude Code, Codex, Gemini CLI or
// another MCP client; the exact command or config snippet (the launcher in the global
// storage, which starts the current version's dist/cli.js; this workspace's session
// folder; the todo policy setting) is copied to the clipboard. With an agent id as
// argument (tests, other extensions) it skips the pick; it returns the snippet. The
// launcher is rewritten at registration (each activation), so what an update moved is
// current before any agent needs it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { word } from '../host/l10n-words';
import { SETUP_AGENTS, setupSnippet, type SetupAgent } from '../../core/mcp/setup-snippets';
import { WORKSPACE_SESSIONS_DIR } from '../session/workspace-sessions';
import { McpLauncher } from './mcp-launcher';

export const SET_UP_AGENT_COMMAND = 'agentChecklist.setUpAgent';

interface AgentPick extends vscode.QuickPickItem {
  agent: SetupAgent;
}

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

export function registerSetUpAgentCommand(opts: {
  extension: vscode.Extension<unknown>;
  globalStorageDir: string;
  allowParallelInProgress: () => boolean;
  log: vscode.LogOutputChannel;
}): vscode.Disposable {
  const launcher = new McpLauncher(opts.extension, opts.globalStorageDir);
  launcher.ensure().then(
    (file) => opts.log.info(`the MCP launcher is ${file}`),
    (error: unknown) => opts.log.warn(`could not write the MCP launcher: ${String(error)}`),
  );
  return vscode.commands.registerCommand(
    SET_UP_AGENT_COMMAND,
    async (agentArg?: unknown): Promise<string | undefined> => {
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
      void vscode.window.showInformationMessage(word(`copied.${snippet.agent}`));
      return snippet.text;
    },
  );
}
