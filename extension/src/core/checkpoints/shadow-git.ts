// The machine's `git`, run against a shadow repository: `GIT_DIR` is the shadow folder
// (outside the workspace), `GIT_WORK_TREE` the workspace. Every run is a child process
// started from the git worker thread (git-thread.ts: no fork on the caller's event loop)
// with no user, global or system config, no hooks, no pager, no prompts and no inherited
// GIT_* variable, so the user's own `.git` and settings are never read or written.
import { gitConfigArgs, isolatedGitEnv } from './git-env';
import { GitError, runOnGitThread, type GitOutput } from './git-thread';

export { GitError, type GitOutput };

/** Config given on every command line: wins over anything a config file could say. */
const CONFIG = gitConfigArgs(
  'core.untrackedCache=true',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.quotePath=false',
  'core.symlinks=true',
  'gc.auto=0',
  'maintenance.auto=false',
  'diff.renames=false',
  'diff.external=',
  'safe.directory=*',
  'commit.gpgSign=false',
);

export class ShadowGit {
  private readonly env: Record<string, string>;

  constructor(
    readonly gitDir: string,
    readonly workTree: string,
    readonly gitBinary = 'git',
  ) {
    this.env = isolatedGitEnv({
      GIT_DIR: gitDir,
      GIT_WORK_TREE: workTree,
      GIT_LITERAL_PATHSPECS: '1',
      GIT_AUTHOR_NAME: 'Agent Checklist',
      GIT_AUTHOR_EMAIL: 'checkpoints@agent-checklist.invalid',
      GIT_COMMITTER_NAME: 'Agent Checklist',
      GIT_COMMITTER_EMAIL: 'checkpoints@agent-checklist.invalid',
    });
  }

  /** Runs `git <args>`; resolves with its exit code and output (a non-zero code is the caller's to judge). */
  run(args: readonly string[], input?: Buffer | string): Promise<GitOutput> {
    return runOnGitThread({
      file: this.gitBinary,
      args: [...CONFIG, ...args],
      cwd: this.workTree,
      env: this.env,
      input: typeof input === 'string' || input === undefined ? (input ?? '') : new Uint8Array(input),
    });
  }

  /** Runs `git <args>` and returns its standard output; throws a GitError on a non-zero exit. */
  async ok(args: readonly string[], input?: Buffer | string): Promise<Buffer> {
    const result = await this.run(args, input);
    if (result.code !== 0)
      throw new GitError(`git ${args[0] ?? ''} failed (exit ${result.code}): ${result.stderr.trim()}`);
    return result.stdout;
  }

  async text(args: readonly string[], input?: Buffer | string): Promise<string> {
    return (await this.ok(args, input)).toString('utf8').trim();
  }
}

/** NUL-separated output (`-z`), without the empty field after the last NUL. */
export function nulFields(output: Buffer): string[] {
  const fields = output.toString('utf8').split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}
