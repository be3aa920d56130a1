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
//   kills, without --die-with-parent yet, and the command outlived the agent (3 of 30
//   starts killed 0-40 ms in, under load). Without it, PID 1 stays in the group for
//   its whole life, so the watcher's `kill -KILL 0` reaches it in every phase of
//   bwrap's start, and its death ends the whole PID namespace. What --new-session was
//   for (CVE-2017-5226: TIOCSTI into the user's terminal) is already covered: the
//   group is spawned detached, i.e. in a session of its own with no controlling
//   terminal, and its stdio are pipes and /dev/null (process-group.ts).
// - every capability dropped (--cap-drop ALL) and no_new_privs (bwrap always sets it),
//   so a command run by root cannot unmount, remount, nsenter or ptrace its way out:
//   inside, CapEff is 0 for root as for anyone;
// - its own IPC and UTS namespaces;
// - the protected paths that exist when the command starts (.git, .agent-checklist,
//   .vscode, .envrc, .github, .husky, AGENTS.md, CLAUDE.md and the user's extra
//   paths) mounted read-only over the writable workspace: what runs later outside
//   the sandbox (git hooks and config, editor tasks, CI) and our own logs cannot be
//   written. A protected path that does not exist yet is not mounted (mounting would
//   create it in the user's workspace): a command can create it (`git init`);
// - limits (agentChecklist.tools.bash.limits), set by bash's `ulimit` inside the
//   sandbox, after the capabilities are gone: address space per process always; the
//   process count when the agent is not root (in the sandbox's user namespace it
//   counts the sandbox's own processes). Linux does not apply RLIMIT_NPROC to root
//   (uid 0) at all, so for root it is left alone: that needs a pids cgroup.
// A hard link from the workspace to a file outside fails (EXDEV: the workspace is a
// separate bind mount). A symbolic link made inside still points wherever it points:
// the file tools verify what they open (confined-open.ts), the sandbox does not.
// When bwrap is missing or refused, hosts say so once and bash runs unsandboxed,
// confined to its process group only (process-group.ts).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type BashLimits, DEFAULT_BASH_LIMITS } from './bash-limits';
import { SANDBOX_READ_ONLY } from './protected-paths';

export const SANDBOX_MODES = ['auto', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface SandboxPolicy {
  mode: SandboxMode;
  /** Network inside the sandbox (default off). */
  network: boolean;
  /** Per-command limits (default DEFAULT_BASH_LIMITS). */
  limits?: BashLimits;
  /** Workspace-relative paths mounted read-only besides SANDBOX_READ_ONLY (the user's protected paths without glob characters). */
  readOnly?: readonly string[];
}

export const DEFAULT_SANDBOX: SandboxPolicy = { mode: 'auto', network: false };

/** What one sandboxed command gets: `writable` is the workspace's real path. */
export interface SandboxRun {
  writable: string;
  network: boolean;
  limits: BashLimits;
  /** Real paths inside `writable` to mount read-only. */
  readOnly: readonly string[];
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

/** The bwrap arguments before `-- <program> <args…>`. `writable` is the workspace's real path; `readOnly` real paths inside it. */
export function bwrapArgs(writable: string, cwd: string, network: boolean, readOnly: readonly string[] = []): string[] {
  return [
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    '--tmpfs', '/run',
    ...keptUnderRun().flatMap((file) => ['--ro-bind', file, file]),
    '--bind', writable, writable,
    ...readOnly.flatMap((p) => ['--ro-bind', p, p]),
    '--chdir', cwd,
    ...(network ? [] : ['--unshare-net']),
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--cap-drop', 'ALL',
    '--die-with-parent',
  ];
}

/**
 * The protected paths to mount read-only: each existing one, as its real path when
 * that is inside the workspace (a link pointing outside needs nothing: outside is
 * read-only already). Checked when each command starts.
 */
export function readOnlyMounts(writable: string, extra: readonly string[] = []): string[] {
  const out = new Set<string>();
  for (const name of [...SANDBOX_READ_ONLY, ...extra]) {
    const candidate = path.join(writable, name);
    let real: string;
    try {
      real = fs.realpathSync(candidate);
    } catch {
      continue; // absent (or a dangling link)
    }
    if (real === writable || !real.startsWith(writable + path.sep)) continue;
    out.add(real);
  }
  return [...out];
}

/** The command line run inside bwrap: bash sets the limits on itself, then runs the command (`$1`, never re-parsed). */
export function limitedCommand(command: string, limits: BashLimits = DEFAULT_BASH_LIMITS, root = process.getuid?.() === 0): string[] {
  const kib = limits.addressSpaceMiB * 1024;
  const nproc = root ? '' : `ulimit -u ${limits.processes} && `;
  return ['bash', '-c', `ulimit -v ${kib} && ${nproc}exec bash -c "$1"`, 'bash', command];
}

/** The notice's text with `{0}` for the reason (the extension localizes this same template). */
export const SANDBOX_UNAVAILABLE_TEMPLATE =
  'bash runs WITHOUT a sandbox: {0}. Commands can read and write whatever your user can and reach the network; install bubblewrap (Debian/Ubuntu: apt install bubblewrap) to confine them to the workspace.';
export const sandboxUnavailableMessage = (reason: string): string => SANDBOX_UNAVAILABLE_TEMPLATE.replace('{0}', reason);

let probed: Promise<SandboxProbe> | undefined;

/** Whether bwrap runs here (checked once per process, by running it: installed is not enough in some containers). */
export function probeSandbox(): Promise<SandboxProbe> {
  probed ??= new Promise((resolve) => {
    if (process.platform !== 'linux') {
      resolve({ available: false, reason: `there is no bubblewrap sandbox on ${process.platform}` });
      return;
    }
    const child = spawn('bwrap', [...bwrapArgs('/', '/', false), '--', 'true'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.on('error', (error) => {
      clearTimeout(timer);
      const missing = 'code' in error && error.code === 'ENOENT';
      resolve({ available: false, reason: missing ? 'bubblewrap (bwrap) is not installed' : `bubblewrap could not start (${error.message})` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ available: true });
      else resolve({ available: false, reason: `bubblewrap was refused here (${stderr.trim().split('\n')[0] || `exit ${code}`})` });
    });
  });
  return probed;
}

let told = false;
/** Calls `say(reason)` the first time in this process that a command runs unsandboxed although the sandbox was wanted. */
export function sayOnce(say: ((reason: string) => void) | undefined, reason: string): void {
  if (told || say === undefined) return;
  told = true;
  say(reason);
}
