// Run Items in Parallel: the chosen items at the same time, at most `limit` at once,
// each in its own worktree on its own branch (item-worktree.ts) as its own child
// session, whose log begins with `item-run/child` (the parent's session and the item).
// The parent's log records each child (item-run/start, item-run/end) and the item's
// status as user edits: in progress when its child starts, completed when the child's
// turn ended without error, pending again (the reason on item-run/end) when it failed
// or was stopped. Each record is appended as it happens, so a run killed midway leaves
// every item's last known state, and its worktrees and branches, on the logs.
import type { PlanEditor } from '../plan/plan-editor';
import type { TurnEndReason } from '../session/events';
import type { ItemRunEndOutcome } from '../session/item-run-events';
import type { Session } from '../session/session';
import { addItemWorktree, branchDiffStat, commitItemWork, itemPlace, type ItemPlace } from './item-worktree';

export const MAX_PARALLEL = 8;
/** How many items run at once when the user does not say (a bare `--parallel`, the editor's default). */
export const DEFAULT_PARALLEL = 3;

export interface ParallelItem {
  n: number;
  content: string;
}

export interface ChildEnd {
  outcome: ItemRunEndOutcome;
  why?: string;
}

export interface ParallelItemResult extends ParallelItem, ChildEnd {
  branch: string;
  /** `git diff --stat` of the branch against HEAD when it ran ('' when it changed nothing or never started). */
  stat: string;
}

export interface ParallelRun {
  parent: Session;
  /** The parent's plan editor (parallel work in progress allowed). */
  editor: PlanEditor;
  repo: { top: string; head: string };
  /** The folder the worktrees are made under (outside the workspace). */
  base: string;
  /** Makes the child's session, its log beginning with `item-run/child`; its id. */
  newChild(item: ParallelItem, place: ItemPlace): string;
  /** Runs the child's turn in its worktree; how it ended. */
  runChild(item: ParallelItem, place: ItemPlace, childSession: string): Promise<ChildEnd>;
  onStart?(item: ParallelItem, place: ItemPlace, childSession: string): void;
  onEnd?(result: ParallelItemResult): void;
}

/** How a child's turn ended, as the parent's item takes it (null: it never ended, `error` says why). */
export function childEndOf(turnEnd: TurnEndReason | null, error?: string): ChildEnd {
  if (turnEnd === null) return { outcome: 'failed', why: error ?? 'the turn did not start' };
  switch (turnEnd.kind) {
    case 'completed':
      return { outcome: 'completed' };
    case 'aborted':
    case 'interrupted':
      return { outcome: 'stopped', why: 'the turn was stopped' };
    case 'error':
      return { outcome: 'failed', why: `the turn ended: error: ${turnEnd.message}` };
    case 'max-steps':
      return { outcome: 'failed', why: `the turn ended: max-steps (${turnEnd.maxSteps})` };
    case 'awaiting-approval':
      return { outcome: 'failed', why: 'the turn ended awaiting approval of its plan' };
  }
}

/** Runs `items`, at most `limit` at once; each item's result, in the items' order. */
export async function runItemsInParallel(
  run: ParallelRun,
  items: readonly ParallelItem[],
  limit: number,
): Promise<ParallelItemResult[]> {
  const results: ParallelItemResult[] = new Array<ParallelItemResult>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await runOne(run, items[index]!);
      run.onEnd?.(results[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function runOne(run: ParallelRun, item: ParallelItem): Promise<ParallelItemResult> {
  const place = itemPlace(run.base, run.parent.id, item.n, item.content);
  try {
    await addItemWorktree(run.repo.top, place, run.repo.head);
  } catch (error) {
    return { ...item, branch: place.branch, stat: '', outcome: 'failed', why: `no worktree: ${messageOf(error)}` };
  }
  const childSession = run.newChild(item, place);
  run.parent.append('item-run/start', { ...item, childSession, ...place, base: run.repo.head });
  await run.editor.submit({ kind: 'status', content: item.content, status: 'in_progress' });
  run.onStart?.(item, place, childSession);
  let end: ChildEnd;
  try {
    end = await run.runChild(item, place, childSession);
  } catch (error) {
    end = { outcome: 'failed', why: messageOf(error) };
  }
  let commit: string | null = null;
  try {
    commit = await commitItemWork(place.worktree, item.content);
  } catch (error) {
    end = { outcome: 'failed', why: `its changes were not committed: ${messageOf(error)}` };
  }
  const stat = commit === null ? '' : await branchDiffStat(run.repo.top, run.repo.head, place.branch).catch(() => '');
  const summary = stat.split('\n').at(-1)?.trim() ?? '';
  run.parent.append('item-run/end', {
    childSession,
    outcome: end.outcome,
    commit,
    ...(end.why === undefined ? {} : { reason: end.why.slice(0, 4096) }),
    ...(summary === '' ? {} : { stat: summary.slice(0, 4096) }),
  });
  const status = end.outcome === 'completed' ? 'completed' : 'pending';
  await run.editor.submit({ kind: 'status', content: item.content, status });
  return { ...item, branch: place.branch, stat, ...end };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The child's prompt: it names the item (its number and text in the parent's plan) and where it works. */
export function childItemPrompt(item: ParallelItem, parentSession: string, branch: string): string {
  return [
    `Work on item ${item.n} of the plan of session ${parentSession} now: ${item.content}`,
    '',
    `You work in your own git worktree, on the branch ${branch}; what you change there is committed on it when ` +
      'your turn ends. Keep your own plan for this item up to date, and mark it completed when it is done.',
  ].join('\n');
}
