// What of an agent run is still running: the real-agent tests check that a run leaves
// nothing behind (the agent and whatever it started), by the processes' working
// folders or by a marker in their environment. Linux only (/proc).
import * as fs from 'node:fs';

/** Processes (not zombies) that `matches` (given the pid), as `pid: command line`. */
function processesWhere(matches: (pid: string) => boolean): string[] {
  const left: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (matches(pid)) left.push(`${pid}: ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return left;
}

/** Processes whose working folder is `dir` or inside it. */
export function processesIn(dir: string): string[] {
  return processesWhere((pid) => {
    const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    return cwd === dir || cwd.startsWith(`${dir}/`);
  });
}

/** Processes whose environment holds `marker` (e.g. `CLAUDE_CONFIG_DIR=<the test's folder>`): what is left of the agent. */
export function agentProcesses(marker: string): string[] {
  return processesWhere((pid) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker));
}
