// Logs whose writer died (kill -9, a crash, a closed laptop): the writer's lock file
// is still there but its pid is gone, and the log may end inside an open turn.
// Opening such a log for writing repairs it (session-store.openLogForWrite); this
// finds them in a folder so a later writer can repair them without anyone asking
// to reopen that exact session.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionHeader } from '../session/header';
import { isSessionLockedError, readLockOwner } from './lock';
import { openLogForWrite, readHeader } from './session-store';

export interface RepairedLog {
  path: string;
  cutBytes: number;
  appended: number;
}

/**
 * Repairs every log in `dir` that has a stale lock and whose header `accept`s
 * (a writer repairs only logs of its own kind). A log another process is repairing
 * at the same moment, or one that fails to load, is left as it is.
 */
export function repairAbandonedLogs(
  dir: string,
  accept: (header: SessionHeader) => boolean,
): { repaired: RepairedLog[]; failed: { path: string; message: string }[] } {
  const repaired: RepairedLog[] = [];
  const failed: { path: string; message: string }[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return { repaired, failed };
  }
  for (const name of names) {
    if (!name.endsWith('.jsonl.lock')) continue;
    const logPath = path.join(dir, name.slice(0, -'.lock'.length));
    if (readLockOwner(logPath) !== null || !fs.existsSync(logPath)) continue;
    try {
      if (!accept(readHeader(logPath))) continue;
      const opened = openLogForWrite(logPath);
      opened.dispose();
      repaired.push({ path: logPath, ...opened.repair });
    } catch (error) {
      if (isSessionLockedError(error)) continue;
      failed.push({ path: logPath, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { repaired, failed };
}
