// `run --session <id> --all [run options]`: Run All Items. The pending items one after
// another, each its own turn in the session's agent, started as `--item` starts one
// (run-plan-work.ts: one user edit puts it in progress, the prompt names it), an item
// whose dependencies are met first (task-files/ready-items.ts); after
// each turn the plan is read back from the log and the next item starts only if this
// one is completed with no flag (core/plan/run-all-items.ts), else the run stops and
// says why on stderr. Items added meanwhile run too; removed ones are skipped. Exit 0
// when every item ended completed with no flag, 1 otherwise; `--json` prints only
// `{ items: [{ n, content, outcome, flag? }] }` (the turns' own reports are withheld).
import { itemEvidence } from '../../core/plan/plan-flags';
import { allCompleted, itemRunOf, nextItemToRun, type ItemRun } from '../../core/plan/run-all-items';
import { SessionFolds } from '../../core/plan/session-folds';
import { readyItems } from '../../core/plan/task-files/ready-items';
import { taskMetaProjection, type TaskMetaByContent } from '../../core/plan/task-files/task-meta-fold';
import type { TurnEndReason } from '../../core/session/events';
import { recordsToolCalls } from '../../core/session/source';
import { SessionStore } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import type { AskLine } from '../../core/tools/approvals';
import type { CliIo } from '../io';
import { readValidatedLog } from '../read-log';
import { isSessionId, sessionFolder } from '../session-flags';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { RunFlags } from './run';
import { runAnyAgent } from './run-acp';

interface LogNow {
  folds: SessionFolds;
  tasks: TaskMetaByContent;
  recordsWork: boolean;
  lastSeq: number;
  turnEnd: { seq: number; reason: TurnEndReason } | null;
}

function readNow(io: CliIo, logPath: string): LogNow | null {
  const folds = new SessionFolds({ transcript: null });
  let lastSeq = 0;
  let turnEnd: LogNow['turnEnd'] = null;
  let tasks = taskMetaProjection.init;
  const log = readValidatedLog(io, logPath, (event) => {
    folds.apply(event);
    tasks = taskMetaProjection.apply(tasks, event);
    lastSeq = event.seq;
    if (event.type === 'turn/end') turnEnd = { seq: event.seq, reason: event.data.reason };
  });
  return log === null ? null : { folds, tasks, recordsWork: recordsToolCalls(log.header.source), lastSeq, turnEnd };
}

export async function runAllItems(
  comments: boolean,
  io: CliIo,
  flags: RunFlags,
  signal: AbortSignal,
  ask?: AskLine,
): Promise<number> {
  if (comments) throw new UsageError('--all starts each item itself: give --all or --comments, not both');
  const { session } = flags;
  if (session === undefined || !isSessionId(session)) throw new UsageError('--all needs --session <id>');
  if (flags.item !== undefined) throw new UsageError('--all runs every pending item: give --all or --item, not both');
  const store = new SessionStore(sessionFolder(io, flags.sessionDir));
  if (!store.exists(session)) {
    io.err(`no session ${JSON.stringify(session)} in ${store.dir}`);
    return EXIT_FAILED;
  }
  const logPath = store.pathOf(session);
  const runs: ItemRun[] = [];
  const tried = new Set<string>();
  const turnIo: CliIo = flags.json ? { ...io, out: () => undefined, write: () => undefined } : io;
  for (;;) {
    const before = readNow(io, logPath);
    if (before === null) return runs.length === 0 ? EXIT_FAILED : report(io, flags, runs, null);
    const plan = before.folds.standingPlan;
    const index = nextItemToRun(plan, tried, readyItems(plan ?? [], before.tasks));
    if (index < 0 || signal.aborted) return report(io, flags, runs, before);
    const content = plan![index]!.content;
    tried.add(content);
    await runAnyAgent(turnIo, { ...flags, item: String(index + 1) }, signal, ask);
    const after = readNow(io, logPath);
    const turnEnd = after?.turnEnd && after.turnEnd.seq > before.lastSeq ? after.turnEnd.reason : null;
    const flag = after
      ? (itemEvidence(after.folds.ledger, content, after.recordsWork, new Date())?.flag ?? null)
      : null;
    const run = itemRunOf(index + 1, content, { plan: after?.folds.standingPlan ?? null, flag, turnEnd });
    runs.push(run);
    if (run.outcome !== 'completed') return report(io, flags, runs, after);
  }
}

/** The items' outcomes (the pending items not run as `not-run`), and the exit code. */
function report(io: CliIo, flags: RunFlags, runs: ItemRun[], now: LogNow | null): number {
  const ran = new Set(runs.map((r) => r.content));
  const notRun = (now?.folds.standingPlan ?? []).flatMap((t, i): ItemRun[] =>
    t.status === 'pending' && !ran.has(t.content) ? [{ n: i + 1, content: t.content, outcome: 'not-run' }] : [],
  );
  const items = [...runs, ...notRun];
  const stop = runs.find((r) => r.outcome !== 'completed');
  if (stop?.why !== undefined)
    io.err(
      visibleControls(`agent-checklist: stopped at item ${stop.n} (${stop.content}): ${stop.why}`, {
        keepLayout: false,
      }),
    );
  if (flags.json) io.out(JSON.stringify({ items: items.map(({ why: _why, ...item }) => item) }));
  else for (const r of items) io.out(visibleControls(`${r.n}. ${r.outcome}: ${r.content}`, { keepLayout: false }));
  return allCompleted(items.filter((r) => r.outcome !== 'not-run')) && notRun.length === 0 ? EXIT_OK : EXIT_FAILED;
}
