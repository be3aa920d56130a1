// `run --session <id> --parallel [<n>] [--items 2,3,5] [--from-head] [--agent <id> | run
// options]`: Run Items in Parallel (core/worktrees/parallel-run.ts). The chosen pending
// items (default: every pending item whose dependencies are met, task-files/ready-items.ts,
// and whose branch from an earlier run is gone) run at the same time, at most n (1 to 8;
// a bare --parallel: 3),
// each as a child session in its own worktree (the CLI's state folder) on the branch
// agent-checklist/<session>/<n>-<slug>, by our agent or the ACP agent --agent (or
// --agent-command) names, its tools confined to the worktree; an ACP agent's child log is
// made as that agent's session, so that the child's turn runs it. A workspace that is not a git repository, or whose
// HEAD has uncommitted changes to tracked files, is refused (exit 1) unless --from-head.
// Exit 0 when every item run ended completed, 1 otherwise; `--json` prints only
// `{ items: [{ n, content, outcome, branch }] }`.
import { PlanEditor } from '../../core/plan/plan-editor';
import { readyItems } from '../../core/plan/task-files/ready-items';
import { newSessionId } from '../../core/session/header';
import type { TurnEndReason } from '../../core/session/events';
import type { SessionSource } from '../../core/session/source';
import { SessionStore } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import type { AskLine } from '../../core/tools/approvals';
import { checkRepo, type ItemPlace } from '../../core/worktrees/item-worktree';
import {
  childEndOf,
  childItemPrompt,
  DEFAULT_PARALLEL,
  MAX_PARALLEL,
  runItemsInParallel,
  type ParallelItem,
  type ParallelItemResult,
} from '../../core/worktrees/parallel-run';
import { cliWorktreesBase } from '../../core/worktrees/worktree-base';
import type { CliIo } from '../io';
import { openBranchLines, readItemRuns, type ItemRunsRead } from '../item-runs-read';
import { readValidatedLog } from '../read-log';
import { isSessionId, sessionFolder } from '../session-flags';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { RunFlags } from './run';
import { flagsLaunch, runAnyAgent } from './run-acp';
import { workspaceRoot } from './run';

export interface ParallelFlags {
  parallel: string;
  items?: string;
  fromHead: boolean;
}

function limitOf(value: string): number {
  if (value === '') return DEFAULT_PARALLEL;
  if (!/^[1-9]\d*$/.test(value) || Number(value) > MAX_PARALLEL)
    throw new UsageError(
      `--parallel takes how many items run at once, 1 to ${MAX_PARALLEL} ` +
        `(none: ${DEFAULT_PARALLEL}; got ${JSON.stringify(value)})`,
    );
  return Number(value);
}

/** The items to run: --items' numbers (each pending, its branch gone), else the ready ones; or why not. */
function chosenItems(read: ItemRunsRead, items: string | undefined): ParallelItem[] | string {
  const open = (content: string): boolean => {
    const run = read.runs.get(content);
    return run !== undefined && run.state !== 'merged' && run.state !== 'discarded';
  };
  if (items === undefined)
    return readyItems(read.plan, read.tasks)
      .filter((i) => !open(read.plan[i]!.content))
      .map((i) => ({ n: i + 1, content: read.plan[i]!.content }));
  const numbers = items.split(',').map((s) => s.trim());
  if (numbers.some((s) => !/^[1-9]\d*$/.test(s)))
    throw new UsageError(`--items takes item numbers from 1, separated by commas (got ${JSON.stringify(items)})`);
  const chosen: ParallelItem[] = [];
  for (const n of new Set(numbers.map(Number))) {
    const item = read.plan[n - 1];
    if (item === undefined) return `the plan has no item ${n}`;
    if (item.status !== 'pending') return `item ${n} is ${item.status}, not pending`;
    if (open(item.content)) return `item ${n} still has the branch of an earlier run: merge or discard it first`;
    chosen.push({ n, content: item.content });
  }
  return chosen;
}

