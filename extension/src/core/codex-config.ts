// Codex's plan tool in its user config, `$CODEX_HOME/config.toml` (`~/.codex` by
// default). Since 0.152 Codex offers its model `update_plan` only when
// `tools.update_plan.enabled = true`: unset, the tool is off by default; `false` is the
// user's choice, which nothing here overrides. Where the file is and its text (bounded);
// what the text says is codex-plan-tool.ts, which loads the TOML parser, so that what
// the extension host loads at start (the catalog, the session view) carries none.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { brandedError, errorGuard } from './error-brand';

/** How the config leaves the plan tool. */
export type CodexPlanTool = 'on' | 'off-by-default' | 'off-by-choice';

/** The key, as Codex's docs and `-c` name it. */
export const CODEX_PLAN_TOOL_KEY = 'tools.update_plan.enabled';
/** The `-c` override that turns the tool on for one Codex process. */
export const CODEX_PLAN_TOOL_OVERRIDE = `${CODEX_PLAN_TOOL_KEY}=true`;
/** A config larger than this is not read (Codex's own are a few KiB). */
const CODEX_CONFIG_MAX_BYTES = 1024 * 1024;

/** The config cannot be read, is too large, or is not TOML whose `tools.update_plan` is a table. */
export class CodexConfigError extends brandedError('CodexConfigError') {
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
