// What every git we run gets, whichever repository it runs on (the checkpoints' shadow
// repository: shadow-git.ts; an item's worktree: worktrees/worktree-git.ts; the board's
// branches: board/branch-git.ts): the repository's hooks and core.fsmonitor off on the
// command line (they win over any config file), and an environment with no inherited
// GIT_* variable, no global or system config, no prompt, no pager and the C locale.

/** `-c` pairs for the command line: hooks and fsmonitor off, then `settings` (`name=value`). */
export function gitConfigArgs(...settings: string[]): string[] {
  return ['core.hooksPath=/dev/null', 'core.fsmonitor=false', ...settings].flatMap((setting) => ['-c', setting]);
}

/** The process's environment made safe for git (above), with `extra` (an identity, GIT_DIR, …) last. */
export function isolatedGitEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('GIT_') && value !== undefined) env[key] = value;
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    LC_ALL: 'C',
    ...extra,
  };
}
