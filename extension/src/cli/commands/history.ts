// `history <log> [--format json|text|markdown]`: every plan version (model write or
// user edit) in log order with its time, author and changes; JSON is exactly an array
// of { seq, ts, by, todos, changes, drift } (drift: what of the version is not in an
// approved plan, plan-drift.ts; empty without one); each todo carries its `itemId`
// (item-identity.ts) and its `comments` as of that version, each with its state then
// (history-comments.ts: [{ itemId, text, state, planSeq }]; text lists them). With --diff:
// the revision's diff instead (history-diff.ts). The log is streamed through the
// validation `check` uses: memory holds the versions.
import { HistoryComments } from '../../core/plan/history-comments';
import { driftEntries } from '../../core/plan/plan-drift';
import { historyAsMarkdown, historyAsText } from '../../core/plan/history-format';
import { timingRows } from '../../core/plan/timing-rows';
import { itemIdentityProjection, type IdentifiedVersion } from '../../core/plan/item-identity';
import { PlanHistoryFolder } from '../../core/plan/plan-history';
import { SessionFolds } from '../../core/plan/session-folds';
import { readValidatedLog } from '../read-log';
import { visibleControls } from '../../core/terminal-text';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';
import { checkDiffFlags, historyDiff, type DiffFlags } from './history-diff';

export function historyCommand(io: CliIo, logPath: string, format: string, diff?: DiffFlags): number {
  if (diff) checkDiffFlags(format, diff);
  else if (!['json', 'text', 'markdown'].includes(format))
    throw new UsageError(`--format must be json, text or markdown (got ${JSON.stringify(format)})`);
  const folder = new PlanHistoryFolder();
  const folds = new SessionFolds({ transcript: null });
  const comments = new HistoryComments();
  const identified: IdentifiedVersion[] = [];
  let identity = itemIdentityProjection.init;
  let lastTs: string | null = null;
  const log = readValidatedLog(io, logPath, (event) => {
    folder.apply(event);
    folds.apply(event);
    comments.apply(event);
    const before = identity;
    identity = itemIdentityProjection.apply(identity, event);
    if (identity !== before && identity) identified.push(identity);
    lastTs = event.ts;
  });
  if (!log) return EXIT_FAILED;
  if (diff) return historyDiff(io, identified, format, diff);
  const versions = folder.versions;
  const commented = comments.versions;
  if (format === 'json') {
    io.out(
      JSON.stringify(
        versions.map((v, index) => ({
          seq: v.seq,
          ts: v.ts,
          by: v.by,
          todos: v.todos.map((todo, i) => ({
            ...todo,
            itemId: identified[index]?.items[i]?.itemId,
            comments: commented[index]?.[i] ?? [],
          })),
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
    visibleControls(
      format === 'markdown' ? historyAsMarkdown(versions, timing) : historyAsText(versions, timing, commented),
    ),
  );
  return EXIT_OK;
}
