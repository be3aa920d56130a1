// Agent Checklist: Set Up for Another Agent… — pick Claude Code, Codex, Gemini CLI or
// another MCP client; the exact command or config snippet (the launcher in the global
// storage, which starts the current version's dist/cli.js; this workspace's session
// folder; the todo policy setting) is copied to the clipboard. With an agent id as
// argument (tests, other extensions) it skips the pick; it returns the snippet. The
// launcher is rewritten at registration (each activation), so what an update moved is
// current before any agent needs it.
import * as vscode from 'vscode';

const SET_UP_AGENT_COMMAND = 'agentChecklist.setUpAgent';

export interface SetUpAgentOptions {
  extension: vscode.Extension<unknown>;
  globalStorageDir: string;
  allowParallelInProgress: () => boolean;
  log: vscode.LogOutputChannel;
}

/** Registered at start (the launcher with it); what runs it (setup-agent-run.ts) loads at its first run. */
export function registerSetUpAgentCommand(opts: SetUpAgentOptions): vscode.Disposable {
  // Its code loads beside activation, not in it; the launcher is written all the same.
  const launcher = import('./mcp-launcher').then(
    ({ McpLauncher }) => new McpLauncher(opts.extension, opts.globalStorageDir),
  );
  launcher
    .then((made) => made.ensure())
    .then(
      (file) => opts.log.info(`the MCP launcher is ${file}`),
      (error: unknown) => opts.log.warn(`could not write the MCP launcher: ${String(error)}`),
    );
  return vscode.commands.registerCommand(SET_UP_AGENT_COMMAND, async (agentArg?: unknown) =>
    (await import('./setup-agent-run')).setUpAgent(await launcher, opts, agentArg),
  );
}
