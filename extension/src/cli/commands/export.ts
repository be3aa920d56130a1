// `export <log> --format markdown|json`: the standing plan, every version (model writes
// and user edits) with its changes, the timing and the dropped items.
import { exportPlanMarkdown, PlanExportFolder } from '../../core/plan/plan-export';
import { readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function exportCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'markdown' && format !== 'json') throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  // The events stream through the export's fold and are dropped.
  const folder = new PlanExportFolder();
  let lastTs: string | null = null;
  const log = readValidatedLog(io, logPath, (event) => {
    lastTs = event.ts;
    folder.apply(event);
  });
  if (!log) return EXIT_FAILED;
  const doc = folder.doc(log.header, new Date(lastTs ?? 0));
  io.out(format === 'json' ? JSON.stringify(doc, null, 2) : exportPlanMarkdown(doc));
  return EXIT_OK;
}
