// What "Set Up for Another Agent…" hands the user: the exact command or config
// snippet that makes their agent start `agent-checklist mcp` (this installation's
// dist/cli.js) writing into this workspace's session folder, where the editor
// follows it. Pure: the adapter supplies the paths and copies the text.

export const SETUP_AGENTS = ['claude-code', 'codex', 'gemini-cli', 'other'] as const;
export type SetupAgent = (typeof SETUP_AGENTS)[number];

export interface SetupTarget {
  /** The Node.js program the agent runs the server with (`node`). */
  node: string;
  /** Absolute path of the installed extension's dist/cli.js. */
  cliPath: string;
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

export const SERVER_KEY = 'agent-checklist';

export function serverArgs(target: SetupTarget): string[] {
  return [
    target.cliPath,
    'mcp',
    '--session-dir',
    target.sessionDir,
    '--allow-parallel-in-progress',
    String(target.allowParallelInProgress),
  ];
}

/** One shell word: left bare when safe, else quoted for the platform. */
export function shellWord(word: string, platform: SetupTarget['platform']): string {
  if (/^[A-Za-z0-9_./:=@+-]+$/.test(word)) return word;
  if (platform === 'windows') return `"${word.replace(/"/g, '\\"')}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const tomlString = (s: string): string => JSON.stringify(s); // TOML basic strings escape like JSON

export function setupSnippet(agent: SetupAgent, target: SetupTarget): SetupSnippet {
  const args = serverArgs(target);
  switch (agent) {
    case 'claude-code':
      // `claude mcp add <name> -- <command> [args…]`; project scope writes .mcp.json, shared with the repository.
      return {
        agent,
        format: 'command',
        text: ['claude', 'mcp', 'add', '--scope', 'project', SERVER_KEY, '--', target.node, ...args]
          .map((w) => shellWord(w, target.platform))
          .join(' '),
      };
    case 'codex':
      // ~/.codex/config.toml
      return {
        agent,
        format: 'toml',
        text: `[mcp_servers.${SERVER_KEY}]\ncommand = ${tomlString(target.node)}\nargs = [${args.map(tomlString).join(', ')}]\n`,
      };
    case 'gemini-cli':
      // .gemini/settings.json in the workspace (or ~/.gemini/settings.json)
      return {
        agent,
        format: 'json',
        text: `${JSON.stringify({ mcpServers: { [SERVER_KEY]: { command: target.node, args } } }, null, 2)}\n`,
      };
    case 'other':
      // The `mcpServers` shape most MCP clients read (Claude Desktop, Cursor, Windsurf, …).
      return {
        agent,
        format: 'json',
        text: `${JSON.stringify({ mcpServers: { [SERVER_KEY]: { type: 'stdio', command: target.node, args } } }, null, 2)}\n`,
      };
  }
}
