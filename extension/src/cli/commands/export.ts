// `export <log> --format markdown|json`: the standing plan and every list the model wrote.
import { exportPlan, exportPlanMarkdown } from '../../core/plan/plan-export';
import { loadLogFile } from '../../core/store/log-file';
import { EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function exportCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  const log = loadLogFile(logPath);
  const doc = exportPlan(log.header, log.events);
  io.out(format === 'json' ? JSON.stringify(doc, null, 2) : exportPlanMarkdown(doc));
  return EXIT_OK;
}
