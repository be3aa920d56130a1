// The user's git, run on the user's repository for an item's worktree and branch: every
// run a child process started from the git worker thread (checkpoints/git-thread.ts: no
// fork on the caller's event loop, no shell), the repository's hooks and core.fsmonitor
// off on the command line (they win over any config file), no global or system config,
// no prompt, no pager, no inherited GIT_* variable; commits are by "Agent Checklist".
import { gitConfigArgs, isolatedGitEnv } from '../checkpoints/git-env';
import { GitError, runOnGitThread, type GitOutput } from '../checkpoints/git-thread';

export { GitError };

const CONFIG = gitConfigArgs(
  'core.quotePath=false',
  'commit.gpgSign=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'merge.autoStash=false',
);

/** The name and address every commit the runner makes carries, as author and committer. */
const RUNNER_IDENTITY = { name: 'Agent Checklist', email: 'runner@agent-checklist.invalid' } as const;

function gitEnv(): Record<string, string> {
  return isolatedGitEnv({
    GIT_AUTHOR_NAME: RUNNER_IDENTITY.name,
    GIT_AUTHOR_EMAIL: RUNNER_IDENTITY.email,
    GIT_COMMITTER_NAME: RUNNER_IDENTITY.name,
    GIT_COMMITTER_EMAIL: RUNNER_IDENTITY.email,
  });
}

/** Runs `git <args>` in `cwd`; a non-zero exit is the caller's to judge. */
export function git(cwd: string, args: readonly string[]): Promise<GitOutput> {
  return runOnGitThread({ file: 'git', args: [...CONFIG, ...args], cwd, env: gitEnv(), input: '' });
}

/** `git <args>`'s output, trimmed; throws a GitError naming the command on a non-zero exit. */
export async function gitText(cwd: string, args: readonly string[]): Promise<string> {
  const run = await git(cwd, args);
  if (run.code !== 0) throw new GitError(`git ${args[0] ?? ''} failed (exit ${run.code}): ${run.stderr.trim()}`);
  return run.stdout.toString('utf8').trim();
}
