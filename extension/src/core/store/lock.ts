// Single writer per session log: `<log>.lock` holds the writer's pid. A lock whose
// pid is gone (crash, kill -9) is stale and taken over; a live one refuses, and the
// caller opens the session read-only instead. The lock is created exclusively (a
// planted link is never followed: O_EXCL refuses it) and read without following links.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { type Disposable, toDisposable } from '../disposable';
import { openNoFollow } from './no-follow';
import { brandedError, errorGuard } from '../error-brand';

export class SessionLockedError extends brandedError('SessionLockedError') {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `the session is open for writing in another process (pid ${pid}); ` +
        `open it read-only, or stop that process. Lock: ${lockPath}`,
    );
    this.name = 'SessionLockedError';
  }
}

/** Whether `value` is a SessionLockedError, whichever bundle's copy of the class made it. */
export const isSessionLockedError = errorGuard<SessionLockedError>('SessionLockedError');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    const fd = openNoFollow(lockPath, fs.constants.O_RDONLY);
    try {
      const pid = Number.parseInt(fs.readFileSync(fd, 'utf8').split('\n')[0] ?? '', 10);
      return Number.isFinite(pid) ? pid : null;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

export function acquireLock(logPath: string): Disposable {
  const lockPath = `${logPath}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n${os.hostname()}\n${new Date().toISOString()}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
      return toDisposable(() => {
        if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(lockPath);
      if (pid !== null && pid !== process.pid && isAlive(pid)) throw new SessionLockedError(lockPath, pid);
      if (pid === process.pid) throw new SessionLockedError(lockPath, pid);
      fs.rmSync(lockPath, { force: true }); // stale: its writer is gone
    }
  }
  throw new Error(`could not acquire ${lockPath}`);
}

export function readLockOwner(logPath: string): number | null {
  const pid = readPid(`${logPath}.lock`);
  return pid !== null && isAlive(pid) ? pid : null;
}
