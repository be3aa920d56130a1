// `verify <log> [--item <n>] [--yes] [--timeout-seconds <s>] [--bash-network] [--keep-env <names>]`:
// runs the checks of the standing plan's completed items (or of item n, whatever its
// status), one at a time, each recorded as a check/result (session/check-events.ts), in
// the log's workspace (its header's cwd) through the bash tool's sandbox and limits
// (core/tools/bash/check-run.ts; no network unless --bash-network, the environment without
// its secrets as `run` gives bash). A check from the plan file the user never accepted is
// not run: it says so; --yes accepts it for good (plan/check-accepted) and runs it. The
// timeout is --timeout-seconds (default 300, as agentChecklist.checks.timeoutSeconds).
// --due: only the checks not yet run for their item's completion (core/plan/check-states.ts
// checksDue: what runs by itself when an item is completed), e.g. after another agent's turn.
// Exit 0 when every check it ran passed and none waits for acceptance, 1 otherwise.
// Ctrl+C cancels the running check (recorded with exitCode null) and runs no more.
// It takes the session's lock as `edit` does; on another agent's session made ours
// (imported, or followed by a window) it reads the log and records in its checks side
// log instead (verify-log.ts).
import {
  checksDue,
  completedChecks,
  itemCheckViews,
  verifiedCount,
  type ItemCheckRef,
} from '../../core/plan/check-states';
import type { ItemChecksState } from '../../core/plan/item-checks';
import { planProgress, progressFraction, VERIFIED_TEMPLATE, withVerified } from '../../core/plan/summaries';
import { DEFAULT_CHECK_TIMEOUT_SECONDS } from '../../core/session/check-events';
import { runAndRecord, type CheckRunOptions } from '../../core/tools/bash/check-run';
import { sandboxUnavailableMessage } from '../../core/tools/bash/sandbox';
import { Redactor, toolEnvironment } from '../../core/tools/tool-env';
import { NodeWorkspaceFs } from '../../core/tools/node-workspace-fs';
import { Workspace } from '../../core/tools/workspace';
import { visibleControls } from '../../core/terminal-text';
import { openVerifyLog, type VerifyLog } from './verify-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export interface VerifyFlags {
  item?: string;
  /** Only the checks not yet run for their item's completion (what runs by itself: check-states.ts). */
  due?: boolean;
  yes: boolean;
  timeoutSeconds?: string;
  bashNetwork: boolean;
  keepEnv?: string;
}

const shown = (text: string): string => visibleControls(text, { keepLayout: false });

function timeoutMs(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CHECK_TIMEOUT_SECONDS * 1000;
  if (!/^[1-9]\d{0,4}$/.test(text))
    throw new UsageError(`--timeout-seconds needs a whole number of seconds from 1 (got ${JSON.stringify(text)})`);
  return Number(text) * 1000;
}

export async function verifyCommand(io: CliIo, logPath: string, flags: VerifyFlags, signal: AbortSignal) {
  const n = flags.item === undefined ? null : Number(/^[1-9]\d*$/.exec(flags.item)?.[0] ?? NaN);
  if (Number.isNaN(n)) throw new UsageError(`--item needs an item number from 1 (got ${JSON.stringify(flags.item)})`);
  const timeout = timeoutMs(flags.timeoutSeconds);
  const log = openVerifyLog(io, logPath);
  if (log === null) return EXIT_FAILED;
  try {
    const cwd = log.cwd;
    if (cwd === undefined) {
      io.err('agent-checklist: the log does not say which workspace it worked in (its header has no cwd)');
      return EXIT_FAILED;
    }
    const refs = checksToRun(io, log.checks(), n, flags.due === true);
    if (refs === null) return EXIT_FAILED;
    if (refs.length === 0)
      io.out(n !== null ? `item ${n} has no check` : flags.due ? 'no check is due' : 'no completed item has a check');
    const options = runOptions(io, flags, cwd, timeout, signal);
    let ok = true;
    for (const ref of refs) {
      if (signal.aborted) break;
      ok = (await verifyOne(io, log, ref, flags.yes, options)) && ok;
    }
    io.out(summary(log.checks()));
    return ok && !signal.aborted ? EXIT_OK : EXIT_FAILED;
  } finally {
    log.dispose();
  }
}

/** The checks to run with their 1-based item numbers, or null after saying why not. */
function checksToRun(
  io: CliIo,
  state: ItemChecksState,
  n: number | null,
  due: boolean,
): (ItemCheckRef & { n: number })[] | null {
  const items = state.version?.items ?? [];
  const numbered = (ref: ItemCheckRef) => ({ ...ref, n: items.findIndex((i) => i.itemId === ref.itemId) + 1 });
  if (n === null) return (due ? checksDue(state) : completedChecks(state)).map(numbered);
  const item = items[n - 1];
  if (item === undefined) {
    io.err(`agent-checklist: the plan has no item ${n} (it has ${items.length})`);
    return null;
  }
  const check = state.checks.get(item.itemId);
  if (check === undefined) return [];
  return [{ itemId: item.itemId, item: item.content, command: check.command, accepted: check.accepted, n }];
}

/** What `run` gives bash (agent-runtime.ts cliToolPolicy): sandbox auto, the environment without its secrets. */
function runOptions(io: CliIo, flags: VerifyFlags, cwd: string, timeout: number, signal: AbortSignal): CheckRunOptions {
  const keep = (flags.keepEnv ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const env = toolEnvironment(io.env, { keep });
  return {
    workspace: new Workspace(cwd, new NodeWorkspaceFs()),
    sandbox: { mode: 'auto', network: flags.bashNetwork },
    onSandboxUnavailable: (reason) => io.err(`agent-checklist: ${sandboxUnavailableMessage(reason)}`),
    timeoutMs: timeout,
    signal,
    env: env.env,
    redactor: new Redactor(env.droppedValues),
  };
}

/** Runs one check (accepting it first with --yes) and records it; true when it passed. */
async function verifyOne(
  io: CliIo,
  log: VerifyLog,
  ref: ItemCheckRef & { n: number },
  yes: boolean,
  options: CheckRunOptions,
): Promise<boolean> {
  const named = `item ${ref.n} (${shown(JSON.stringify(ref.item))}): ${shown(ref.command)}`;
  if (!ref.accepted) {
    if (!yes) {
      io.out(`${named}: from the plan file, not run until accepted (verify --yes accepts it)`);
      return false;
    }
    log.accept(ref);
    io.out(`${named}: accepted`);
  }
  const claim = log.claim();
  if (claim === null) {
    io.out(`${named}: not run, another process is running this session's checks now`);
    return false;
  }
  const outcome = await runAndRecord(ref, options, (data) => log.record(data)).finally(() => claim.dispose());
  const { exitCode, output, durationMs } = outcome;
  const how = outcome.cancelled ? 'cancelled' : outcome.timedOut ? 'timed out' : `exit ${exitCode ?? 'none'}`;
  io.out(`${named}: ${exitCode === 0 ? 'passed' : 'failed'} (${how}, ${durationMs} ms)`);
  if (exitCode !== 0 && output !== '') io.out(visibleControls(output.trimEnd().split('\n').slice(-10).join('\n')));
  return exitCode === 0;
}

/** `3/5 · 2 verified` after the run. */
function summary(state: ItemChecksState): string {
  const todos = state.version?.items ?? [];
  if (state.version === null) return '(no standing plan)';
  return withVerified(progressFraction(planProgress(todos)), verifiedCount(itemCheckViews(state)), VERIFIED_TEMPLATE);
}
