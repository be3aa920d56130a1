// The user's git, run on the user's repository for the board's read-only questions:
// a child process (nothing blocks the caller's event loop), the repository's hooks and
// core.fsmonitor off on the command line (they win over any config file), no global
// or system config, no prompt, no pager, no inherited GIT_* variable. Only plumbing
// that runs no configured command is used (for-each-ref, cat-file --batch).
import { spawn } from 'node:child_process';
import { gitConfigArgs, isolatedGitEnv } from '../checkpoints/git-env';

const CONFIG = gitConfigArgs('core.quotePath=false');
const gitEnv = (): NodeJS.ProcessEnv => isolatedGitEnv();

export interface GitRun {
  code: number | null;
  stderr: string;
}

/**
 * Runs `git <args>` in `cwd`, writing `input` to its stdin and handing each stdout
 * chunk to `onData` as it comes (the caller keeps what it needs, so a large output is
 * never held whole).
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  input: string,
  onData: (chunk: Buffer) => void,
  gitBinary = 'git',
): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(gitBinary, [...CONFIG, ...args], { cwd, env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: stderr.trim() }));
    child.stdin.on('error', () => undefined); // git may exit before reading all its input
    child.stdin.end(input);
  });
}

/** `git <args>`'s whole output (small outputs only); throws on a non-zero exit. */
export async function gitOutput(cwd: string, args: readonly string[], gitBinary = 'git'): Promise<string> {
  const chunks: Buffer[] = [];
  const run = await runGit(cwd, args, '', (chunk) => chunks.push(chunk), gitBinary);
  if (run.code !== 0) throw new Error(`git ${args[0] ?? ''} failed (exit ${String(run.code)}): ${run.stderr}`);
  return Buffer.concat(chunks).toString('utf8');
}
