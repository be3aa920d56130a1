// Which file on a branch holds its plan: the one named (`board --plan-file`), else the
// repository's `.vscode/settings.json` `agentChecklist.planFile`, else PLAN.md; a path
// relative to the repository's root, in it, never in `.git` or `.agent-checklist`
// (the plan file's own rules, vscode/plan-file/plan-file-sync.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../store/parse-json';

const DEFAULT_PLAN_FILE = 'PLAN.md';
/** Folders a plan file is never in: git's and our own state. */
export const NOT_PLAN_FILE_FOLDERS: readonly string[] = ['.git', '.agent-checklist'];

const settingsSchema = z.object({ 'agentChecklist.planFile': z.optional(z.string()) });

/** The plan file's path in the repository (posix), or why `named` cannot be one. */
export function planFileName(
  repo: string,
  named?: string,
): { ok: true; path: string } | { ok: false; message: string } {
  const chosen = named ?? settingsPlanFile(repo) ?? DEFAULT_PLAN_FILE;
  const normal = path.posix.normalize(chosen.trim().replace(/\\/g, '/'));
  if (normal === '' || normal === '.' || path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../'))
    return { ok: false, message: `the plan file must be a path inside the repository (got ${JSON.stringify(chosen)})` };
  if (NOT_PLAN_FILE_FOLDERS.includes(normal.split('/')[0] ?? '') || normal.includes('\n'))
    return { ok: false, message: `the plan file cannot be ${JSON.stringify(chosen)}` };
  return { ok: true, path: normal };
}

function settingsPlanFile(repo: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(repo, '.vscode', 'settings.json'), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = settingsSchema.safeParse(parseJson(withoutComments(text)));
  const named = parsed.success ? parsed.data['agentChecklist.planFile']?.trim() : undefined;
  return named === '' ? undefined : named;
}

/** VS Code's settings are JSON with comments and trailing commas: both dropped, strings kept as they are. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

/** The index just after the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
