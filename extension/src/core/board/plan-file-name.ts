// Which file on a branch holds its plan: the one named (`board --plan-file`), else the
// repository's `.vscode/settings.json` `agentChecklist.planFile` (repo-settings.ts),
// else PLAN.md; a path relative to the repository's root, in it, never in `.git` or `.agent-checklist`
// (the plan file's own rules, vscode/plan-file/plan-file-sync.ts).
import * as path from 'node:path';
import { readRepoSettings } from './repo-settings';

const DEFAULT_PLAN_FILE = 'PLAN.md';
/** Folders a plan file is never in: git's and our own state. */
export const NOT_PLAN_FILE_FOLDERS: readonly string[] = ['.git', '.agent-checklist'];

/** The plan file's path in the repository (posix), or why `named` cannot be one. */
export function planFileName(
  repo: string,
  named?: string,
): { ok: true; path: string } | { ok: false; message: string } {
  const chosen = named ?? readRepoSettings(repo).planFile ?? DEFAULT_PLAN_FILE;
  const normal = path.posix.normalize(chosen.trim().replace(/\\/g, '/'));
  if (normal === '' || normal === '.' || path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../'))
    return { ok: false, message: `the plan file must be a path inside the repository (got ${JSON.stringify(chosen)})` };
  if (NOT_PLAN_FILE_FOLDERS.includes(normal.split('/')[0] ?? '') || normal.includes('\n'))
    return { ok: false, message: `the plan file cannot be ${JSON.stringify(chosen)}` };
  return { ok: true, path: normal };
}
