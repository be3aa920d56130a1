// Opening a session log to write one user decision into it (edit, approve): it takes
// the session's lock like any writer. While another process holds it (a running
// turn, a VS Code window) the command is refused with the holder named, and nothing
// is written: that process is the one to ask.
import { isSessionLockedError } from '../core/store/lock';
import { openLogForWrite, type WritableSession } from '../core/store/session-store';
import type { CliIo } from './io';

/**
 * The log opened for writing, or null (said on stderr) while another process writes it; e.g. `what` `edit the plan`,
 * `there` `edit it there`.
 */
export function openUnlessWritten(io: CliIo, logPath: string, what: string, there: string): WritableSession | null {
  try {
    return openLogForWrite(logPath);
  } catch (error) {
    if (isSessionLockedError(error)) {
      io.err(
        `agent-checklist: cannot ${what}: process ${error.pid} is writing this session; ` +
          `${there}, or stop that process (lock: ${error.lockPath})`,
      );
      return null;
    }
    throw error;
  }
}

/** Says how opening `opened` repaired its log (torn bytes cut, the interrupted turn closed), when it had to. */
export function reportRepair(opened: WritableSession, say: (line: string) => void): void {
  if (opened.repair.cutBytes || opened.repair.appended)
    say(
      `repaired ${opened.path}: cut ${opened.repair.cutBytes} torn bytes, ` +
        `closed the interrupted turn with ${opened.repair.appended} event(s)`,
    );
}
