// Runs one shell command in its own process group (POSIX), so that a timeout or
// the user's Stop kills the command AND everything it started: SIGTERM to the
// whole group, then SIGKILL after a grace period. When the command exits, what it
// left running in its group is ended the same way (something meant to outlive it
// must leave the group, e.g. with setsid). No standard input: an interactive
// program sees end-of-file instead of hanging the turn.
//
// When the agent itself dies (kill -9 of the CLI or the extension host), nothing is
// left to signal the group, so the group watches the agent instead:
// a watcher in the group blocks reading a socket only the agent holds open (stdio
// fd 3); the kernel closes it when the agent dies, however it dies, and the watcher
// then SIGKILLs the whole group. Unsandboxed, only what left the group (setsid)
// survives that. Sandboxed, the group's leader is bwrap itself (its --die-with-parent
// covers the sandbox's processes, not bwrap: bwrap outlives a killed parent), and the
// sandbox's PID 1 stays in the group (no --new-session, see sandbox.ts), so the
// watcher's kill reaches both at any moment of bwrap's start; PID 1's death takes the
// whole PID namespace down.
import { spawn, type ChildProcess } from 'node:child_process';
import { HeadTailBuffer } from './output-cap';
import { sandboxArgv, type SandboxRun } from './sandbox';
import type { Redactor } from '../tool-env';

/**
 * The prologue: start the watcher on fd 3, close fd 3, then become the command (`$@`: bash -c …, or bwrap … bash -c …).
 */
const WATCHED = '{ read -r -u 3 _; kill -KILL 0; } 3<&3 </dev/null >/dev/null 2>&1 & exec 3<&-; exec "$@"';

export interface ShellRunOptions {
  command: string;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  headBytes: number;
  tailBytes: number;
  /** SIGTERM -> SIGKILL grace, ms (default 1000). */
  killGraceMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Run under bubblewrap with `writable` (the workspace's real path) the only writable folder; null: unsandboxed. */
  sandbox?: SandboxRun | null;
  /** Secrets removed from the combined output stream before the head/tail cut. */
  redactor?: Redactor;
  /**
   * Where the output is kept (default: a new buffer of headBytes and
   * tailBytes): a caller that reads it while the command runs passes its own.
   */
  buffer?: HeadTailBuffer;
}

export interface ShellRunResult {
  /** null when the shell did not exit by itself (killed, or could not start). */
  exitCode: number | null;
  /** The signal that ended the shell, when one did. */
  exitSignal: string | null;
  timedOut: boolean;
  /** Stopped through `signal`. */
  stopped: boolean;
  /** Why the shell could not start, when it could not. */
  spawnError: string | null;
  /** Combined stdout and stderr in arrival order, capped (head and tail, cut marked). */
  output: string;
  droppedBytes: number;
  pid: number | null;
}

/** Shorter than the registry's stop grace (400 ms), so a stopped command answers with its own output. */
const DEFAULT_KILL_GRACE_MS = 300;

/** False when the group is already gone (ESRCH). */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Sends SIGTERM to the group, then SIGKILL after `grace` ms if it still existed a moment ago. */
function killGroup(pid: number | null, grace: number): void {
  if (pid === null || !signalGroup(pid, 'SIGTERM')) return;
  // Not cleared on finish: a member that ignores SIGTERM must still end. Sent only
  // when the group still existed a moment ago, to keep the pid-reuse window small.
  const t = setTimeout(() => signalGroup(pid, 'SIGKILL'), grace);
  t.unref();
}

/** The command under the watcher prologue, in a new process group, sandboxed when asked. */
function spawnInGroup(options: ShellRunOptions): ChildProcess {
  const sandbox = options.sandbox ?? null;
  const { argv, fds } = sandbox
    ? sandboxArgv(sandbox, options.cwd, options.command)
    : { argv: ['bash', '-c', options.command], fds: [] };
  return spawn('bash', ['-c', WATCHED, 'agent-checklist-bash', ...argv], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true, // a new process group led by the shell (or bwrap): -pid reaches all of it
    // fd 3: the watcher's lifeline; never written, closed by the kernel when we die.
    // fd 4 on: the sandbox's read-only mounts (FIRST_MOUNT_FD), which bwrap closes once mounted.
    stdio: ['ignore', 'pipe', 'pipe', 'pipe', ...fds],
  });
}

