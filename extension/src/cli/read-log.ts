// The one way every CLI reader (check, plan, plan --at, history, export) reads a log:
// streamed through replayLogFile's full validation, so they all accept and refuse
// exactly the same logs, with the same first-violation line and exit code. `plan`
// (and `check`, which validates in full anyway) go through the verified index
// (verified-index.ts): a log unchanged since a full validation found it valid costs
// one stat, not a replay.
import { withDrift } from '../core/plan/plan-drift';
import { SessionFolds } from '../core/plan/session-folds';
import { isLogLoadError, replayLogFile, type ReplayedLog } from '../core/store/log-file';
import { readVerifiedPlan, validateAndRecord, type VerifiedPlan } from '../core/store/verified-index';
import type { SessionEvent } from '../core/session/events';
import { visibleControls } from '../core/terminal-text';
import type { CliIo } from './io';

/**
 * The replayed log, or null after printing the refusal (`invalid: <path>: line <n>: <reason>`); the caller exits
 * EXIT_FAILED.
 */
export function readValidatedLog(
  io: CliIo,
  logPath: string,
  onEvent: (event: SessionEvent) => void,
): ReplayedLog | null {
  try {
    return replayLogFile(logPath, onEvent);
  } catch (error) {
    if (!isLogLoadError(error)) throw error;
    // The reason may quote the damaged line: its controls are shown, never sent to the terminal.
    io.err(visibleControls(`invalid: ${error.path}: line ${error.line}: ${error.reason}`, { keepLayout: false }));
    return null;
  }
}

/**
 * Full validation that records a valid log's standing plan in the verified index; `onEvent` sees every event as in
 * readValidatedLog.
 */
export function readAndRecordLog(
  io: CliIo,
  logPath: string,
  onEvent: (event: SessionEvent) => void,
): { log: ReplayedLog; plan: VerifiedPlan } | null {
  const folds = new SessionFolds({ transcript: null });
  return validateAndRecord(
    logPath,
    () => {
      const log = readValidatedLog(io, logPath, (event) => {
        folds.apply(event);
        onEvent(event);
      });
      return log && { log, plan: drifted(folds) };
    },
    (read) => read?.plan,
  );
}

/**
 * The standing plan of a log check accepts (from the verified index when the file is the one validated), or null after
 * printing check's refusal.
 */
export function readStandingPlanOf(io: CliIo, logPath: string): { plan: VerifiedPlan } | null {
  return readVerifiedPlan(logPath) ?? readAndRecordLog(io, logPath, () => undefined);
}

/** The folds' standing plan, each item with its drift from an approved plan (`plan --format json` prints them). */
export function drifted(folds: SessionFolds): VerifiedPlan {
  const { plan, drift } = folds.ledger;
  return plan === null ? null : withDrift(plan.todos, drift);
}
