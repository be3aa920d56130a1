// `export <log> --format markdown|json`: the standing plan, every version (model writes
// and user edits) with its changes, the timing, the dropped items and each item's
// evidence (with the files it changed, from the checkpoints in the CLI's state folder).
import { checkpointsOf } from './changes';
import { readValidatedLog } from '../read-log';
import { sideChecksOfLog } from '../../core/store/side-checks';
import { sideCommentsOfLog } from '../../core/store/side-comments';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export async function exportCommand(io: CliIo, logPath: string, format: string): Promise<number> {
  if (format !== 'markdown' && format !== 'json')
    throw new UsageError(`--format must be markdown or json (got ${JSON.stringify(format)})`);
  // The events stream through the export's fold and are dropped. The fold and the Markdown
  // writer are a lazy module (dist/plan-export.js, shared with the extension host's Export Plan).
  const { exportPlanMarkdown, PlanExportFolder } = await import('../../core/presenters/plan-export');
  // An imported session's comments and checks are in its side logs beside the log (core/store/side-*.ts).
  const folder = new PlanExportFolder({ comments: sideCommentsOfLog(logPath), checks: sideChecksOfLog(logPath) });
  let lastTs: string | null = null;
  const log = readValidatedLog(io, logPath, (event) => {
    lastTs = event.ts;
    folder.apply(event);
  });
  if (!log) return EXIT_FAILED;
  const doc = await folder.docWithFiles(log.header, new Date(lastTs ?? 0), checkpointsOf(io, log.header));
  io.out(format === 'json' ? JSON.stringify(doc, null, 2) : exportPlanMarkdown(doc));
  return EXIT_OK;
}
