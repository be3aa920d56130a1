// Running an item's check (issue 52; core/plan/check-states.ts says when): its one
// command line in the workspace, through the bash tool's own path (run-sandboxed.ts:
// the same sandbox, limits and network policy, the environment without its secrets,
// the output redacted as it arrives), as a child process in its own group, so nothing
// of it is on the event loop. Checks run one at a time per workspace (a second waits
// for the first). A timeout or the signal kills the whole group (SIGTERM, then SIGKILL
// after CHECK_KILL_GRACE_MS: gone within 500 ms); either is recorded with exitCode null.
// The result is what a check/result holds: the output's last CHECK_OUTPUT_BYTES.
// runAndRecord is the one way a check is run and its check/result recorded (the live
// runner, item-check-runner.ts, and the CLI's `verify`), wherever the result goes (the
// session's log, or a followed session's checks side log).
import { CHECK_OUTPUT_BYTES } from '../../session/check-events';
import type { SessionEventMap } from '../../session/events';
import type { Redactor } from '../tool-env';
import { HeadTailBuffer } from './output-cap';
import type { SandboxChoice } from './run-sandboxed';

const CHECK_KILL_GRACE_MS = 200;

export interface CheckRunOptions extends SandboxChoice {
  timeoutMs: number;
  signal: AbortSignal;
  /** The environment the command gets (toolEnvironment(...).env: secrets dropped). */
  env?: NodeJS.ProcessEnv;
  redactor?: Redactor;
  /** The clock that times it (tests pass none). */
  now?: () => number;
}

export interface CheckOutcome {
  /** null: timed out, cancelled, killed by a signal, or it could not start. */
  exitCode: number | null;
  durationMs: number;
  output: string;
  timedOut: boolean;
  cancelled: boolean;
}

/** What a check/result records (a side log adds its `logSeq`). */
export type CheckResultData = Omit<SessionEventMap['check/result'], 'logSeq'>;

/** Runs the item's check (runCheck) and hands its check/result to `record`; the outcome. */
export async function runAndRecord(
  ref: { item: string; itemId: string; command: string; startSeq?: number },
  options: CheckRunOptions,
  record: (data: CheckResultData) => void,
): Promise<CheckOutcome> {
  const outcome = await runCheck(ref.command, options);
  const { exitCode, durationMs, output } = outcome;
  const { item, itemId, command, startSeq } = ref;
  record({ item, itemId, command, exitCode, durationMs, output, ...(startSeq === undefined ? {} : { startSeq }) });
  return outcome;
}

/** Each workspace's last queued check: the next one starts after it. */
const queues = new Map<string, Promise<unknown>>();

/** Runs `command` once the workspace's earlier checks are done. */
function runCheck(command: string, options: CheckRunOptions): Promise<CheckOutcome> {
  const root = options.workspace.root;
  const before = queues.get(root) ?? Promise.resolve();
  const run = before.then(() => runNow(command, options));
  const settled = run.catch(() => undefined);
  queues.set(root, settled);
  void settled.then(() => {
    if (queues.get(root) === settled) queues.delete(root);
  });
  return run;
}

async function runNow(command: string, options: CheckRunOptions): Promise<CheckOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  const buffer = new HeadTailBuffer(0, CHECK_OUTPUT_BYTES);
  const { runSandboxed } = await import('./run-sandboxed');
  const { run } = await runSandboxed(options, {
    command,
    cwd: options.workspace.root,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    headBytes: 0,
    tailBytes: CHECK_OUTPUT_BYTES,
    buffer,
    killGraceMs: CHECK_KILL_GRACE_MS,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.redactor === undefined ? {} : { redactor: options.redactor }),
  });
  const failedToStart = run.spawnError === null ? '' : `could not start: ${run.spawnError}`;
  return {
    exitCode: run.timedOut || run.stopped ? null : run.exitCode,
    durationMs: Math.max(0, Math.round(now() - started)),
    output: lastBytes(`${buffer.keptText()}${failedToStart}`),
    timedOut: run.timedOut,
    cancelled: run.stopped,
  };
}

/** The text's last CHECK_OUTPUT_BYTES characters at most (what the event's schema takes). */
function lastBytes(text: string): string {
  return text.length > CHECK_OUTPUT_BYTES ? text.slice(text.length - CHECK_OUTPUT_BYTES) : text;
}
