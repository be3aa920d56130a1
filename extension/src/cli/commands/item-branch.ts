// `merge <log.jsonl> --item <n>` / `discard <log.jsonl> --item <n>`: Merge Item's Branch
// and Discard Item's Branch (core/worktrees/item-branch.ts) for item n (1-based, in the
// standing plan) of a session whose items ran in parallel (`run --parallel`). Merge:
// the branch merged into the workspace's current branch with --no-ff, then its worktree
// removed and its branch deleted; a conflict aborts the merge, changes nothing and exits 1
// with one line naming the files. Discard: the worktree and the branch removed. Either
// is recorded on the log (item-run/closed).
import * as path from 'node:path';
import { branchIsOpen } from '../../core/plan/item-runs';
import { openLogForWrite } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import { discardItemBranch, mergeItemBranch } from '../../core/worktrees/item-branch';
import { gitText } from '../../core/worktrees/worktree-git';
import type { CliIo } from '../io';
import { readItemRuns } from '../item-runs-read';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';

export async function itemBranchCommand(
  io: CliIo,
  how: 'merge' | 'discard',
  log: string,
  item: string | undefined,
): Promise<number> {
  if (item === undefined || !/^[1-9]\d*$/.test(item))
    throw new UsageError(`${how} needs --item <n>, an item number from 1 (got ${JSON.stringify(item ?? '')})`);
  const logPath = path.resolve(io.cwd, log);
  const read = readItemRuns(io, logPath);
  if (read === null) return EXIT_FAILED;
  const say = (line: string): number => {
    io.err(visibleControls(`agent-checklist: ${line}`, { keepLayout: false }));
    return EXIT_FAILED;
  };
  const content = read.plan[Number(item) - 1]?.content;
  if (content === undefined) return say(`the plan has no item ${item}`);
  const run = read.runs.get(content);
  if (run === undefined || !branchIsOpen(run)) return say(`item ${item} (${content}) has no branch to ${how}`);
  const root = read.header.cwd ?? io.cwd;
  let top: string;
  try {
    top = await gitText(root, ['rev-parse', '--show-toplevel']);
  } catch {
    return say(`${root} is not in a git repository`);
  }
  const branch = { n: Number(item), content, branch: run.branch, worktree: run.worktree };
  const outcome = how === 'merge' ? await mergeItemBranch(top, branch) : await discardItemBranch(top, branch);
  if (!outcome.ok) return say(`cannot ${how} item ${item}'s branch ${run.branch}: ${outcome.why}`);
  const done = how === 'merge' ? 'merged' : 'discarded';
  const opened = openLogForWrite(logPath);
  try {
    opened.session.append('item-run/closed', { childSession: run.childSession, how: done });
  } finally {
    opened.dispose();
  }
  io.out(visibleControls(`${done} ${run.branch}`, { keepLayout: false }));
  return EXIT_OK;
}
