// The ACP agents a user can run: the built-in entries (the agents whose ACP command is
// known), with the user's own entries (setting `agentChecklist.acpAgents`, one id
// each) merged over them: a user entry with a built-in id replaces it. A built-in
// entry names one or more commands; the first found on PATH is the one run. Nothing
// here starts a process: `resolveAcpAgent` says what would run, or why nothing can
// (an unknown id, a command not installed — with how to install it).
//
// The agent process gets the user's environment plus the entry's `env`: it is the
// user's own agent, with its own key and settings (docs/agents.md). The built-in Codex
// entry starts with its plan tool on (`-c tools.update_plan.enabled=true`, off by default
// since Codex 0.152), unless the user's config.toml turns it off: its launch says so
// (`codexPlanTool`), the config is read as the process starts (acp-agent-child.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import '../zod-english';
import { sourceLabel, type SessionSource } from '../session/source';

/** One user entry of `agentChecklist.acpAgents` (the settings' schema reuses this). */
const acpAgentEntrySchema = z.strictObject({
  title: z.exactOptional(z.string().check(z.minLength(1))),
  command: z.string().check(z.minLength(1)),
  args: z.exactOptional(z.array(z.string())),
  env: z.exactOptional(
    z.record(
      z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'variable names are letters, digits and _')),
      z.string(),
    ),
  ),
});

/** The whole setting: `{ "<id>": entry }`. */
export const acpAgentsSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9._-]+$/, 'agent ids are letters, digits, dot, dash and underscore')),
  acpAgentEntrySchema,
);
export type AcpAgentEntries = z.infer<typeof acpAgentsSchema>;

interface BuiltInAgent {
  title: string;
  /** Candidate commands, in order of preference: `[command, ...args]`. */
  commands: readonly (readonly [string, ...string[]])[];
  install: string;
  /** Variables the agent starts with unless the user's entry or environment sets them. */
  env?: Readonly<Record<string, string>>;
  /** Codex: started with its plan tool on unless the user's config turns it off (core/codex-plan-tool.ts). */
  codexPlanTool?: true;
}

const BUILT_IN_ACP_AGENTS = {
  'claude-code': {
    title: 'Claude Code',
    commands: [['claude-agent-acp'], ['claude-code-acp']],
    install: 'npm install -g @zed-industries/claude-agent-acp',
    // Claude Code withholds its plan tools from its newest models unless this is set (README: Claude Code's task list).
    env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' },
  },
  codex: {
    title: 'Codex',
    commands: [['codex-acp']],
    install: 'npm install -g @zed-industries/codex-acp',
    codexPlanTool: true,
  },
  gemini: { title: 'Gemini CLI', commands: [['gemini', '--acp']], install: 'npm install -g @google/gemini-cli' },
  opencode: { title: 'opencode', commands: [['opencode', 'acp']], install: 'npm install -g opencode-ai' },
  copilot: { title: 'GitHub Copilot CLI', commands: [['copilot', '--acp']], install: 'npm install -g @github/copilot' },
} as const satisfies Record<string, BuiltInAgent>;
export type BuiltInAcpAgentId = keyof typeof BUILT_IN_ACP_AGENTS;
export const BUILT_IN_ACP_AGENT_IDS = Object.keys(BUILT_IN_ACP_AGENTS) as BuiltInAcpAgentId[];

/**
 * What runs an agent: the program (a path found on PATH, or as the user wrote it), its arguments and extra environment.
 */
export interface AcpAgentLaunch {
  id: string;
  title: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The built-in Codex: its plan tool's `-c` override is added as it starts, unless its config says `false`. */
  codexPlanTool?: true;
}

export type AcpAgentResolution = { ok: true; launch: AcpAgentLaunch } | { ok: false; message: string };

/**
 * `command` as found: a path (with a slash) as is when it is an
 * executable file, else the first executable of that name on PATH.
 */
function findCommand(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): string | undefined {
  const executable = (file: string): boolean => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes(path.sep)) {
    const file = path.resolve(cwd, command);
    return executable(file) ? file : undefined;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, command);
    if (executable(file)) return file;
  }
  return undefined;
}

/** The ids a user can pick: the built-in ones and the user's, each once. */
export function acpAgentIds(entries: AcpAgentEntries): string[] {
  return [...new Set([...BUILT_IN_ACP_AGENT_IDS, ...Object.keys(entries)])];
}

function isBuiltIn(id: string): id is BuiltInAcpAgentId {
  return Object.hasOwn(BUILT_IN_ACP_AGENTS, id);
}

