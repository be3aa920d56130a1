// What "Set Up for Another Agent…" hands the user: the exact command or config
// snippet that makes their agent start `agent-checklist mcp` writing into this
// workspace's session folder, where the editor follows it. The program it names is
// the launcher in the extension's global storage (mcp-launcher.ts), so a
// configuration written by one version keeps working after an update, with no `node`
// on the agent's PATH. Claude Code's command uses `--scope local`: the configuration
// names this machine's paths, so it stays out of the repository's shared `.mcp.json`.
// Pure: the adapter supplies the paths and copies the text.

export const SETUP_AGENTS = ['claude-code', 'codex', 'gemini-cli', 'other'] as const;
export type SetupAgent = (typeof SETUP_AGENTS)[number];

export interface SetupTarget {
  /** The program the agent starts: the launcher's absolute path. */
  launcher: string;
  /** Absolute path of the workspace's `.agent-checklist/sessions`. */
  sessionDir: string;
  allowParallelInProgress: boolean;
  /** How to quote for a shell command: POSIX sh or Windows cmd/PowerShell. */
  platform: 'posix' | 'windows';
}

export interface SetupSnippet {
  agent: SetupAgent;
  /** `command`: run it in a terminal; `toml` / `json`: merge it into the named file. */
  format: 'command' | 'toml' | 'json';
  text: string;
}

const SERVER_KEY = 'agent-checklist';

/** The CLI's arguments that serve the workspace's plans over MCP (after the program and, for a runtime, cli.js). */
export function mcpArgs(target: Pick<SetupTarget, 'sessionDir' | 'allowParallelInProgress'>): string[] {
  return [
    'mcp',
    '--session-dir',
    target.sessionDir,
    '--allow-parallel-in-progress',
    String(target.allowParallelInProgress),
  ];
}

/** One shell word: left bare when safe, else quoted for the platform. */
function shellWord(word: string, platform: SetupTarget['platform']): string {
  if (/^[A-Za-z0-9_./:=@+-]+$/.test(word)) return word;
  if (platform === 'windows') return `"${word.replace(/"/g, '\\"')}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const tomlString = (s: string): string => JSON.stringify(s); // TOML basic strings escape like JSON

export function setupSnippet(agent: SetupAgent, target: SetupTarget): SetupSnippet {
  const args = mcpArgs(target);
  const command = target.launcher;
  switch (agent) {
    case 'claude-code':
      // `claude mcp add <name> -- <command> [args…]`; local scope: this project, this machine (~/.claude.json).
      return {
        agent,
        format: 'command',
        text: ['claude', 'mcp', 'add', '--scope', 'local', SERVER_KEY, '--', command, ...args]
          .map((w) => shellWord(w, target.platform))
          .join(' '),
      };
    case 'codex':
      // ~/.codex/config.toml
      return {
        agent,
        format: 'toml',
        text:
          `[mcp_servers.${SERVER_KEY}]\ncommand = ${tomlString(command)}\nargs ` +
          `= [${args.map(tomlString).join(', ')}]\n`,
      };
    case 'gemini-cli':
      // ~/.gemini/settings.json (a workspace's .gemini/settings.json would share this machine's paths)
      return {
        agent,
        format: 'json',
        text: `${JSON.stringify({ mcpServers: { [SERVER_KEY]: { command, args } } }, null, 2)}\n`,
      };
    case 'other':
      // The `mcpServers` shape most MCP clients read (Claude Desktop, Cursor, Windsurf, …).
      return {
        agent,
        format: 'json',
        text: `${JSON.stringify({ mcpServers: { [SERVER_KEY]: { type: 'stdio', command, args } } }, null, 2)}\n`,
      };
  }
}
