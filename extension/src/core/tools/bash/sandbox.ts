// bash in a sandbox: on Linux, each command runs under bubblewrap (`bwrap`) when it
// is installed and allowed to make namespaces:
// - the workspace folder writable, the rest of the file system read-only, /tmp and
//   /run private tmpfs, /dev and /proc of the sandbox's own. /run because a Unix
//   socket stays connectable on a read-only mount, and /run holds the ones that run
//   code outside on request (the Docker socket, D-Bus for systemd-run, systemd's own,
//   VS Code's IPC socket); the resolver configuration is kept (/etc/resolv.conf is
//   often a link into /run);
// - no network (its own empty network namespace) unless the user allows it
//   (agentChecklist.tools.bash.network / --bash-network);
// - its own PID namespace (the command's background processes die with it), and
//   --die-with-parent: if the agent dies, kill -9 included, the sandbox dies too;
// - NO --new-session. bwrap's child (the sandbox's PID 1) calls setsid() for it
//   before it forks the command and only then sets its parent-death signal: an agent
//   killed in that window left it outside the process group the lifeline watcher
//   kills, without --die-with-parent yet, and the command outlived the agent (a start
//   killed in its first moments, under load). Without it, PID 1 stays in the group for
//   its whole life, so the watcher's `kill -KILL 0` reaches it in every phase of
//   bwrap's start, and its death ends the whole PID namespace. What --new-session was
//   for (CVE-2017-5226: TIOCSTI into the user's terminal) is already covered: the
//   group is spawned detached, i.e. in a session of its own with no controlling
//   terminal, and its stdio are pipes and /dev/null (process-group.ts).
// - every capability dropped (--cap-drop ALL) and no_new_privs (bwrap always sets it),
//   so a command run by root cannot unmount, remount, nsenter or ptrace its way out:
//   inside, CapEff is 0 for root as for anyone;
// - its own IPC and UTS namespaces;
// - the protected paths mounted read-only over the writable workspace: the top-level
//   names (.git, .agent-checklist, .vscode, .envrc, .github, .husky, AGENTS.md,
//   CLAUDE.md), an empty read-only placeholder for each one absent (so `git init` or
//   `echo … > .envrc` is refused too; removed afterwards when untouched), every nested
//   .git and .vscode and every match of the user's protectedPaths globs (a bounded walk), each
//   mounted from a descriptor and checked inside before the command runs, so a swap
//   while the sandbox starts is refused, not mounted elsewhere (sandbox/read-only-mounts.ts);
//   a protected path the command itself creates (no mount could cover it) is moved out
//   of the workspace once the command is gone, and its result says so (sandbox/quarantine.ts);
// - limits (agentChecklist.tools.bash.limits): memory and address space per process always
//   (`ulimit -d`, `ulimit -v`); the process count by `ulimit -u` when the agent is not root, and,
//   for root (whom Linux's RLIMIT_NPROC never limits), by a pids cgroup of the
//   command's own, joined before bwrap starts (sandbox/pids-cgroup.ts); without one
//   the first command says so.
// A hard link from the workspace to a file outside fails (EXDEV: the workspace is a
// separate bind mount). A symbolic link made inside still points wherever it points:
// the file tools verify what they open (confined-open.ts), the sandbox does not.
// When bwrap is missing or refused, hosts say so once and bash runs unsandboxed,
// confined to its process group only (process-group.ts).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import type { BashLimits } from './bash-limits';
import { insideCommand } from './sandbox/inside';
import type { ReadOnlyMount } from './sandbox/read-only-mounts';
import type { SandboxMode } from './sandbox-modes';

export interface SandboxPolicy {
  mode: SandboxMode;
  /** Network inside the sandbox (default off). */
  network: boolean;
  /** Per-command limits (default DEFAULT_BASH_LIMITS). */
  limits?: BashLimits;
  /** The user's protected globs (agentChecklist.tools.protectedPaths): what they match is read-only too. */
  protectedGlobs?: readonly string[];
}

export const DEFAULT_SANDBOX: SandboxPolicy = { mode: 'auto', network: false };

/** What one sandboxed command gets (sandbox/prepare.ts makes it; release it once the command is gone). */
export interface SandboxRun {
  /** The workspace's real path. */
  writable: string;
  network: boolean;
  limits: BashLimits;
  /** The agent is root (no `ulimit -u`; the pids cgroup limits instead). */
  root: boolean;
  /** Real paths inside `writable` mounted read-only, each from a descriptor this process holds. */
  readOnly: readonly ReadOnlyMount[];
  /** The cgroup.procs the launcher joins before it execs bwrap; null: none. */
  cgroupProcs: string | null;
  /** Lines printed into the command's output before it runs. */
  notes: readonly string[];
  /**
   * Removes the command's cgroup (killing what is left in it), moves the protected
   * paths the command created out of the workspace (sandbox/quarantine.ts), closes the
   * descriptors, removes untouched placeholders. Resolves to the lines that end the
   * command's output (what was moved); [] on a second call.
   */
  release(): Promise<string[]>;
}