/** The command's combined output: redacted as it arrives, cut to its head and tail. */
interface OutputCapture {
  take(chunk: Buffer): void;
  /** Flushes the redactor and reads what was kept. */
  end(): { output: string; droppedBytes: number };
}

function captureOutput(options: ShellRunOptions): OutputCapture {
  const buffer = options.buffer ?? new HeadTailBuffer(options.headBytes, options.tailBytes);
  const redactor = options.redactor?.empty === false ? options.redactor.stream() : null;
  return {
    take: (chunk) => buffer.push(redactor ? redactor.push(chunk) : chunk),
    end: () => {
      if (redactor) buffer.push(redactor.end());
      return { output: buffer.text(), droppedBytes: buffer.droppedBytes };
    },
  };
}

export function runInProcessGroup(options: ShellRunOptions): Promise<ShellRunResult> {
  const capture = captureOutput(options);
  const base = { exitCode: null, exitSignal: null, timedOut: false, spawnError: null, droppedBytes: 0, pid: null };
  if (options.signal.aborted) return Promise.resolve({ ...base, stopped: true, output: '' });
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  return new Promise((resolve) => superviseGroup(options, capture, grace, resolve));
}

/** After `ms`, closes the pipes and calls `then` (unless the timer was cleared first). */
function giveUpOnPipesAfter(ms: number, pipes: { destroy(): void }[], then: () => void): NodeJS.Timeout {
  const t = setTimeout(() => {
    for (const pipe of pipes) pipe.destroy();
    then();
  }, ms);
  t.unref();
  return t;
}

/**
 * Runs the command and resolves once it has exited and its output is read (or its
 * pipes were given up on), or it could not start; a timeout or `signal` kills the group.
 */
function superviseGroup(
  options: ShellRunOptions,
  capture: OutputCapture,
  grace: number,
  resolve: (result: ShellRunResult) => void,
): void {
  const child = spawnInGroup(options);
  const lifeline = child.stdio[3];
  lifeline?.on('error', () => undefined);
  const { stdout, stderr } = child;
  if (stdout === null || stderr === null) throw new Error('spawn gave no output pipes');
  const pid = child.pid ?? null;
  let timedOut = false;
  let stopped = false;
  let exit: { exitCode: number | null; exitSignal: string | null } | null = null;
  let done = false;
  const timers: NodeJS.Timeout[] = [];

  const finish = (spawnError: string | null): void => {
    if (done) return;
    done = true;
    for (const t of timers) clearTimeout(t);
    lifeline?.destroy();
    options.signal.removeEventListener('abort', onAbort);
    resolve({ exitCode: null, exitSignal: null, ...exit, timedOut, stopped, spawnError, ...capture.end(), pid });
  };
  const onAbort = (): void => {
    if (exit || done) return;
    stopped = true;
    killGroup(pid, grace);
  };

  stdout.on('data', capture.take);
  stderr.on('data', capture.take);
  child.on('error', (error) => {
    // Only a failed spawn reaches here before exit (kill errors are ignored above).
    if (!exit) finish(error.message);
  });
  child.on('exit', (code, signal) => {
    exit = { exitCode: code, exitSignal: signal };
    // End what the command left running in its group; then give the pipes a
    // moment to drain, and stop waiting for a process that left the group
    // still holding them.
    killGroup(pid, grace);
    timers.push(giveUpOnPipesAfter(grace + 500, [stdout, stderr], () => finish(null)));
  });
  child.on('close', () => finish(null));
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timeout = setTimeout(() => {
    if (exit || done) return;
    timedOut = true;
    killGroup(pid, grace);
  }, options.timeoutMs);
  timers.push(timeout);
}
