// Runs one shell command in its own process group (POSIX), so that a timeout or
// the user's Stop kills the command AND everything it started: SIGTERM to the
// whole group, then SIGKILL after a grace period. When the command exits, what it
// left running in its group is ended the same way (something meant to outlive it
// must leave the group, e.g. with setsid). No standard input: an interactive
// program sees end-of-file instead of hanging the turn.
import { spawn } from 'node:child_process';
import { HeadTailBuffer } from './output-cap';

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

/** Shorter than the registry's stop grace, so a stopped command answers with its own output. */
const DEFAULT_KILL_GRACE_MS = 1000;

/** False when the group is already gone (ESRCH). */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function runInProcessGroup(options: ShellRunOptions): Promise<ShellRunResult> {
  const buffer = new HeadTailBuffer(options.headBytes, options.tailBytes);
  const base = { exitCode: null, exitSignal: null, timedOut: false, spawnError: null, droppedBytes: 0, pid: null };
  if (options.signal.aborted) return Promise.resolve({ ...base, stopped: true, output: '' });
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;

  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', options.command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true, // a new process group led by the shell: -pid reaches all of it
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid ?? null;
    let timedOut = false;
    let stopped = false;
    let exit: { code: number | null; signal: string | null } | null = null;
    let done = false;
    const timers: NodeJS.Timeout[] = [];

    const killGroup = (): void => {
      if (pid === null || !signalGroup(pid, 'SIGTERM')) return;
      // Not cleared on finish: a member that ignores SIGTERM must still end. Sent only
      // when the group still existed a moment ago, to keep the pid-reuse window small.
      const t = setTimeout(() => signalGroup(pid, 'SIGKILL'), grace);
      t.unref();
    };
    const finish = (spawnError: string | null): void => {
      if (done) return;
      done = true;
      for (const t of timers) clearTimeout(t);
      options.signal.removeEventListener('abort', onAbort);
      resolve({
        exitCode: exit?.code ?? null,
        exitSignal: exit?.signal ?? null,
        timedOut,
        stopped,
        spawnError,
        output: buffer.text(),
        droppedBytes: buffer.droppedBytes,
        pid,
      });
    };
    const onAbort = (): void => {
      if (exit || done) return;
      stopped = true;
      killGroup();
    };

    child.stdout.on('data', (chunk: Buffer) => buffer.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => buffer.push(chunk));
    child.on('error', (error) => {
      // Only a failed spawn reaches here before exit (kill errors are ignored above).
      if (!exit) finish(error.message);
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // End what the command left running in its group; then give the pipes a
      // moment to drain, and stop waiting for a process that left the group
      // still holding them.
      killGroup();
      const t = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(null);
      }, grace + 500);
      t.unref();
      timers.push(t);
    });
    child.on('close', () => finish(null));
    options.signal.addEventListener('abort', onAbort, { once: true });
    const timeout = setTimeout(() => {
      if (exit || done) return;
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    timers.push(timeout);
  });
}
