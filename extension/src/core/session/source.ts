// Who wrote a session log: our own agent in the editor, a CLI `run`, an MCP client
// through `agent-checklist mcp`, a chat participant through the VS Code
// language-model tool, or another agent's own session file brought in by
// `agent-checklist import` (`imported`: the agent, its version, the file read), or an
// ACP agent we run (`acp`: its agentInfo). Recorded once, in the header (`source`), so every surface can
// label a session without guessing from where the file lives.
//
// Forward compatible on purpose: a source this build does not know (a newer writer's
// kind) parses as "no source" instead of refusing the whole log.
import * as z from 'zod/mini';

/**
 * The `name` of an `imported` source: the id of the agent whose own session file was
 * read (core/import/followed-agents.ts lists them; this layer knows none of them).
 */
const importedAgentId = z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]{0,63}$/));

const mcpClientInfoSchema = z.strictObject({
  /** The client's `clientInfo.name` from `initialize` (a slug, e.g. `cursor`). */
  name: z.string(),
  version: z.string(),
  /** `clientInfo.title`, when the client sends one. */
  title: z.exactOptional(z.string()),
});
export type McpClientInfo = z.infer<typeof mcpClientInfoSchema>;

const knownSourceSchema = z.union([
  z.strictObject({ kind: z.literal('agent') }),
  z.strictObject({ kind: z.literal('cli') }),
  z.strictObject({ kind: z.literal('chat') }),
  z.extend(mcpClientInfoSchema, { kind: z.literal('mcp') }),
  z.strictObject({ kind: z.literal('imported'), name: importedAgentId, version: z.string(), file: z.string() }),
  /** An ACP agent we drive (core/acp-client): its `agentInfo` from `initialize`. */
  z.strictObject({ kind: z.literal('acp'), name: z.string(), version: z.string(), title: z.exactOptional(z.string()) }),
]);
export type SessionSource = z.infer<typeof knownSourceSchema>;

/** An unknown or malformed source reads as undefined (the log still opens). */
export const sessionSourceSchema = z.catch(z.optional(knownSourceSchema), undefined);

/**
 * Display names of MCP clients whose `clientInfo.name` is a slug: the names those programs give themselves as MCP
 * clients (the MCP server's feature, like core/mcp/setup-snippets.ts), not the followed agents' descriptors.
 */
const KNOWN_MCP_CLIENTS: Record<string, string> = {
  'claude-code': 'Claude Code',
  'claude-ai': 'Claude',
  'codex-mcp-client': 'Codex',
  codex: 'Codex',
  'gemini-cli-mcp-client': 'Gemini CLI',
  'gemini-cli': 'Gemini CLI',
  'Visual Studio Code': 'VS Code',
  cursor: 'Cursor',
};

/** ACP agents whose `agentInfo` names the adapter, not the agent people know ("Claude Agent" is Claude Code). */
const KNOWN_ACP_AGENTS: Record<string, string> = {
  '@zed-industries/claude-agent-acp': 'Claude Code',
  '@zed-industries/claude-code-acp': 'Claude Code',
};

/** The client's name as people say it: its title, a known slug's name, else the name. */
function mcpClientDisplayName(client: McpClientInfo): string {
  return client.title?.trim() || KNOWN_MCP_CLIENTS[client.name] || client.name.trim() || 'MCP client';
}

/** The words a session list shows for a source (English; adapters localize the fixed ones). */
export type SourceLabel =
  | { kind: 'agent' | 'cli' | 'chat' }
  | { kind: 'mcp'; client: string }
  /** An imported agent's session: the agent's id (adapters name it from its descriptor). */
  | { kind: 'imported'; agentId: string }
  | { kind: 'acp'; agent: string };

/**
 * A header without `source` (logs written before sources were recorded) is labelled
 * by where it lives: `fallback` is 'agent' for the editor's own folder, 'cli' for a
 * workspace's `.agent-checklist/sessions`.
 */
export function sourceLabel(source: SessionSource | undefined, fallback: 'agent' | 'cli'): SourceLabel {
  if (source === undefined) return { kind: fallback };
  if (source.kind === 'mcp') return { kind: 'mcp', client: mcpClientDisplayName(source) };
  if (source.kind === 'imported') return { kind: 'imported', agentId: source.name };
  if (source.kind === 'acp')
    return {
      kind: 'acp',
      agent: KNOWN_ACP_AGENTS[source.name] ?? (source.title?.trim() || source.name.trim() || 'ACP agent'),
    };
  return { kind: source.kind };
}

/**
 * A session our own agent continues: its own (`agent`) or one written before
 * sources were recorded. Others (MCP, CLI, Chat) are only shown, never reopened for
 * writing by the editor: their writer is another program.
 */
function isOwnAgentSession(source: SessionSource | undefined): boolean {
  return source === undefined || source.kind === 'agent';
}

/**
 * A session the editor writes and reopens for writing: our own agent's, or
 * an ACP agent's it drives (its agent started again on the next prompt).
 */
export function isEditorSession(source: SessionSource | undefined): boolean {
  return isOwnAgentSession(source) || source?.kind === 'acp';
}

/** An ACP session of the agent people call `title` (its label's name): the session a prompt to that agent continues. */
export function isAcpSessionOf(source: SessionSource | undefined, title: string): boolean {
  const label = sourceLabel(source, 'agent');
  return label.kind === 'acp' && label.agent === title;
}

/**
 * A log that records its agent's tool calls (our agent, the CLI's `run`, an ACP agent
 * we drive), so an item with none can be said to have no work recorded. An MCP
 * client's, a chat participant's and an imported agent's logs hold only the plan.
 */
export function recordsToolCalls(source: SessionSource | undefined): boolean {
  return source === undefined || source.kind === 'agent' || source.kind === 'cli' || source.kind === 'acp';
}
