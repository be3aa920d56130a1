// What Codex's config.toml says of its plan tool (codex-config.ts: where it is, why it
// matters), read with smol-toml. Its own module so the TOML parser loads only where it
// is needed: the CLI's import, the ACP agent's start (the lazy acp-client bundle), the
// Turn On command, and the host's notice (lazily, through Codex's descriptor).
import * as fs from 'node:fs';
import { parse, type TomlTable } from 'smol-toml';
import {
  CODEX_PLAN_TOOL_KEY,
  CODEX_PLAN_TOOL_OVERRIDE,
  CodexConfigError,
  codexConfigFile,
  codexHomeOf,
  isCodexConfigError,
  readCodexConfig,
  type CodexPlanTool,
} from './codex-config';

function parseConfig(text: string): TomlTable {
  try {
    return parse(text);
  } catch (error) {
    throw new CodexConfigError(`it is not valid TOML: ${(error as Error).message.split('\n')[0]}`);
  }
}

const isTable = (value: unknown): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The plan tool as the config's text (undefined: no file) leaves it; a CodexConfigError if Codex could not. */
export function codexPlanToolOf(text: string | undefined): CodexPlanTool {
  if (text === undefined) return 'off-by-default';
  return planToolOfTable(parseConfig(text));
}

function planToolOfTable(config: TomlTable): CodexPlanTool {
  const tools = config.tools;
  if (tools === undefined) return 'off-by-default';
  if (!isTable(tools)) throw new CodexConfigError('its "tools" is not a table');
  const plan = tools.update_plan;
  if (plan === undefined) return 'off-by-default';
  if (!isTable(plan)) throw new CodexConfigError('its "tools.update_plan" is not a table');
  if (plan.enabled === undefined) return 'off-by-default';
  if (typeof plan.enabled !== 'boolean') throw new CodexConfigError(`its ${CODEX_PLAN_TOOL_KEY} is not true or false`);
  return plan.enabled ? 'on' : 'off-by-choice';
}

let lastRead: { file: string; stamp: string; tool: CodexPlanTool | undefined } | undefined;

/**
 * The plan tool as `file` leaves it now, undefined when the file cannot be read or
 * parsed (then nothing can be said). Read again only when the file's size or time changed.
 */
export function currentCodexPlanTool(file: string): CodexPlanTool | undefined {
  let stamp: string;
  try {
    const stat = fs.statSync(file);
    stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch (error) {
    stamp = (error as NodeJS.ErrnoException).code ?? 'error';
  }
  if (lastRead?.file === file && lastRead.stamp === stamp) return lastRead.tool;
  let tool: CodexPlanTool | undefined;
  try {
    tool = codexPlanToolOf(readCodexConfig(file));
  } catch (error) {
    if (!isCodexConfigError(error)) throw error;
    tool = undefined;
  }
  lastRead = { file, stamp, tool };
  return tool;
}

/**
 * The arguments that start codex-acp with its plan tool on (`-c`, for that process only),
 * none when the user's config (in `env`'s CODEX_HOME) turns the tool off.
 */
export function codexPlanToolArgs(env: Readonly<Record<string, string | undefined>>): string[] {
  const planTool = currentCodexPlanTool(codexConfigFile(codexHomeOf(env)));
  return planTool === 'off-by-choice' ? [] : ['-c', CODEX_PLAN_TOOL_OVERRIDE];
}