export async function runParallelItems(
  io: CliIo,
  flags: RunFlags,
  parallel: ParallelFlags,
  signal: AbortSignal,
  ask?: AskLine,
): Promise<number> {
  const limit = limitOf(parallel.parallel);
  const { session } = flags;
  if (session === undefined || !isSessionId(session)) throw new UsageError('--parallel needs --session <id>');
  if (flags.item !== undefined) throw new UsageError('--parallel chooses its items with --items, not --item');
  const store = new SessionStore(sessionFolder(io, flags.sessionDir));
  if (!store.exists(session)) {
    io.err(`no session ${JSON.stringify(session)} in ${store.dir}`);
    return EXIT_FAILED;
  }
  const logPath = store.pathOf(session);
  const read = readItemRuns(io, logPath);
  if (read === null) return EXIT_FAILED;
  for (const line of openBranchLines(read, logPath)) io.err(`agent-checklist: ${line}`);
  const items = chosenItems(read, parallel.items);
  const root = workspaceRoot(io, flags.cwd);
  const source = childSource(io, flags, root);
  const repo = await checkRepo(root, parallel.fromHead);
  const refusal = typeof items === 'string' ? items : typeof source === 'string' ? source : repo.ok ? null : repo.why;
  if (refusal !== null || !repo.ok || typeof items === 'string' || typeof source === 'string') {
    io.err(`agent-checklist: ${visibleControls(refusal ?? '', { keepLayout: false })}`);
    return EXIT_FAILED;
  }
  const parent = store.openForWrite(session);
  try {
    const editor = new PlanEditor(parent.session, { policy: () => ({ allowParallelInProgress: true }) });
    const children = childRunner(io, flags, { store, source }, signal, ask);
    const results = await runItemsInParallel(
      {
        parent: parent.session,
        editor,
        repo,
        base: cliWorktreesBase(io.env),
        newChild: (item, place) => children.create(session, item, place),
        runChild: (item, place, child) => children.run(session, item, place, child),
        onStart: (item, place, child) => {
          if (!flags.json) io.err(visibleControls(`— item ${item.n} started on ${place.branch} (session ${child})`));
        },
        onEnd: (r) => {
          if (!flags.json) io.err(visibleControls(`— item ${r.n} ${r.outcome}${r.why ? `: ${r.why}` : ''}`));
        },
      },
      items,
      limit,
    );
    return report(io, flags, results);
  } finally {
    parent.dispose();
  }
}

/**
 * The children's logs' source: the CLI's for our agent; with --agent / --agent-command the ACP agent's (as its
 * session is before the agent says its name), so that `run --session <child>` runs that agent; or why not.
 */
function childSource(io: CliIo, flags: RunFlags, root: string): SessionSource | string {
  const launched = flagsLaunch(io, flags, root);
  if (launched === null) return { kind: 'cli' };
  if (!launched.resolved.ok) return launched.resolved.message;
  const { id, title } = launched.resolved.launch;
  return { kind: 'acp', name: id, version: 'unknown', title };
}

/** Each child's session (its log begins with item-run/child) and its turn, by the chosen agent in its worktree. */
function childRunner(
  io: CliIo,
  flags: RunFlags,
  { store, source }: { store: SessionStore; source: SessionSource },
  signal: AbortSignal,
  ask?: AskLine,
) {
  const quiet: CliIo = { ...io, out: () => undefined, write: () => undefined };
  return {
    create(parentSession: string, item: ParallelItem, place: ItemPlace): string {
      const id = newSessionId();
      const child = store.create({
        id,
        cwd: place.worktree,
        title: item.content.slice(0, 80),
        source,
        parent: { sessionId: parentSession, callId: `item-run:${id}` },
      });
      try {
        child.session.append('item-run/child', { parentSession, ...item, branch: place.branch });
      } finally {
        child.dispose();
      }
      return id;
    },
    async run(parentSession: string, item: ParallelItem, place: ItemPlace, child: string) {
      const words = flags.prompt.trim();
      const prompt = childItemPrompt(item, parentSession, place.branch) + (words === '' ? '' : `\n\n${words}`);
      await runAnyAgent(quiet, { ...flags, json: true, session: child, cwd: place.worktree, prompt }, signal, ask);
      let turnEnd: TurnEndReason | null = null;
      readValidatedLog(io, store.pathOf(child), (event) => {
        if (event.type === 'turn/end') turnEnd = event.data.reason;
      });
      return childEndOf(turnEnd);
    },
  };
}

function report(io: CliIo, flags: RunFlags, results: readonly ParallelItemResult[]): number {
  for (const r of results)
    if (r.why !== undefined)
      io.err(visibleControls(`agent-checklist: item ${r.n} (${r.content}): ${r.why}`, { keepLayout: false }));
  if (flags.json)
    io.out(
      JSON.stringify({ items: results.map(({ n, content, outcome, branch }) => ({ n, content, outcome, branch })) }),
    );
  else
    for (const r of results) {
      io.out(visibleControls(`${r.n}. ${r.outcome}: ${r.content} (${r.branch})`));
      for (const line of r.stat === '' ? [] : r.stat.split('\n')) io.out(visibleControls(`   ${line}`));
    }
  return results.every((r) => r.outcome === 'completed') ? EXIT_OK : EXIT_FAILED;
}
