// CLI text and the usage error. Exit codes: 0 ok, 1 the session or log failed, 2 bad usage.
import * as path from 'node:path';
import { toolCatalog } from '../core/tools/built-in';
import type { ToolCatalog } from '../core/tools/catalog';
import { BUILT_IN_ACP_AGENT_IDS } from '../core/acp-client/agent-catalog';
import { brandedError, errorGuard } from '../core/error-brand';
import { FOLLOWED_AGENTS } from '../core/import/followed-agents';
import { CHECKPOINTS, PLAN_COMMANDS } from './usage-plan';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * A usage error, as printed: ONE line with what is wrong and where to read more
 * (`agent-checklist run --help`), never the whole usage text.
 */
export function usageErrorLine(message: string, command: string | undefined): string {
  const oneLine = message.replace(/\s*\n\s*/g, ' ');
  return `agent-checklist: ${oneLine} (see \`agent-checklist ${command === undefined ? '' : `${command} `}--help\`)`;
}

export class UsageError extends brandedError('UsageError') {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Whether `value` is an UsageError, whichever bundle's copy of the class made it. */
export const isUsageError = errorGuard<UsageError>('UsageError');

/** `a`, `a and b`, `a, b and c`. */
function andList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The `--tools` line, listing the catalog's tools (built-in and registered), wrapped like the other options. */
function toolsOption(catalog: ToolCatalog): string {
  const indent = ' '.repeat(41);
  const words =
    `comma-separated tools to enable (default: all of them, as in the extension): ${catalog.names().join(', ')}`.split(
      ' ',
    );
  const lines = ['  --tools <list>                         '];
  for (const word of words) {
    const line = lines[lines.length - 1]!;
    if (line.trim() !== '--tools <list>' && line.length + word.length + 1 > 97) lines.push(indent + word);
    else lines[lines.length - 1] = line.endsWith(' ') ? line + word : `${line} ${word}`;
  }
  return lines.join('\n');
}

/** `import`'s line for each agent that keeps its sessions in one database (named by its file). */
const databaseSynopsis = FOLLOWED_AGENTS.flatMap(({ reading }) =>
  reading.kind === 'database'
    ? [`  agent-checklist import <${path.basename(reading.file(''))}> [--cwd <folder>] [--session-dir <dir>]`]
    : [],
).join('\n');

/** `import`'s help: each followed agent's files, its reader's text (ReaderTexts), loaded when help is asked for. */
const importHelp = (): string => {
  const help = (kind: string) =>
    FOLLOWED_AGENTS.filter((a) => a.reading.kind === kind).map((a) => a.reading.load().importHelp);
  const databases = help('database').map((text) => `${text}.`);
  return [
    'import: one of these (told apart by its content)',
    ...help('jsonl').map((text) => `- ${text}`),
    `made into a session log in --session-dir (default: .agent-checklist/sessions): one plan
version per plan write, at the agent's own times. Importing the same file again
(after the agent went on) rewrites the same log. Prints the log's path last.`,
    ...databases,
  ].join('\n');
};

/** Every command's synopsis. */
const SYNOPSIS = `Usage:
  agent-checklist --version
  agent-checklist plan <log.jsonl> [--format text|json|markdown] [--at <seq>]
  agent-checklist history <log.jsonl> [--format json|text|markdown]
  agent-checklist history <log.jsonl> --diff [--from <seq>] [--format text|json]
  agent-checklist comment <log.jsonl> --item <n> <text> | --resolve <seq>
  agent-checklist comments <log.jsonl> [--format text|json]
  agent-checklist edit <log.jsonl> --set <n>=<status> | --add <text> | --remove <n>
                       | --from-file <file> [--allow-parallel-in-progress true|false]
                       | --check <n>=<command> | --check <n>=
  agent-checklist verify <log.jsonl> [--item <n> | --due] [--yes] [--timeout-seconds <s>]
                         [--bash-network] [--keep-env <names>]
  agent-checklist check <log.jsonl>
  agent-checklist export <log.jsonl> [--format markdown|json]
  agent-checklist run [options] <prompt>
  agent-checklist run --session <id> [options]      (goes on from a plan decision)
  agent-checklist run --session <id> --item <n> [options]   (starts plan item n)
  agent-checklist run --session <id> --all [options]        (runs the pending items in turn)
  agent-checklist run --session <id> --parallel [<n>] [--items 2,3,5] [--from-head]
                      [--agent <id> | options]               (runs ready items at once)
  agent-checklist merge <log.jsonl> --item <n>
  agent-checklist discard <log.jsonl> --item <n>
  agent-checklist run --from <log.jsonl> [--agent <id> | options] <prompt>
  agent-checklist approve <log.jsonl> [--reject ["<feedback>"]]
  agent-checklist run --session <id> --comments [options] [<prompt>]
  agent-checklist run --agent <id> | --agent-command "<command line>" [--cwd <dir>]
                      [--session-dir <dir>] [--yes] [--json] <prompt>
  agent-checklist mcp [--session-dir <dir>] [--allow-parallel-in-progress true|false]
                      [--plan-file <path>]
  agent-checklist board [--session-dir <dir>] [--cwd <repo>] [--plan-file <path>]
                        [--format text|json]
  agent-checklist acp [run options except --session, --cwd, --compact, --json]
  agent-checklist import <file> [--session-dir <dir>]
${databaseSynopsis}
  agent-checklist changes <log.jsonl> --item <n> [--format patch|json]
  agent-checklist revert <log.jsonl> --item <n> [--yes]`;

/** The options of `run`, with the catalog's tools. */
const runOptions = (catalog: ToolCatalog): string => `run options:
  --provider scripted|openai|anthropic   the model (default: scripted)
  --script <file>                        scripted model file (with --provider scripted)
  --base-url <url>                       OpenAI-compatible or Anthropic endpoint
  --model <name>                         model name
  --api-key-env <VAR>                    environment variable holding the API key (default:
                                         OPENAI_API_KEY, DEEPSEEK_API_KEY for a deepseek base URL,
                                         ANTHROPIC_API_KEY); set it to an empty string for a local
                                         server that needs no key. Keys are never printed or logged.
  --session-dir <dir>                    where session logs live (default: .agent-checklist/sessions)
  --session <id>                         continue a stored session with a new turn (its own agent's)
  --allow-parallel-in-progress true|false
                                         todo_write policy (required when todo_write is enabled)
${toolsOption(catalog)}
  --max-steps <n>                        model requests per turn at most (default: 200)
  --context-window <tokens>              the model's context window (default 0: the provider's known
                                         window); the history is compacted before a request would
                                         pass 80% of it, and when the provider says it is too long
  --compact                              summarize the session's history before the prompt
  --plan-first                           the model investigates (read-only tools) and proposes a
                                         plan before it works; on a terminal: a approve, e edit
                                         in $EDITOR, r reject with feedback
  --approve-plan                         with --plan-first: approve the proposed plan at once
  --reapprove-on-scope-change on|off     with plan first, after the approval: a write that adds or
                                         rewords items asks again (exit 3; default: on)
  --verify-completion on|off             tell the model once, in its next request, which items it
                                         marked completed with no work recorded or after a failed
                                         command (default: on)
  --cwd <dir>                            the workspace the tools act on (default: the current folder);
                                         paths outside it are refused
  --yes, -y                              approve every bash command and file write without asking
  --checkpoints on|off                   checkpoints of the workspace before its changes (default: on),
                                         for changes and revert (our agent only, not --agent)
  --bash-network                         let bash reach the network (its sandbox has none by default)
  --keep-env <list>                      comma-separated variables bash keeps although their names
                                         contain KEY, TOKEN, SECRET or PASSWORD (the provider's key
                                         variable is never passed)
  --json                                 print { sessionId, logPath, finalText, plan, turnEnd,
                                         context: { promptTokens, window, estimated, compactions },
                                         rules }
  --agent <id>                           run an ACP agent instead of ours: ${BUILT_IN_ACP_AGENT_IDS.join(', ')}
                                         (its command found on PATH)
  --agent-command "<command line>"       an ACP agent's command line, split as a shell splits words
                                         (quotes honoured, nothing expanded)`;

/** The commands that serve or drive another agent: run --agent, mcp, acp, import. */
const OTHER_AGENTS = `run --agent / --agent-command: one turn of another agent over the Agent Client
Protocol, on the same session log as ours (its plans, tool calls and approvals). The
agent gets your environment and uses its own model, key and tools; its permission
requests are asked on a terminal (its own options), answered with its allow option
under --yes, and rejected otherwise. --json prints { sessionId, logPath, finalText,
plan, turnEnd }. The flags that choose our model and tools are ignored; --compact
does not apply. run --session <id> [--item <n>] of an ACP agent's session goes on
with that session's own agent (its built-in found on PATH, or --agent-command);
one no built-in names any longer is refused, naming it.

mcp: a stdio MCP server for the agent you already use (any MCP client): todo_write
(the same contract) and todo_read. Each connection is one
session log in --session-dir (default: .agent-checklist/sessions), which the editor
shows live. --allow-parallel-in-progress is required. Stdout carries only the protocol.
--plan-file: the session's standing plan is kept in that file too, as plan --format
markdown prints it (relative to the current folder), so it travels with a branch.

acp: our agent (the same model, tools and approvals as run) as an Agent Client
Protocol agent on stdio, for Zed, JetBrains or any ACP client: its plan is sent as
plan updates, bash and file writes are asked as permission requests. Each ACP
session is a session log in --session-dir (default: the session's folder's
.agent-checklist/sessions); session/load resumes one. Stdout carries only the protocol.`;

/** Which of the catalog's tools need approval, and how it is asked. */
const approvals = (catalog: ToolCatalog): string => {
  const asking = andList(catalog.names().filter((n) => catalog.get(n)?.asksApproval === true));
  return `Approvals: ${asking} need the user's approval. With --yes they
run; on a terminal you are asked (y = yes, a = always in this run, anything else = no);
otherwise they are refused and the model is told why.`;
};

/** The usage text; the tools are the catalog's (default: the process's, core/tools/built-in.ts). */
export const usage = (catalog: ToolCatalog = toolCatalog): string =>
  [
    'agent-checklist — the Agent Checklist core, headless',
    SYNOPSIS,
    runOptions(catalog),
    OTHER_AGENTS,
    importHelp(),
    PLAN_COMMANDS,
    CHECKPOINTS,
    approvals(catalog),
    'Exit codes: 0 ok, 1 the session or log failed, 2 bad usage.\n',
  ].join('\n\n');
