// Workspace paths the model may not change freely, because what is in them runs or
// steers later, outside the sandbox and outside any approval:
// - `never`: our own logs and git's folder (`.git/config`'s core.fsmonitor runs on
//   every host `git status`; a hook runs on the next commit). The file tools refuse
//   them and bash's sandbox mounts them read-only. No approval writes them.
// - `approve`: editor tasks and settings, direnv, CI workflows, git hooks managers and
//   the instruction files other agents read. bash sees them read-only; the file tools
//   write them only after the user approves THAT file, an approval that auto-approve,
//   `--yes` and "always allow" never grant.
// `agentChecklist.tools.protectedPaths` (user setting) adds `approve` globs.
// Paths are workspace-relative, already resolved (no `..`), with `/` separators; globs
// match the whole path from the workspace root (`**/*.sh` for any depth). Matching
// ignores case, so a case-insensitive file system cannot be used to slip past
// (`.GIT/config`). A `.git` at any depth (a nested repository) is never written; a
// `.vscode` at any depth asks, since VS Code runs a folder's tasks (`runOn:
// folderOpen`) when that subfolder is opened later, trusted as its parent is. The
// other names count at the workspace root only: that is where their tools read them.
import { globMatcher } from './glob';

type Protection = 'never' | 'approve';

/** Written by no tool, ever. */
const NEVER_WRITTEN = ['**/.git', '**/.git/**', '.agent-checklist/**'] as const;

/** Written by the file tools only with a per-file approval; read-only in the sandbox. */
const APPROVE_EACH_FILE = [
  '**/.vscode/**',
  '.envrc',
  '.github/workflows/**',
  '.husky/**',
  'AGENTS.md',
  'CLAUDE.md',
  '.github/copilot-instructions.md',
] as const;

export interface ProtectedPaths {
  /** How `relativePath` is protected, or null when the model may write it like any file. */
  protection(relativePath: string): Protection | null;
}

/**
 * A glob anchored at the workspace root whether or not it has a
 * `/`; `dir/**` also covers `dir` itself (wherever `dir` matches).
 */
function rootedMatcher(glob: string): (path: string) => boolean {
  const lower = glob.replace(/^\.\//, '').toLowerCase();
  // A fixed first segment makes globMatcher match the whole path even for a pattern without `/`.
  const matches = globMatcher(`root/${lower}`);
  const self = lower.endsWith('/**') ? globMatcher(`root/${lower.slice(0, -3)}`) : null;
  return (path) => matches(`root/${path}`) || (self !== null && self(`root/${path}`));
}

function normalize(relativePath: string): string {
  return relativePath
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/')
    .toLowerCase();
}

/** The protection rules; `extra` globs are the user's (a malformed one throws GlobError). */
export function protectedPaths(extra: readonly string[] = []): ProtectedPaths {
  const never = NEVER_WRITTEN.map(rootedMatcher);
  const approve = [...APPROVE_EACH_FILE, ...extra].map(rootedMatcher);
  return {
    protection(relativePath) {
      const path = normalize(relativePath);
      if (never.some((m) => m(path))) return 'never';
      if (approve.some((m) => m(path))) return 'approve';
      return null;
    },
  };
}

/** The refusal for a `never` path (the model reads it as the tool's error). */
export const neverWrittenMessage = (path: string): string =>
  `${path} is protected: the agent never writes inside a .git folder or .agent-checklist/ ` +
  `(code there runs outside the sandbox, and the session logs are the record of this session).`;

/** Why a per-file approval is asked (shown on the approval card and the CLI prompt). */
export const approveEachFileReason = (path: string): string =>
  `${path} is a protected file: what is in it runs or steers later, outside the ` +
  `sandbox (editor tasks and settings, CI, hooks, agent instructions). It is changed ` +
  `only with your approval of this file; auto-approve and "always allow" do not apply.`;

/**
 * The top-level names bash's sandbox always mounts read-only: the first segment of
 * each rule above (`**` skipped), so `.github` as a whole for its two rules. A name is
 * a folder when some rule goes on below it (`.git`, `.vscode`), else a file (`.envrc`):
 * what the sandbox puts in its place while it is absent (sandbox/placeholders.ts).
 */
export const SANDBOX_READ_ONLY: ReadonlyMap<string, 'folder' | 'file'> = (() => {
  const names = new Map<string, 'folder' | 'file'>();
  for (const glob of [...NEVER_WRITTEN, ...APPROVE_EACH_FILE]) {
    const parts = glob.split('/');
    const at = parts.findIndex((part) => part !== '**');
    const name = parts[at] ?? glob;
    if (names.get(name) !== 'folder') names.set(name, at < parts.length - 1 ? 'folder' : 'file');
  }
  return names;
})();
