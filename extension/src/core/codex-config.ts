// Codex's plan tool in its user config, `$CODEX_HOME/config.toml` (`~/.codex` by
// default). Since 0.152 Codex offers its model `update_plan` only when
// `tools.update_plan.enabled = true`: unset, the tool is off by default; `false` is the
// user's choice, which nothing here overrides. Here because both the followers and
// import (which explain a Codex session without a plan) and the ACP catalog (which
// turns the tool on for the Codex it starts) read it.
//
// Turning it on is an edit of the file's text, never a rewrite: the lines that say
// `enabled = true` are inserted where TOML lets them stand, and every other byte stays.
// Each candidate edit is proven before it is offered: the new text must parse to the
// old document plus that one key, else the next is tried, and none left is a refusal.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse, type TomlTable } from 'smol-toml';
import { brandedError, errorGuard } from './error-brand';

/** How the config leaves the plan tool. */
export type CodexPlanTool = 'on' | 'off-by-default' | 'off-by-choice';

/** The Codex release from which `update_plan` is off unless the config turns it on. */
export const CODEX_PLAN_TOOL_OFF_SINCE = '0.152.0';
/** The key, as Codex's docs and `-c` name it. */
export const CODEX_PLAN_TOOL_KEY = 'tools.update_plan.enabled';
/** The `-c` override that turns the tool on for one Codex process. */
export const CODEX_PLAN_TOOL_OVERRIDE = `${CODEX_PLAN_TOOL_KEY}=true`;
/** A config larger than this is not read (Codex's own are a few KiB). */
const CODEX_CONFIG_MAX_BYTES = 1024 * 1024;

/** The config cannot be read, is too large, or is not TOML whose `tools.update_plan` is a table. */
class CodexConfigError extends brandedError('CodexConfigError') {
  constructor(message: string) {
    super(message);
    this.name = 'CodexConfigError';
  }
}
export const isCodexConfigError = errorGuard<CodexConfigError>('CodexConfigError');

/** Codex's home as Codex finds it from `env`. */
export function codexHomeOf(env: Readonly<Record<string, string | undefined>>, home = os.homedir()): string {
  return env.CODEX_HOME?.trim() || path.join(home, '.codex');
}

export function codexConfigFile(codexHome: string): string {
  return path.join(codexHome, 'config.toml');
}

/** The config's text, undefined when there is no file; a CodexConfigError for any other failure. */
export function readCodexConfig(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CodexConfigError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size > CODEX_CONFIG_MAX_BYTES) throw new CodexConfigError(`${file} is larger than 1 MiB`);
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch (error) {
    if (isCodexConfigError(error)) throw error;
    throw new CodexConfigError(`cannot read ${file}: ${(error as Error).message}`);
  } finally {
    fs.closeSync(fd);
  }
}

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
