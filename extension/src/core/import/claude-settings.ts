// Turning on Claude Code's task list for its next sessions: `"env":
// {"CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"}` merged into its user settings file, every
// other key kept as it was (key order too). The change is computed first, so the user
// can be shown it and confirm; the file is written only then, whole, through a
// temporary file renamed over it (Claude Code never reads half of one). A file that is
// not a JSON object, or whose `env` is not an object, is refused: it is not ours to fix.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../store/parse-json';

export const CLAUDE_TODO_TOOLS_VARIABLE = 'CLAUDE_CODE_ENABLE_TODO_TOOLS';

/** Claude Code's user settings file in its config folder (`$CLAUDE_CONFIG_DIR`, else `~/.claude`). */
export function claudeSettingsFile(configDir: string): string {
  return path.join(configDir, 'settings.json');
}

const settingsObject = z.record(z.string(), z.unknown());
const envObject = z.optional(z.record(z.string(), z.unknown()));

/** What turning the task list on does to the settings file's text. */
export type ClaudeTasksChange =
  /** `text` is the whole new file; `existed`: the file was there (else it is created). */
  { kind: 'change'; text: string; existed: boolean } | { kind: 'already-on' } | { kind: 'refused'; reason: string };

/** The entry the change adds, as the user is shown it. */
export const CLAUDE_TASKS_ENTRY = `"env": { "${CLAUDE_TODO_TOOLS_VARIABLE}": "1" }`;

/** The change to `current` (the file's text; undefined when there is no file). */
export function claudeTasksChange(current: string | undefined): ClaudeTasksChange {
  const settings = current === undefined || current.trim() === '' ? {} : parseJson(current);
  const parsed = settingsObject.safeParse(settings);
  if (!parsed.success || Array.isArray(settings)) return { kind: 'refused', reason: 'it is not a JSON object' };
  const env = envObject.safeParse(parsed.data.env);
  if (!env.success || Array.isArray(parsed.data.env))
    return { kind: 'refused', reason: 'its "env" is not a JSON object' };
  if (env.data?.[CLAUDE_TODO_TOOLS_VARIABLE] === '1') return { kind: 'already-on' };
  const next = { ...parsed.data, env: { ...env.data, [CLAUDE_TODO_TOOLS_VARIABLE]: '1' } };
  return { kind: 'change', text: `${JSON.stringify(next, null, 2)}\n`, existed: current !== undefined };
}

/** The settings file's text, or undefined when there is none. Throws other read errors. */
export function readClaudeSettings(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes `text` as the settings file, unless it changed since `expected` was read
 * (then nothing is written and false returned: the user confirmed another change).
 * A linked file is written where it points; the file keeps its mode.
 */
export function writeClaudeSettings(file: string, expected: string | undefined, text: string): boolean {
  if (readClaudeSettings(file) !== expected) return false;
  const target = expected === undefined ? file : fs.realpathSync(file);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const mode = expected === undefined ? 0o600 : fs.statSync(target).mode & 0o777;
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.agent-checklist-${process.pid}.tmp`);
  try {
    fs.writeFileSync(temp, text, { mode, flag: 'wx' });
    fs.renameSync(temp, target);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return true;
}
