// A thread's CPU time, for the Markdown parser's deadline. On a machine whose cores are
// busy the worker thread gets a fraction of a core, and a deadline in wall-clock time
// would give up on ordinary answers; the deadline counts the time the worker's thread
// actually ran. Linux only (/proc): elsewhere both functions give null and the deadline
// is wall-clock time.
import { readFileSync, readlinkSync } from 'node:fs';

/** The calling thread's id (a worker tells its parent), or null where /proc has none. */
export function currentThreadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop()); // "<pid>/task/<tid>"
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The CPU time (user + system) thread `tid` of this process has run, in
 * ms (10 ms steps: Linux's USER_HZ is 100); null when it cannot be read.
 */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}
