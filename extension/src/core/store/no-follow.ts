// The writer's guard against a log it does not own: folders and files are opened
// without following symlinks, and before each append the log must still be the file
// this writer opened (device, inode) and exactly as long as it wrote. A check only
// by size cannot see a same-length rewrite in place; that is what `check` is for.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { brandedError } from '../error-brand';

type LogGuardProblem = 'link' | 'deleted' | 'replaced' | 'changed';

/** The log (or a folder on its path) is not the writer's own: the append is refused, nothing is rewritten. */
class LogGuardError extends brandedError('LogGuardError') {
  constructor(
    readonly logPath: string,
    readonly problem: LogGuardProblem,
    detail: string,
  ) {
    super(`session log ${logPath}: ${detail}; nothing more is written to it (open it again to check it)`);
    this.name = 'LogGuardError';
  }
}

/** The folder name under which every component of a session folder is checked. */
const GUARDED_ROOT = '.agent-checklist';

/**
 * Refuses `dir` when it, or any component from a `.agent-checklist` folder down to
 * it, is a symlink (components that do not exist yet are fine: they are created
 * as real folders). Components above are the user's (e.g. macOS's /tmp link).
 */
export function refuseLinkedFolders(dir: string): void {
  const resolved = path.resolve(dir);
  const parts = resolved.split(path.sep);
  const rootAt = parts.lastIndexOf(GUARDED_ROOT);
  const from = rootAt === -1 ? parts.length - 1 : rootAt;
  for (let i = from; i < parts.length; i++) {
    const component = parts.slice(0, i + 1).join(path.sep) || path.sep;
    if (isLink(component))
      throw new LogGuardError(
        resolved,
        'link',
        `the folder ${component} is a symbolic link; the writer does not follow links`,
      );
  }
}

/** Creates the session folder (0700 for new folders) after refusing linked components. */
export function makeSessionFolder(dir: string): void {
  refuseLinkedFolders(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  refuseLinkedFolders(dir);
}

/** Throws when `file` is a symlink; a missing file is fine. */
export function refuseLinkedFile(file: string): void {
  if (isLink(file)) throw new LogGuardError(file, 'link', 'it is a symbolic link; the writer does not follow links');
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Opens `file` with O_NOFOLLOW: a link is refused with a LogGuardError, not followed. */
export function openNoFollow(file: string, flags: number, mode = 0o600): number {
  try {
    return fs.openSync(file, flags | fs.constants.O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new LogGuardError(file, 'link', 'it is a symbolic link; the writer does not follow links');
    throw error;
  }
}

/** Throws unless `file` is still the file open as `fd` and `expectedSize` bytes long. */
export function assertStillOwn(file: string, fd: number, expectedSize: number): void {
  let onDisk: fs.Stats;
  try {
    onDisk = fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new LogGuardError(file, 'deleted', 'it was deleted while this session was writing it');
    throw error;
  }
  const open = fs.fstatSync(fd);
  if (onDisk.dev !== open.dev || onDisk.ino !== open.ino)
    throw new LogGuardError(file, 'replaced', 'it was replaced by another file while this session was writing it');
  if (open.size !== expectedSize) {
    const how = open.size < expectedSize ? 'truncated' : 'changed';
    throw new LogGuardError(
      file,
      'changed',
      `it was ${how} by someone else (${open.size} bytes, this session wrote ${expectedSize})`,
    );
  }
}
