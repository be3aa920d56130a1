// `history <log> [--format json|text|markdown]`: every plan version (model write or
// user edit) in log order with its time, author and changes; JSON is exactly an array
// of { seq, ts, by, todos, changes, drift } (drift: what of the version is not in an
// approved plan, plan-drift.ts; empty without one). The log is streamed through the validation `check` uses: memory
// holds the versions.
import { driftEntries } from '../../core/plan/plan-drift';
import { historyAsMarkdown, historyAsText } from '../../core/plan/history-format';
import { timingRows } from '../../core/plan/timing-rows';
import { PlanHistoryFolder } from '../../core/plan/plan-history';
import { SessionFolds } from '../../core/plan/session-folds';
import { readValidatedLog } from '../read-log';
import { visibleControls } from '../../core/terminal-text';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function historyCommand(io: CliIo, logPath: string, format: string): number {
  if (!['json', 'text', 'markdown'].includes(format))
    throw new UsageError(`--format must be json, text or markdown (got ${JSON.stringify(format)})`);
  const folder = new PlanHistoryFolder();
  const folds = new SessionFolds({ transcript: null });
  let lastTs: string | null = null;
  const log = readValidatedLog(io, logPath, (event) => {
    folder.apply(event);
    folds.apply(event);
    lastTs = event.ts;
  });
  if (!log) return EXIT_FAILED;
  const versions = folder.versions;
  if (format === 'json') {
    io.out(
      JSON.stringify(
        versions.map((v) => ({
          seq: v.seq,
          ts: v.ts,
          by: v.by,
          todos: v.todos,
          changes: v.changes,
          drift: driftEntries(v.todos, v.drift),
          ...(v.origin ? { origin: v.origin } : {}),
        })),
      ),
    );
    return EXIT_OK;
  }
  // Time of an item still in progress counts up to the log's last event (the CLI reads a log, not a clock).
  const now = lastTs === null ? new Date(0) : new Date(lastTs);
  const { ledger } = folds;
  const timing = ledger.plan ? timingRows(ledger.plan.todos, ledger.timings, now) : [];
  io.out(
    visibleControls(format === 'markdown' ? historyAsMarkdown(versions, timing) : historyAsText(versions, timing)),
  );
  return EXIT_OK;
}