/** How people name agent `id` (the user's title, else the built-in one); undefined for an id no one defined. */
export function acpAgentTitle(id: string, entries: AcpAgentEntries): string | undefined {
  const user = Object.hasOwn(entries, id) ? entries[id] : undefined;
  if (user?.title !== undefined) return user.title;
  if (isBuiltIn(id)) return BUILT_IN_ACP_AGENTS[id].title;
  return user === undefined ? undefined : id;
}

/** `own` plus the built-in agent's defaults that neither `own` nor the environment `set` names. */
function builtInEnv(
  id: string,
  set: Readonly<Record<string, string | undefined>>,
  own: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const defaults: Readonly<Record<string, string>> = isBuiltIn(id)
    ? ((BUILT_IN_ACP_AGENTS[id] as BuiltInAgent).env ?? {})
    : {};
  const added = Object.entries(defaults).filter(([name]) => set[name] === undefined);
  return { ...Object.fromEntries(added), ...own };
}

/** What `id` would run here, or why nothing can run (nothing is started either way). */
export function resolveAcpAgent(
  id: string,
  entries: AcpAgentEntries,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): AcpAgentResolution {
  const user = Object.hasOwn(entries, id) ? entries[id] : undefined;
  if (user !== undefined) {
    const found = findCommand(user.command, env, cwd);
    const title = user.title ?? (isBuiltIn(id) ? BUILT_IN_ACP_AGENTS[id].title : id);
    if (found === undefined)
      return {
        ok: false,
        message:
          `${title}: the command ${JSON.stringify(user.command)} was not found (on PATH, ` +
          `or as a path); install it or correct agentChecklist.acpAgents.${id}.command`,
      };
    return {
      ok: true,
      launch: {
        id,
        title,
        command: found,
        args: [...(user.args ?? [])],
        env: builtInEnv(id, { ...env, ...user.env }, user.env),
      },
    };
  }
  if (!isBuiltIn(id))
    return {
      ok: false,
      message:
        `no ACP agent ${JSON.stringify(id)}: the known ones are ` +
        `${acpAgentIds(entries).join(', ')} (add others in agentChecklist.acpAgents)`,
    };
  const agent = BUILT_IN_ACP_AGENTS[id];
  for (const [command, ...args] of agent.commands) {
    const found = findCommand(command, env, cwd);
    if (found !== undefined) {
      const codex = (agent as BuiltInAgent).codexPlanTool === true ? { codexPlanTool: true as const } : {};
      return {
        ok: true,
        launch: { id, title: agent.title, command: found, args, env: builtInEnv(id, env, {}), ...codex },
      };
    }
  }
  const names = agent.commands.map((c) => c[0]).join(' or ');
  return {
    ok: false,
    message:
      `${agent.title} is not installed: ${names} was not found on PATH. Install it ` +
      `with \`${agent.install}\`, or name its command in agentChecklist.acpAgents.${id}`,
  };
}

/** A launch from a command line the user typed (`run --agent-command`): its first word found on PATH. */
export function launchFromWords(
  words: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): AcpAgentResolution {
  const [command, ...args] = words;
  if (command === undefined) return { ok: false, message: 'the agent command is empty' };
  const found = findCommand(command, env, cwd);
  if (found === undefined)
    return { ok: false, message: `the agent command ${JSON.stringify(command)} was not found (on PATH, or as a path)` };
  return {
    ok: true,
    launch: { id: path.basename(command), title: path.basename(command), command: found, args, env: {} },
  };
}

/**
 * Which agent continues a session: null for a session that is not an ACP agent's;
 * else the name its agent goes by (`agent`, its label's: the rule a prompt continues a
 * session by, source.ts isAcpSessionOf) and the ids of the entries with that title
 * (`ids`: those of `preferred` first, then the user's, then the built-ins; none when no
 * entry has it any longer).
 */
export function acpAgentOfSession(
  source: SessionSource | undefined,
  entries: AcpAgentEntries,
  preferred: readonly string[] = [],
): { agent: string; ids: string[] } | null {
  const label = sourceLabel(source, 'agent');
  if (label.kind !== 'acp') return null;
  const ids = [...new Set([...preferred, ...Object.keys(entries), ...BUILT_IN_ACP_AGENT_IDS])];
  return { agent: label.agent, ids: ids.filter((id) => acpAgentTitle(id, entries) === label.agent) };
}

/** The first of `ids` that resolves, else the first's reason (null with no ids). */
export function firstResolved(
  ids: readonly string[],
  resolve: (id: string) => AcpAgentResolution,
): AcpAgentResolution | null {
  let first: AcpAgentResolution | null = null;
  for (const id of ids) {
    const resolved = resolve(id);
    if (resolved.ok) return resolved;
    first ??= resolved;
  }
  return first;
}
