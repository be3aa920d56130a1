// What of an agent run is still running: the real-agent tests check that a run leaves
// nothing behind (the agent and whatever it started), by the processes' working folders.
import * as fs from 'node:fs';

/** Processes (not zombies) whose working folder is `dir` or inside it, as `pid: command line`; Linux only (/proc). */
export function processesIn(dir: string): string[] {
  const left: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) left.push(`${pid}: ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return left;
}
