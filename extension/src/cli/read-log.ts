// The one way every CLI reader (check, plan, plan --at, history, export) reads a log:
// streamed through replayLogFile's full validation, so they all accept and refuse
// exactly the same logs, with the same first-violation line and exit code.
import { LogLoadError, replayLogFile, type ReplayedLog } from '../core/store/log-file';
import type { SessionEvent } from '../core/session/events';
import type { CliIo } from './io';

/** The replayed log, or null after printing the refusal (`invalid: <path>: line <n>: <reason>`); the caller exits EXIT_FAILED. */
export function readValidatedLog(io: CliIo, logPath: string, onEvent: (event: SessionEvent) => void): ReplayedLog | null {
  try {
    return replayLogFile(logPath, onEvent);
  } catch (error) {
    if (!(error instanceof LogLoadError)) throw error;
    io.err(`invalid: ${error.path}: line ${error.line}: ${error.reason}`);
    return null;
  }
}
