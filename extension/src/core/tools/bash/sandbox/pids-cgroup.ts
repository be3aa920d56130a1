// The process limit for a sandboxed command run by root. Linux never applies
// RLIMIT_NPROC (`ulimit -u`) to uid 0, so for root each command gets a pids cgroup
// of its own with pids.max = the limit:
// - made before the command is spawned, as a child of the agent's own pids cgroup:
//   cgroup v2 when that cgroup already delegates the pids controller to its children
//   (`pids` in its cgroup.subtree_control), else the cgroup v1 `pids` hierarchy;
// - joined by the command's launcher before it execs bwrap (`echo $$ > cgroup.procs`,
//   sandbox.ts), so bwrap and every process of the sandbox are counted from the first;
//   the launcher fails, and the command does not run, when the join fails;
// - left by nothing inside: the sandbox has no capabilities and sees /sys read-only;
// - removed after the command is gone (Stop, timeout and kill -9 of the sandbox
//   included): its leftover members, if any, are killed first. An agent killed with
//   kill -9 cannot remove its own; the next agent removes those left empty.
// When none is writable here the limit cannot be had: the first command says so
// (noPidsLimitNote). A non-root agent keeps `ulimit -u`, which does apply to it.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface PidsCgroup {
  /** The cgroup's folder. */
  dir: string;
  /** Its cgroup.procs: the launcher writes its own pid there. */
  procs: string;
  /** Kills what is left in it and removes it (retried while its last members exit). */
  remove(): Promise<void>;
}

type Parent = { dir: string } | { reason: string };

/**
 * Mount points of the cgroup file systems, from /proc/self/mountinfo:
 * v2, and v1's pids hierarchy (with the root it shows).
 */
function cgroupMounts(): { v2: string | null; v1: { point: string; root: string } | null } {
  let v2: string | null = null;
  let v1: { point: string; root: string } | null = null;
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) continue;
    const fields = before.split(' ');
    const [type, , superOptions] = after.split(' ');
    const root = fields[3];
    const point = fields[4];
    if (root === undefined || point === undefined) continue;
    if (type === 'cgroup2') v2 ??= point;
    else if (type === 'cgroup' && (superOptions ?? '').split(',').includes('pids')) v1 ??= { point, root };
  }
  return { v2, v1 };
}

function findParent(): Parent {
  try {
    const { v2, v1 } = cgroupMounts();
    const lines = fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n');
    const own = (controller: (list: string) => boolean): string | null => {
      for (const line of lines) {
        const first = line.indexOf(':');
        const second = line.indexOf(':', first + 1);
        if (first > 0 && second > first && controller(line.slice(first + 1, second))) return line.slice(second + 1);
      }
      return null;
    };
    const v2Own = own((list) => list === '');
    if (v2 !== null && v2Own !== null) {
      const dir = path.join(v2, v2Own);
      const delegated = fs.readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('pids');
      if (delegated && writable(dir)) return { dir };
    }
    const v1Own = own((list) => list.split(',').includes('pids'));
    if (v1 !== null && v1Own !== null) {
      const rel = v1Own.startsWith(v1.root) ? v1Own.slice(v1.root.length) : v1Own;
      const dir = path.join(v1.point, rel);
      if (writable(dir)) return { dir };
      return { reason: `the pids cgroup ${dir} is not writable` };
    }
    return { reason: 'no pids cgroup controller is mounted where this process can use it' };
  } catch (error) {
    return { reason: `the cgroups could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

let parent: Parent | undefined;
let made = 0;

/** Removes the empty command cgroups of agents that are gone (killed before they could remove their own). */
function removeStale(dir: string): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^agent-checklist-(\d+)-\d+$/.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || alive(Number(pid))) continue;
    try {
      fs.rmdirSync(path.join(dir, name)); // refused (EBUSY) while anything is still in it
    } catch {
      // in use or gone
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** A fresh pids cgroup limited to `max` tasks, or why there is none. */
export function makePidsCgroup(max: number): PidsCgroup | { reason: string } {
  if (parent === undefined) {
    parent = findParent();
    if ('dir' in parent) removeStale(parent.dir);
  }
  if ('reason' in parent) return parent;
  const dir = path.join(parent.dir, `agent-checklist-${process.pid}-${++made}`);
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    return {
      reason:
        `a pids cgroup could not be made in ${parent.dir} ` +
        `(${error instanceof Error ? error.message : String(error)})`,
    };
  }
  try {
    fs.writeFileSync(path.join(dir, 'pids.max'), String(max));
  } catch (error) {
    fs.rmdirSync(dir);
    return {
      reason: `pids.max could not be set in ${dir} (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  return { dir, procs: path.join(dir, 'cgroup.procs'), remove: () => removeCgroup(dir) };
}

const REMOVE_TRIES = 100;
const REMOVE_PAUSE_MS = 10;

async function removeCgroup(dir: string): Promise<void> {
  for (let tries = 0; tries < REMOVE_TRIES; tries++) {
    try {
      fs.rmdirSync(dir);
      return;
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return;
    }
    // Still has members: a sandbox whose bwrap was killed ends a moment later; make sure.
    let members: string[] = [];
    try {
      members = fs
        .readFileSync(path.join(dir, 'cgroup.procs'), 'utf8')
        .split('\n')
        .filter((p) => /^\d+$/.test(p));
    } catch {
      // gone meanwhile: the next rmdir says so
    }
    for (const pid of members) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, REMOVE_PAUSE_MS));
  }
}

/** Said once, in the first root command's output, when no pids cgroup is to be had. */
export const noPidsLimitNote = (reason: string): string =>
  `[sandbox: no process limit for this agent: it runs as root, which Linux's process limit ` +
  `(ulimit -u) never applies to, and ${reason}; a fork bomb here is bounded only by the host]`;
