// The synchronous twins of confined-open.ts's opens, for grep's worker thread, where a
// blocking call holds no one's event loop and a search of 35,000 files pays no
// thread-pool round trips. The same contract: open first (no final link followed, no
// FIFO blocked on), verify the opened descriptor, only then read through it.
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { checkRegular, codeOf, DESCRIPTOR_PATHS, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK } from './confined-open';
import { isInside } from './workspace';
import { ConfinementError } from './workspace-fs';

/**
 * openFileIn's synchronous twin (and, with `directory`, openDirectoryIn's): the verified descriptor; the caller closes
 * it.
 */
export function openInSync(target: string, within: string, directory = false): number {
  let fd: number;
  try {
    fd = openSync(target, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK | (directory ? O_DIRECTORY : 0));
  } catch (error) {
    if (codeOf(error) === 'ELOOP') throw new ConfinementError('symlink', `${target} is a symbolic link`);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!directory) checkRegular(stats, target);
    else if (!stats.isDirectory()) throw new ConfinementError('not-a-file', `${target} is not a folder`);
    const real = DESCRIPTOR_PATHS ? readlinkSync(`/proc/self/fd/${fd}`) : realpathSync(target);
    const now = DESCRIPTOR_PATHS ? stats : statSync(real, { throwIfNoEntry: false });
    if (!isInside(within, real) || now === undefined || now.dev !== stats.dev || now.ino !== stats.ino)
      throw new ConfinementError('outside', `${target} does not lead to what was opened inside ${within}`);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** readDirectoryIn's synchronous twin (see openInSync): `via` names the folder only while `describe` runs. */
export function readDirectoryInSync<T>(
  dir: string,
  within: string,
  describe: (via: string, entries: Dirent[]) => T,
): T {
  const fd = openInSync(dir, within, true);
  try {
    const via = DESCRIPTOR_PATHS ? `/proc/self/fd/${fd}` : realpathSync(dir);
    return describe(via, readdirSync(via, { withFileTypes: true }));
  } finally {
    closeSync(fd);
  }
}
