// Merge Item's Branch and Discard Item's Branch, on the user's repository. Merge: the
// child's work left uncommitted (a run that was killed) is committed on its branch
// first, then the branch is merged into the current one with `--no-ff` and a message
// naming the item, by the user's own git identity (the merge is their act); its
// worktree is removed and its branch deleted. A conflict aborts the merge (the working
// tree and both branches stay as they were) and names the files. A merge is refused
// while tracked files have uncommitted changes, so the abort cannot touch anything the
// user wrote. Discard: the worktree (the runner's folder outside the workspace, holding
// only the child's work) and the branch are removed.
import * as fs from 'node:fs';
import { changedTrackedFiles, commitItemWork } from './item-worktree';
import { git, gitText, userIdentity } from './worktree-git';

export interface ItemBranch {
  n: number;
  content: string;
  branch: string;
  worktree: string;
}

export type BranchOutcome = { ok: true } | { ok: false; why: string; conflicts?: string[] };

async function branchExists(top: string, branch: string): Promise<boolean> {
  return (await git(top, ['rev-parse', '--verify', '-q', `refs/heads/${branch}`])).code === 0;
}

/** Merges the item's branch into the current branch, then removes its worktree and branch. */
export async function mergeItemBranch(top: string, item: ItemBranch): Promise<BranchOutcome> {
  if (!(await branchExists(top, item.branch))) return { ok: false, why: `there is no branch ${item.branch}` };
  const changed = await changedTrackedFiles(top);
  if (changed.length > 0)
    return { ok: false, why: `uncommitted changes to tracked files (${changed.join(', ')}): commit or stash them` };
  if (fs.existsSync(item.worktree)) await commitItemWork(item.worktree, item.content);
  const message = `Merge item ${item.n}: ${item.content} (${item.branch})`;
  const merge = await git(top, ['merge', '--no-ff', '--no-edit', '-m', message, item.branch], await userIdentity(top));
  if (merge.code !== 0) {
    const conflicts = (await gitText(top, ['diff', '--name-only', '--diff-filter=U'])).split('\n').filter(Boolean);
    await git(top, ['merge', '--abort']);
    if (conflicts.length > 0) return { ok: false, why: `the merge conflicts in ${conflicts.join(', ')}`, conflicts };
    return { ok: false, why: `git merge failed: ${merge.stderr.trim()}` };
  }
  return removeItemBranch(top, item, 'merged');
}

/** Removes the item's worktree and deletes its branch, merged or not. */
export function discardItemBranch(top: string, item: ItemBranch): Promise<BranchOutcome> {
  return removeItemBranch(top, item, 'discarded');
}

async function removeItemBranch(top: string, item: ItemBranch, how: 'merged' | 'discarded'): Promise<BranchOutcome> {
  if (fs.existsSync(item.worktree)) {
    const removed = await git(top, ['worktree', 'remove', '--force', item.worktree]);
    if (removed.code !== 0) return { ok: false, why: `git worktree remove failed: ${removed.stderr.trim()}` };
  }
  await git(top, ['worktree', 'prune']);
  if (!(await branchExists(top, item.branch))) return { ok: true };
  const deleted = await git(top, ['branch', how === 'merged' ? '-d' : '-D', item.branch]);
  return deleted.code === 0 ? { ok: true } : { ok: false, why: `git branch failed: ${deleted.stderr.trim()}` };
}