export type SandboxProbe = { available: true } | { available: false; reason: string };

let kept: string[] | undefined;
/** The host files under /run the sandbox keeps: the resolver configuration, when /etc/resolv.conf leads there. */
function keptUnderRun(): string[] {
  if (kept === undefined) {
    let real: string | null = null;
    try {
      real = fs.realpathSync('/etc/resolv.conf');
    } catch {
      // no resolver configuration: nothing to keep
    }
    kept = real !== null && real.startsWith('/run/') ? [real] : [];
  }
  return kept;
}

/** The launched process's first descriptor for the read-only mounts (0-2 stdio, 3 the lifeline: process-group.ts). */
const FIRST_MOUNT_FD = 4;

/**
 * The bwrap arguments before `--`. `writable` is the workspace's real path; `readOnly`
 * real paths inside it, mounted from descriptors `firstFd`, `firstFd + 1`, ….
 */
function bwrapArgs(
  writable: string,
  cwd: string,
  network: boolean,
  readOnly: readonly string[] = [],
  firstFd = FIRST_MOUNT_FD,
): string[] {
  return [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/run',
    ...keptUnderRun().flatMap((file) => ['--ro-bind', file, file]),
    '--bind',
    writable,
    writable,
    ...readOnly.flatMap((p, i) => ['--ro-bind-fd', String(firstFd + i), p]),
    '--chdir',
    cwd,
    ...(network ? [] : ['--unshare-net']),
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--cap-drop',
    'ALL',
    '--die-with-parent',
  ];
}

/** The command line that runs `command` in the sandbox, and the descriptors to hand it at FIRST_MOUNT_FD onwards. */
export function sandboxArgv(run: SandboxRun, cwd: string, command: string): { argv: string[]; fds: number[] } {
  const paths = run.readOnly.map((m) => m.path);
  const inside = insideCommand({
    command,
    limits: run.limits,
    root: run.root,
    writable: run.writable,
    readOnly: paths,
    notes: run.notes,
  });
  const bwrap = ['bwrap', ...bwrapArgs(run.writable, cwd, run.network, paths), '--', ...inside];
  // The launcher joins the command's cgroup, then becomes bwrap: all that follows is counted.
  const argv =
    run.cgroupProcs === null ? bwrap : ['bash', '-c', 'echo $$ > "$0" && exec "$@"', run.cgroupProcs, ...bwrap];
  return { argv, fds: run.readOnly.map((m) => m.fd) };
}

/** The notice's text with `{0}` for the reason (the extension localizes this same template). */
export const SANDBOX_UNAVAILABLE_TEMPLATE =
  'bash runs WITHOUT a sandbox: {0}. Commands can read and write whatever your user can and reach the ' +
  'network; install bubblewrap (Debian/Ubuntu: apt install bubblewrap) to confine them to the workspace.';
export const sandboxUnavailableMessage = (reason: string): string =>
  SANDBOX_UNAVAILABLE_TEMPLATE.replace('{0}', reason);

let probed: Promise<SandboxProbe> | undefined;

/** Whether bwrap runs here (checked once per process, by running it: installed is not enough in some containers). */
export function probeSandbox(): Promise<SandboxProbe> {
  probed ??= new Promise((resolve) => {
    if (process.platform !== 'linux') {
      resolve({ available: false, reason: `there is no bubblewrap sandbox on ${process.platform}` });
      return;
    }
    const child = spawn('bwrap', [...bwrapArgs('/', '/', false), '--', 'true'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.on('error', (error) => {
      clearTimeout(timer);
      const missing = 'code' in error && error.code === 'ENOENT';
      resolve({
        available: false,
        reason: missing ? 'bubblewrap (bwrap) is not installed' : `bubblewrap could not start (${error.message})`,
      });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ available: true });
      else
        resolve({
          available: false,
          reason: `bubblewrap was refused here (${stderr.trim().split('\n')[0] || `exit ${code}`})`,
        });
    });
  });
  return probed;
}

let told = false;
/**
 * Calls `say(reason)` the first time in this process that a command runs unsandboxed although the sandbox was wanted.
 */
export function sayOnce(say: ((reason: string) => void) | undefined, reason: string): void {
  if (told || say === undefined) return;
  told = true;
  say(reason);
}
