// `check <log>`: load with every invariant; 0 valid, 1 invalid (first violation and its line).
import { stripHeader } from '../../core/plan/summaries';
import { readAndRecordLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK } from '../usage';
import type { CliIo } from '../io';

export function checkCommand(io: CliIo, logPath: string): number {
  // Streamed: memory stays flat whatever the log's size. A valid log is recorded in the verified index (`plan` then
  // reads it).
  let events = 0;
  let compactions = 0;
  const read = readAndRecordLog(io, logPath, (event) => {
    events++;
    if (event.type === 'context/compact') compactions++;
  });
  if (!read) return EXIT_FAILED;
  const { log, plan: todos } = read;
  const turns = log.checker.position.lastTurn;
  const open = log.checker.position.openTurn;
  const turnsText = `${turns} turn${turns === 1 ? '' : 's'}${open === null ? '' : ` (turn ${open} still open)`}`;
  const compactionsText = compactions ? `, ${compactions} compaction${compactions === 1 ? '' : 's'}` : '';
  const planText = todos === null ? 'none' : todos.length === 0 ? 'empty' : stripHeader(todos);
  io.out(`valid: ${events} events, ${turnsText}${compactionsText}, plan: ${planText}`);
  if (log.tornTail)
    io.err(
      `note: the last ${log.tornTail.bytes} bytes are a torn line (an unfinished write); ` +
        'opening the session for writing cuts them',
    );
  if (log.skipped) io.err(`note: ${log.skipped} ignorable line(s) of unknown types were skipped`);
  return EXIT_OK;
}
