// What is left running of a test's processes, read from /proc (Linux).
import * as fs from 'node:fs';

/** Processes (not zombies) whose working folder is inside `dir`: what is left of an agent run there. */
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
