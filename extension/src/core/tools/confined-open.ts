// Opening workspace files so that what is verified is what is used: no gap between
// a check on a PATH and a use of whatever that path names a moment later (a process
// in the workspace swapping a folder for a symbolic link to the outside).
//
// Contract: every function here opens first — never following a final symbolic
// link (O_NOFOLLOW), never blocking on a FIFO (O_NONBLOCK) — and then verifies the
// OPENED descriptor, and only then reads or writes through it:
// - Linux: the descriptor's real path (`/proc/self/fd/<fd>`, the kernel's answer)
//   must lie inside the workspace root's real path. New files and folders are
//   created through `/proc/self/fd/<dirfd>/<name>`, i.e. inside a directory that was
//   opened and verified first, so a swap of any path component cannot redirect them.
// - Elsewhere (no /proc): the opened inode must be the one found at the real path of
//   the request, and that real path must be inside the root (sound for folders and
//   for files with one link); creating goes through the verified folder's real path.
// A regular file with more than one hard link is refused: another name of the same
// file may lie outside the workspace, and from inside there is no telling.
// The synchronous twins for grep's worker thread: confined-open-sync.ts.
import { constants, type Dirent, existsSync, promises as fsp, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { isInside } from './workspace';
import { ConfinementError } from './workspace-fs';
import { writeText } from './sliced-write';

export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
export const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
export const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

/** Whether descriptors can be asked where they are (Linux with /proc mounted). */
export const DESCRIPTOR_PATHS = process.platform === 'linux' && existsSync('/proc/self/fd');

const fdPath = (handle: FileHandle): string => `/proc/self/fd/${handle.fd}`;

export function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Opens `target`, mapping "a final link was not followed" to a refusal. */
async function openNoFollow(target: string, flags: number, mode?: number): Promise<FileHandle> {
  try {
    return await fsp.open(target, flags | O_NOFOLLOW | O_NONBLOCK, mode);
  } catch (error) {
    // ELOOP: the last component is a symbolic link; ENOTDIR with O_DIRECTORY: not a folder (or a link to one).
    if (codeOf(error) === 'ELOOP') throw new ConfinementError('symlink', `${target} is a symbolic link`);
    throw error;
  }
}

/** Verifies an open descriptor lies inside `within`; returns its real path. Closes nothing. */
async function verifyOpened(handle: FileHandle, stats: Stats, requested: string, within: string): Promise<string> {
  if (DESCRIPTOR_PATHS) {
    const real = await fsp.readlink(fdPath(handle));
    if (!isInside(within, real))
      throw new ConfinementError('outside', `${requested} was opened at ${real}, outside ${within}`);
    return real;
  }
  let real: string;
  try {
    real = await fsp.realpath(requested);
  } catch {
    throw new ConfinementError('outside', `${requested} changed while it was opened`);
  }
  const now = await fsp.stat(real).catch(() => null);
  if (!isInside(within, real) || now === null || now.dev !== stats.dev || now.ino !== stats.ino) {
    throw new ConfinementError('outside', `${requested} does not lead to what was opened inside ${within}`);
  }
  return real;
}

async function closeOnThrow<T>(handle: FileHandle, use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** A regular file with one link, else a refusal. */
export function checkRegular(stats: Stats, requested: string): void {
  if (!stats.isFile())
    throw new ConfinementError(stats.isDirectory() ? 'directory' : 'not-a-file', `${requested} is not a regular file`);
  if (stats.nlink > 1) throw new ConfinementError('hard-link', `${requested} has ${stats.nlink} hard links`);
}

interface OpenedDirectory {
  handle: FileHandle;
  /** The verified real path. */
  real: string;
  /** A path that names THIS directory whatever happens to the path it was opened by (Linux), else its real path. */
  via: string;
}

/** Opens a folder (not through a final link) and verifies it is inside `within`. The caller closes it. */
async function openDirectoryIn(dir: string, within: string): Promise<OpenedDirectory> {
  const handle = await openNoFollow(dir, constants.O_RDONLY | O_DIRECTORY);
  return closeOnThrow(handle, async () => {
    const stats = await handle.stat();
    if (!stats.isDirectory()) throw new ConfinementError('not-a-file', `${dir} is not a folder`);
    const real = await verifyOpened(handle, stats, dir, within);
    return { handle, real, via: DESCRIPTOR_PATHS ? fdPath(handle) : real };
  });
}

/** The whole content of a regular, singly linked file inside `within`. */
export async function readFileIn(file: string, within: string): Promise<Uint8Array> {
  const handle = await openFileIn(file, within);
  try {
    return await handle.readFile();
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** A regular, singly linked file inside `within`, opened for reading in parts (grep); the caller closes it. */
async function openFileIn(file: string, within: string): Promise<FileHandle> {
  const handle = await openNoFollow(file, constants.O_RDONLY);
  return closeOnThrow(handle, async () => {
    const stats = await handle.stat();
    checkRegular(stats, file);
    await verifyOpened(handle, stats, file, within);
    return handle;
  });
}

/** Creates or replaces `file`, created inside its verified parent folder. */
export async function writeFileIn(file: string, text: string, within: string): Promise<void> {
  const parent = await openDirectoryIn(path.dirname(file), within);
  try {
    const handle = await openNoFollow(
      path.join(parent.via, path.basename(file)),
      constants.O_WRONLY | constants.O_CREAT,
      0o666,
    );
    try {
      const stats = await handle.stat();
      checkRegular(stats, file);
      await verifyOpened(handle, stats, path.join(parent.real, path.basename(file)), within);
      await handle.truncate(0);
      await writeText(handle, text);
    } finally {
      await handle.close().catch(() => undefined);
    }
  } finally {
    await parent.handle.close().catch(() => undefined);
  }
}

/** `mkdir -p` one verified folder at a time, from `within` down; a link on the way is refused. */
export async function createDirectoryIn(dir: string, within: string): Promise<void> {
  const rel = path.relative(within, dir);
  if (!isInside(within, dir)) throw new ConfinementError('outside', `${dir} is outside ${within}`);
  let current = await openDirectoryIn(within, within);
  try {
    for (const name of rel === '' ? [] : rel.split(path.sep)) {
      const next = path.join(current.via, name);
      try {
        await fsp.mkdir(next);
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error;
      }
      const opened = await openDirectoryIn(next, within).catch((error: unknown) => {
        throw codeOf(error) === 'ENOTDIR'
          ? new ConfinementError('not-a-file', `${path.join(current.real, name)} is not a folder`)
          : error;
      });
      await current.handle.close().catch(() => undefined);
      current = opened;
    }
  } finally {
    await current.handle.close().catch(() => undefined);
  }
}

/** The entries of a verified folder, read through its descriptor; `describe` runs while it is open. */
export async function readDirectoryIn<T>(
  dir: string,
  within: string,
  describe: (via: string, entries: Dirent[]) => Promise<T>,
): Promise<T> {
  const opened = await openDirectoryIn(dir, within);
  try {
    return await describe(opened.via, await fsp.readdir(opened.via, { withFileTypes: true }));
  } finally {
    await opened.handle.close().catch(() => undefined);
  }
}
