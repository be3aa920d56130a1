// `export <log> --format markdown|json`: the standing plan, every version (model writes
// and user edits) with its changes, the timing and the dropped items.
import { exportPlan, exportPlanMarkdown, isExportEvent } from '../../core/plan/plan-export';
import type { SessionEvent } from '../../core/session/events';
import { readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function exportCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  // Only the events the export reads are kept; the rest streams past.
  const kept: SessionEvent[] = [];
  let lastTs: string | null = null;
  const log = readValidatedLog(io, logPath, (event) => {
    lastTs = event.ts;
    if (isExportEvent(event)) kept.push(event);
  });
  if (!log) return EXIT_FAILED;
  const doc = exportPlan(log.header, kept, new Date(lastTs ?? 0));
  io.out(format === 'json' ? JSON.stringify(doc, null, 2) : exportPlanMarkdown(doc));
  return EXIT_OK;
}
