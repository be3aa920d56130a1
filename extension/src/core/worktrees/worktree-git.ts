// The user's git, run on the user's repository for an item's worktree and branch: every
// run a child process started from the git worker thread (checkpoints/git-thread.ts: no
// fork on the caller's event loop, no shell), the repository's hooks and core.fsmonitor
// off on the command line (they win over any config file), no global or system config,
// no prompt, no pager, no inherited GIT_* variable; commits are by "Agent Checklist",
// but for the merge of an item's branch, the user's own act: that one is by the user's
// identity as their git config gives it (read only: reading config runs no command).
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

export interface GitIdentity {
  readonly name: string;
  readonly email: string;
}

/** The name and address every commit the runner makes carries, as author and committer. */
const RUNNER_IDENTITY: GitIdentity = { name: 'Agent Checklist', email: 'runner@agent-checklist.invalid' };

function gitEnv(identity: GitIdentity): Record<string, string> {
  return isolatedGitEnv({
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
  });
}

/** Runs `git <args>` in `cwd` (its commits by `identity`); a non-zero exit is the caller's to judge. */
export function git(cwd: string, args: readonly string[], identity = RUNNER_IDENTITY): Promise<GitOutput> {
  return runOnGitThread({ file: 'git', args: [...CONFIG, ...args], cwd, env: gitEnv(identity), input: '' });
}

/** The environment above with the user's global and system config read again (where their identity lives). */
function userConfigEnv(): Record<string, string> {
  const env = isolatedGitEnv();
  delete env['GIT_CONFIG_GLOBAL'];
  delete env['GIT_CONFIG_NOSYSTEM'];
  for (const key of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** The user's `user.name` and `user.email` (the repository's, global or system config), or the runner's when unset. */
export async function userIdentity(top: string): Promise<GitIdentity> {
  const read = async (key: string): Promise<string> => {
    const args = [...CONFIG, 'config', '--get', key];
    const run = await runOnGitThread({ file: 'git', args, cwd: top, env: userConfigEnv(), input: '' });
    return run.code === 0 ? run.stdout.toString('utf8').trim() : '';
  };
  const [name, email] = [await read('user.name'), await read('user.email')];
  return name !== '' && email !== '' ? { name, email } : RUNNER_IDENTITY;
}

/** `git <args>`'s output, trimmed; throws a GitError naming the command on a non-zero exit. */
export async function gitText(cwd: string, args: readonly string[]): Promise<string> {
  const run = await git(cwd, args);
  if (run.code !== 0) throw new GitError(`git ${args[0] ?? ''} failed (exit ${run.code}): ${run.stderr.trim()}`);
  return run.stdout.toString('utf8').trim();
}
