// When a session is shown read-only because another process held its write lock, this
// checks, every WRITER_CHECK_MS, whether that process is gone, so the window can take
// the session over. Polled: a writer killed with -9 leaves its lock behind, and no file
// event says it died.
import { readLockOwner } from '../../core/store/lock';

const WRITER_CHECK_MS = 1000;

export interface LockFreeWatch {
  /** False once the session is no longer the one shown read-only: the watch ends. */
  stillShown(): boolean;
  /** False while taking over must wait (a pick still loading: the user chose last). */
  mayTakeOver(): boolean;
  /** No live process holds the lock: called once, and the watch ends. */
  free(): void;
}

/** Watches `logPath`'s lock; dispose ends the watch. */
export function watchLockFree(logPath: string, watch: LockFreeWatch): { dispose(): void } {
  const timer = setInterval(() => {
    if (!watch.stillShown()) return clearInterval(timer);
    if (!watch.mayTakeOver() || readLockOwner(logPath) !== null) return;
    clearInterval(timer);
    watch.free();
  }, WRITER_CHECK_MS);
  timer.unref();
  return { dispose: () => clearInterval(timer) };
}
