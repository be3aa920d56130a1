// `plan <log> [--format text|json|markdown] [--at <seq>]`: the standing plan (with
// --at, as of that event). The whole log is streamed through the validation `check`
// uses: what `check` refuses, `plan` refuses, with the same message and exit code.
// Text without --at, from a log unchanged since a full validation found it valid, is answered
// from the verified index (one stat); otherwise the cost is a replay, memory flat (Markdown
// is always a replay: it prints each item's check line, docs/checks.md).
// JSON gives each item its `evidence` and `flag` (core/plan/plan-flags.ts), which only
// a replay of the log folds (JSON is always a replay, memory flat); the evidence's
// `files` are read from the workspace's checkpoints (core/checkpoints/item-files.ts,
// the CLI's state folder: null when there are none); and, after a
// plan-first approval, a `drift` when it is not in the approved plan (plan-drift.ts:
// `{ kind: 'added' }` or `{ kind: 'reworded', approved }`); each item carries its
// `itemId` (core/plan/item-identity.ts) and its `comments` with their states
// (core/plan/plan-comments.ts: `[{ itemId, text, state, planSeq }]`); its `check`
// (core/plan/check-states.ts: `{ command, state, exitCode, at }`, null without one; a failed
// check's flag `{ reason: 'check-failed', exitCode }` is the item's `flag`; another agent's
// session's checks side log merged in, core/plan/side-checks.ts); and what a plan
// file (spec-kit's or Kiro's tasks.md) said of it: `taskId`, `parallel`, `story`, `phase`,
// `optional`, `dependsOn` (core/plan/task-files/task-meta-fold.ts); and, while an item run
// in parallel still has its branch (not merged or discarded), its `branch`, `worktree`
// and `itemRun` state (core/plan/item-runs.ts).
import { withEvidenceFiles } from '../../core/checkpoints/item-files';
import { commentsByItem, type ItemComment, type PlanReviewState } from '../../core/plan/plan-comments';
import { ReviewWithSide } from '../../core/plan/side-review';
import { sideCommentsOfLog } from '../../core/store/side-comments';
import { checkFlag, itemCheckViews, type CheckFlag, type ItemCheckView } from '../../core/plan/check-states';
import type { ItemChecksState } from '../../core/plan/item-checks';
import { ChecksWithSide } from '../../core/plan/side-checks';
import { sideChecksOfLog } from '../../core/store/side-checks';
import type { DriftedItem } from '../../core/plan/plan-drift';
import { planWithEvidence, type ItemWithEvidence } from '../../core/plan/plan-flags';
import { planMarkdownDocument } from '../../core/plan/plan-markdown';
import {
  itemBranchFields,
  itemRunsProjection,
  type ItemBranchFields,
  type ItemRunsByContent,
} from '../../core/plan/item-runs';
import { planAsText } from '../../core/plan/summaries';
import { taskMetaOf, taskMetaProjection, type TaskMetaByContent } from '../../core/plan/task-files/task-meta-fold';
import type { TaskMeta } from '../../core/session/task-meta';
import { SessionFolds } from '../../core/plan/session-folds';
import type { SessionHeader } from '../../core/session/header';
import { recordsToolCalls } from '../../core/session/source';
import type { VerifiedPlan } from '../../core/store/verified-index';
import { visibleControls } from '../../core/terminal-text';
import { drifted, readStandingPlanOf, readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';
import { checkpointsOf } from './changes';

export function planCommand(io: CliIo, logPath: string, format: string, at?: string): number | Promise<number> {
  if (!['text', 'json', 'markdown'].includes(format))
    throw new UsageError(`--format must be text, json or markdown (got ${JSON.stringify(format)})`);
  if (at !== undefined && !/^[1-9]\d*$/.test(at))
    throw new UsageError(`--at must be an event's seq, a whole number from 1 (got ${JSON.stringify(at)})`);
  if (format === 'json') return planJson(io, logPath, at === undefined ? Infinity : Number(at));
  if (format === 'markdown') return planMarkdown(io, logPath, at === undefined ? Infinity : Number(at));
  const plan = at === undefined ? readStandingPlanOf(io, logPath)?.plan : planAt(io, logPath, Number(at))?.plan;
  if (plan === undefined) return EXIT_FAILED;
  io.out(plan === null ? '(no standing plan)' : visibleControls(planAsText(plan)));
  return EXIT_OK;
}

/** Markdown with the items' own checks (docs/checks.md): a replay, as JSON is. */
function planMarkdown(io: CliIo, logPath: string, seq: number): number {
  const read = planAt(io, logPath, seq);
  if (read === undefined) return EXIT_FAILED;
  const checks = read.checks.version?.items.map((item) => read.checks.checks.get(item.itemId)?.command ?? null);
  io.out(planMarkdownDocument(read.plan, checks).trimEnd());
  return EXIT_OK;
}

type PlanJsonItem = Omit<ItemWithEvidence, 'flag'> &
  Pick<DriftedItem, 'drift'> &
  TaskMeta & {
    itemId?: string;
    comments: ItemComment[];
    flag: ItemWithEvidence['flag'] | CheckFlag;
    check: ItemCheckView | null;
  } & ItemBranchFields;

async function planJson(io: CliIo, logPath: string, seq: number): Promise<number> {
  const items = await planWithEvidenceAt(io, logPath, seq);
  if (items === undefined) return EXIT_FAILED;
  io.out(JSON.stringify(items));
  return EXIT_OK;
}

/**
 * The standing plan's items with their evidence, flags and drift as of event `seq` (time in progress counted to that
 * event), or undefined after printing why not.
 */
async function planWithEvidenceAt(io: CliIo, logPath: string, seq: number): Promise<PlanJsonItem[] | null | undefined> {
  const read = planAt(io, logPath, seq);
  if (read === undefined) return undefined;
  const items = planWithEvidence(read.folds.ledger, recordsToolCalls(read.header.source), read.lastTs);
  if (items === null) return null;
  const withFiles = await withEvidenceFiles(items, checkpointsOf(io, read.header), read.folds.ledger.changes);
  const byItem = commentsByItem(read.review);
  const checks = itemCheckViews(read.checks);
  return withFiles.map((item, index) => {
    const drift = read.plan?.[index]?.drift;
    const itemId = read.review.version?.items[index]?.itemId;
    const comments = byItem[index] ?? [];
    const check = checks[index] ?? null;
    return {
      ...item,
      ...taskMetaOf(read.tasks, item.content),
      flag: checkFlag(check) ?? item.flag,
      check,
      ...(itemId === undefined ? {} : { itemId }),
      ...itemBranchFields(read.runs, item.content),
      comments,
      ...(drift === undefined ? {} : { drift }),
    };
  });
}

interface PlanRead {
  folds: SessionFolds;
  header: SessionHeader;
  lastTs: Date;
  plan: VerifiedPlan;
  review: PlanReviewState;
  tasks: TaskMetaByContent;
  runs: ItemRunsByContent;
}

/**
 * The folds as of event `seq` (Infinity: the whole log) and the standing plan with its drift, or undefined after
 * printing why not.
 */
function planAt(io: CliIo, logPath: string, seq: number): (PlanRead & { checks: ItemChecksState }) | undefined {
  const folds = new SessionFolds({ transcript: null });
  const review = new ReviewWithSide(sideCommentsOfLog(logPath));
  let tasks = taskMetaProjection.init;
  const checks = new ChecksWithSide(sideChecksOfLog(logPath));
  let runs = itemRunsProjection.init;
  let last = 0;
  let lastTs = '';
  const log = readValidatedLog(io, logPath, (event) => {
    last = event.seq;
    if (event.seq > seq) return;
    folds.apply(event);
    review.apply(event);
    tasks = taskMetaProjection.apply(tasks, event);
    checks.apply(event);
    runs = itemRunsProjection.apply(runs, event);
    lastTs = event.ts;
  });
  if (!log) return undefined;
  if (seq !== Infinity && seq > last) {
    io.err(`agent-checklist: the log has no event ${seq} (its last is ${last})`);
    return undefined;
  }
  return {
    folds,
    header: log.header,
    lastTs: new Date(lastTs || log.header.createdAt),
    plan: drifted(folds),
    review: review.review,
    tasks,
    checks: checks.state,
    runs,
  };
}
