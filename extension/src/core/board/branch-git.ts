// The user's git, run on the user's repository for the board's read-only questions:
// a child process (nothing blocks the caller's event loop), the repository's hooks and
// core.fsmonitor off on the command line (they win over any config file), no global
// or system config, no prompt, no pager, no inherited GIT_* variable. Only plumbing
// that runs no configured command is used (for-each-ref, cat-file --batch). The one
// exception, `userConfig`, is the Fetch (branch-fetch.ts): the user's own global and
// system config and the GIT_* variables that name them or the user's ssh, askpass and
// git:// proxy commands are kept, so a credential helper or a proxy works. A git://
// proxy is the user's GIT_PROXY_COMMAND or none: the variable wins over every config's
// core.gitProxy, and a config's can only be set aside whole (a `-c` one is read last,
// and git takes the first that matches), so the repository's never runs.
import { spawn } from 'node:child_process';
import { gitConfigArgs, isolatedGitEnv } from '../checkpoints/git-env';

const CONFIG = gitConfigArgs('core.quotePath=false');

const USER_VARIABLES = new Set([
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
  'GIT_PROXY_COMMAND',
]);

function gitEnv(userConfig: boolean): NodeJS.ProcessEnv {
  if (!userConfig) return isolatedGitEnv();
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('GIT_') || USER_VARIABLES.has(key)) env[key] = value;
  return { GIT_PROXY_COMMAND: '', ...env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' };
}

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
  userConfig = false,
): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(gitBinary, [...CONFIG, ...args], {
      cwd,
      env: gitEnv(userConfig),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
export async function gitOutput(
  cwd: string,
  args: readonly string[],
  gitBinary = 'git',
  userConfig = false,
): Promise<string> {
  const chunks: Buffer[] = [];
  const run = await runGit(cwd, args, '', (chunk) => chunks.push(chunk), gitBinary, userConfig);
  if (run.code !== 0) throw new Error(`git ${args[0] ?? ''} failed (exit ${String(run.code)}): ${run.stderr}`);
  return Buffer.concat(chunks).toString('utf8');
}
