// `check <log>`: load with every invariant; 0 valid, 1 invalid (first violation and its line).
import { loadLogFile, LogLoadError } from '../../core/store/log-file';
import { fold } from '../../core/projection/projection';
import { todosProjection } from '../../core/plan/todos-projection';
import { stripHeader } from '../../core/plan/summaries';
import { EXIT_FAILED, EXIT_OK } from '../usage';
import type { CliIo } from '../io';

export function checkCommand(io: CliIo, logPath: string): number {
  try {
    const log = loadLogFile(logPath);
    const plan = fold(todosProjection, log.events);
    const turns = log.checker.position.lastTurn;
    const open = log.checker.position.openTurn;
    io.out(
      `valid: ${log.events.length} events, ${turns} turn${turns === 1 ? '' : 's'}${open === null ? '' : ` (turn ${open} still open)`}, plan: ${plan === null ? 'none' : plan.length === 0 ? 'empty' : stripHeader(plan)}`,
    );
    if (log.tornTail) io.err(`note: the last ${log.tornTail.bytes} bytes are a torn line (an unfinished write); opening the session for writing cuts them`);
    if (log.skipped) io.err(`note: ${log.skipped} ignorable line(s) of unknown types were skipped`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof LogLoadError) {
      io.err(`invalid: ${error.path}: line ${error.line}: ${error.reason}`);
      return EXIT_FAILED;
    }
    throw error;
  }
}
