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
import { allCompleted, runAllItems as runAll, type RunAllNow } from '../../core/plan/run-all-items';
import { SessionFolds } from '../../core/plan/session-folds';
import { readyItems } from '../../core/plan/task-files/ready-items';
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

interface LogNow extends RunAllNow {
  lastSeq: number;
  turnEnd: { seq: number; reason: TurnEndReason } | null;
}

function readNow(io: CliIo, logPath: string): LogNow | null {
  const folds = new SessionFolds({ transcript: null });
  let lastSeq = 0;
  let turnEnd: LogNow['turnEnd'] = null;
  const log = readValidatedLog(io, logPath, (event) => {
    folds.apply(event);
    lastSeq = event.seq;
    if (event.type === 'turn/end') turnEnd = { seq: event.seq, reason: event.data.reason };
  });
  if (log === null) return null;
  const plan = folds.standingPlan;
  const recordsWork = recordsToolCalls(log.header.source);
  const now = new Date();
  return {
    plan,
    ready: readyItems(plan ?? [], folds.tasks),
    flagOf: (content) => itemEvidence(folds.ledger, content, recordsWork, now)?.flag ?? null,
    lastSeq,
    turnEnd,
  };
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
  const turnIo: CliIo = flags.json ? { ...io, out: () => undefined, write: () => undefined } : io;
  let last: LogNow | null = null;
  let fresh: LogNow | null | undefined; // read just after a turn, handed out by the next now()
  const result = await runAll({
    now: () => {
      last = fresh === undefined ? readNow(io, logPath) : fresh;
      fresh = undefined;
      return last;
    },
    runItem: async (index) => {
      const since = last?.lastSeq ?? 0;
      await runAnyAgent(turnIo, { ...flags, item: String(index + 1) }, signal, ask);
      fresh = readNow(io, logPath);
      return { turnEnd: fresh?.turnEnd && fresh.turnEnd.seq > since ? fresh.turnEnd.reason : null };
    },
    stopped: () => signal.aborted,
  });
  if (result.items.length === 0 && last === null) return EXIT_FAILED;
  const { items, stop } = result;
  if (stop?.why !== undefined)
    io.err(
      visibleControls(`agent-checklist: stopped at item ${stop.n} (${stop.content}): ${stop.why}`, {
        keepLayout: false,
      }),
    );
  if (flags.json) io.out(JSON.stringify({ items: items.map(({ why: _why, ...item }) => item) }));
  else for (const r of items) io.out(visibleControls(`${r.n}. ${r.outcome}: ${r.content}`, { keepLayout: false }));
  return allCompleted(items) ? EXIT_OK : EXIT_FAILED;
}
