// bash in a sandbox: on Linux, each command runs under bubblewrap (`bwrap`) when it
// is installed and allowed to make namespaces:
// - the workspace folder writable, the rest of the file system read-only, /tmp a
//   private tmpfs, /dev and /proc of the sandbox's own;
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
// A hard link from the workspace to a file outside fails (EXDEV: the workspace is a
// separate bind mount). A symbolic link made inside still points wherever it points:
// the file tools verify what they open (confined-open.ts), the sandbox does not.
// When bwrap is missing or refused, hosts say so once and bash runs unsandboxed,
// confined to its process group only (process-group.ts).
import { spawn } from 'node:child_process';

export const SANDBOX_MODES = ['auto', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface SandboxPolicy {
  mode: SandboxMode;
  /** Network inside the sandbox (default off). */
  network: boolean;
}

export const DEFAULT_SANDBOX: SandboxPolicy = { mode: 'auto', network: false };

export type SandboxProbe = { available: true } | { available: false; reason: string };

/** The bwrap arguments before `-- <program> <args…>`. `writable` is the workspace's real path. */
export function bwrapArgs(writable: string, cwd: string, network: boolean): string[] {
  return [
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    '--bind', writable, writable,
    '--chdir', cwd,
    ...(network ? [] : ['--unshare-net']),
    '--unshare-pid',
    '--die-with-parent',
  ];
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
