// The shadow repository's HEAD (shadow-repo.ts): read from its loose ref file (ours
// are never packed) and moved as git moves a ref (a lock file, the old value checked,
// a rename); git itself runs only when the file does not answer.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { GitError, type ShadowGit } from './shadow-git';

/**
 * Moves the shadow HEAD's branch from `head` to `commit` as git does, without a process:
 * its lock file (created exclusively: fails while a git holds it), the old value checked
 * under the lock, then renamed over the loose ref. git's update-ref when HEAD is not a branch.
 */
export async function moveHead(git: ShadowGit, head: string | null, commit: string): Promise<void> {
  const ref = await headRef(git);
  if (ref === null) return void (await git.ok(['update-ref', 'HEAD', commit, ...(head === null ? [] : [head])]));
  const file = path.join(git.gitDir, ref);
  const lock = await fs
    .open(`${file}.lock`, 'wx')
    .catch((error: Error) => raise(new GitError(`the shadow HEAD is locked (${error.message})`)));
  try {
    const now = (await fs.readFile(file, 'utf8').catch(() => '')).trim();
    if (now !== (head ?? ''))
      throw new GitError(
        `the shadow HEAD moved while a checkpoint was taken (${now || 'none'}, not ${head ?? 'none'})`,
      );
    await lock.writeFile(`${commit}\n`);
    await lock.close();
    await fs.rename(`${file}.lock`, file);
  } catch (error) {
    await lock.close().catch(() => {});
    await fs.rm(`${file}.lock`, { force: true });
    throw error;
  }
}

/** The branch the shadow HEAD names (`refs/heads/…`), null when HEAD is not a symbolic ref. */
async function headRef(git: ShadowGit): Promise<string | null> {
  const head = await fs.readFile(path.join(git.gitDir, 'HEAD'), 'utf8').catch(() => '');
  return /^ref: (refs\/heads\/[\w.-]+)\n?$/.exec(head)?.[1] ?? null;
}

/** The shadow HEAD's commit, from its loose ref file (ours: never packed), else from git. */
export async function headCommit(git: ShadowGit): Promise<string | null> {
  const ref = await headRef(git);
  const id = ref === null ? '' : (await fs.readFile(path.join(git.gitDir, ref), 'utf8').catch(() => '')).trim();
  if (/^[0-9a-f]{40}$/.test(id)) return id;
  const result = await git.run(['rev-parse', '--verify', '--quiet', 'HEAD']);
  return result.code === 0 ? result.stdout.toString('utf8').trim() : null;
}

function raise(error: Error): never {
  throw error;
}
