// `export <log> --format markdown|json`: the standing plan and every list the model wrote.
import { exportPlan, exportPlanMarkdown } from '../../core/plan/plan-export';
import { replayLogFile } from '../../core/store/log-file';
import type { SessionEvent } from '../../core/session/events';
import { EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function exportCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  // Only the events the export reads are kept; the rest streams past.
  const kept: SessionEvent[] = [];
  const log = replayLogFile(logPath, (event) => {
    if (event.type === 'turn/start' || event.type === 'todo/write') kept.push(event);
  });
  const doc = exportPlan(log.header, kept);
  io.out(format === 'json' ? JSON.stringify(doc, null, 2) : exportPlanMarkdown(doc));
  return EXIT_OK;
}
