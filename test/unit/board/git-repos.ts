// Real git repositories for the board's tests: a bare remote, clones that push
// branches to it, each commit by a named author at a given time.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export function git(cwd: string, args: string[], author = 'Test Author', date = '2026-12-01T09:00:00Z'): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgSign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: 'author@example.invalid',
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'author@example.invalid',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
}

/** A new repository in `dir` with one commit on `main` (a README). */
export function initRepo(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q']);
  fs.writeFileSync(path.join(dir, 'README.md'), 'hello\n');
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'start']);
  return dir;
}

/** Commits `files` (path -> content) on a new branch `branch` from the current one, then goes back. */
export function commitOnBranch(
  repo: string,
  branch: string,
  files: Record<string, string | Buffer>,
  author = 'Test Author',
  date = '2026-12-01T09:00:00Z',
): void {
  const back = git(repo, ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  git(repo, ['checkout', '-q', '-b', branch]);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    fs.writeFileSync(path.join(repo, name), content);
  }
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', `work on ${branch}`], author, date);
  git(repo, ['checkout', '-q', back]);
}
