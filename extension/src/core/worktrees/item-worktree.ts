// An item's own git worktree and branch: made from the repository's HEAD as it is
// committed, outside the workspace folder (under the runner's `base` folder:
// `<base>/<session>/<n>-<slug>`), on the branch `agent-checklist/<session>/<n>-<slug>`.
// The child's changes are committed on that branch when its turn ends (author "Agent
// Checklist", the message the item's text). The user's own working tree is never
// written: a workspace that is not a repository, or whose HEAD has uncommitted changes
// to tracked files, is refused with the reason unless the user chose to run from HEAD
// anyway (their changes stay where they are and are not in the worktrees).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { git, GitError, gitText } from './worktree-git';

export type RepoCheck = { ok: true; top: string; head: string } | { ok: false; why: string };

const FILES_NAMED = 5;

/** The repository `root` is in, its HEAD commit, and whether its tracked files match HEAD. */
export async function checkRepo(root: string, fromHead: boolean): Promise<RepoCheck> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0) return { ok: false, why: `${root} is not in a git repository` };
  const head = await git(root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']);
  if (head.code !== 0) return { ok: false, why: 'the repository has no commit yet to make the worktrees from' };
  const text = (run: { stdout: Buffer }): string => run.stdout.toString('utf8').trim();
  const repo = { ok: true as const, top: text(top), head: text(head) };
  if (fromHead) return repo;
  const changed = await changedTrackedFiles(repo.top);
  if (changed.length === 0) return repo;
  const named = changed.slice(0, FILES_NAMED).join(', ') + (changed.length > FILES_NAMED ? ', …' : '');
  return {
    ok: false,
    why:
      `HEAD has uncommitted changes to tracked files (${named}): commit or stash them, ` +
      'or run from HEAD anyway with --from-head (your changes stay, and are not in the worktrees)',
  };
}

/** The tracked files whose contents differ from HEAD (staged or not). */
export async function changedTrackedFiles(top: string): Promise<string[]> {
  const status = await git(top, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--ignore-submodules']);
  if (status.code !== 0) throw new GitError(`git status failed (exit ${status.code}): ${status.stderr.trim()}`);
  // `XY path` entries, NUL-ended; a rename's entry is followed by its old path, which is skipped.
  const fields = status.stdout.toString('utf8').split('\0');
  const files: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return files;
}

/** The item's words as a branch name's part: lowercase letters and digits joined by '-', at most 40. */
function itemSlug(content: string): string {
  const words = content
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return words === '' ? 'item' : words;
}

export interface ItemPlace {
  branch: string;
  worktree: string;
}

/** Where item `n` of session `session` runs: its branch and its worktree's folder under `base`. */
export function itemPlace(base: string, session: string, n: number, content: string): ItemPlace {
  const leaf = `${n}-${itemSlug(content)}`;
  return { branch: `agent-checklist/${session}/${leaf}`, worktree: path.join(base, session, leaf) };
}

/** Makes the worktree and its new branch from `head`; throws with git's reason when it cannot. */
export async function addItemWorktree(top: string, place: ItemPlace, head: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(place.worktree), { recursive: true });
  await gitText(top, ['worktree', 'add', '-q', '-b', place.branch, place.worktree, head]);
}

/**
 * Commits everything the child changed in its worktree; the commit, or null when nothing changed. Three git
 * processes, not four: `commit` itself says when nothing is staged (exit 1, "nothing to commit"), which matters
 * when several items end at once (BENCHMARKS.md, Run Items in Parallel).
 */
export async function commitItemWork(worktree: string, message: string): Promise<string | null> {
  await gitText(worktree, ['add', '-A', '--', '.']);
  const commit = await git(worktree, ['commit', '-q', '--no-verify', '-m', message]);
  if (commit.code !== 0) {
    const said = `${commit.stdout.toString('utf8')}${commit.stderr}`;
    if (commit.code === 1 && /nothing to commit|nothing added to commit/.test(said)) return null;
    throw new GitError(`git commit failed (exit ${commit.code}): ${said.trim()}`);
  }
  return gitText(worktree, ['rev-parse', 'HEAD']);
}

/** `git diff --stat` of the branch against the commit it was made from. */
export function branchDiffStat(top: string, base: string, branch: string): Promise<string> {
  return gitText(top, ['diff', '--stat', base, branch, '--']);
}
