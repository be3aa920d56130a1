// Run All Items, as pure rules: which item runs next (the first pending item not tried
// yet whose dependencies are met, in the plan as it stands now, so items added meanwhile run and removed ones are
// skipped), and how an item's turn ended: `completed` when the item is completed with
// no flag (the run goes on), else `flagged` (its flag), `stopped` (the turn was
// stopped) or `failed` (the turn's error, or the item not completed); the run stops at
// the first item that did not complete.
import type { ItemFlag } from '../item-flag';
import type { TurnEndReason } from '../session/events';
import type { TodoItem } from './todo-schema';

type ItemRunOutcome = 'completed' | 'flagged' | 'failed' | 'stopped' | 'not-run';

export interface ItemRun {
  /** The item's number (1-based) in the plan when it ran (not-run: in the last plan). */
  n: number;
  content: string;
  outcome: ItemRunOutcome;
  flag?: ItemFlag;
  /** Why the run stopped at this item, in words. */
  why?: string;
}

/**
 * The index of the next item to run, or -1 when every pending item was tried: the first
 * untried item whose dependencies are met (`ready`, ready-items.ts), else the first untried pending item.
 */
export function nextItemToRun(
  plan: readonly TodoItem[] | null,
  tried: ReadonlySet<string>,
  ready: readonly number[],
): number {
  const untried = (i: number): boolean => plan?.[i]?.status === 'pending' && !tried.has(plan[i]!.content);
  const first = ready.find(untried);
  return first ?? (plan ?? []).findIndex((_t, i) => untried(i));
}

/**
 * How item `content`'s turn ended, from the plan after it, the item's flag and the
 * turn's end (null: the turn never started, `error` says why).
 */
export function itemRunOf(
  n: number,
  content: string,
  after: { plan: readonly TodoItem[] | null; flag: ItemFlag | null; turnEnd: TurnEndReason | null; error?: string },
): ItemRun {
  const { turnEnd } = after;
  const item = after.plan?.find((t) => t.content === content);
  if (turnEnd === null) return { n, content, outcome: 'failed', why: after.error ?? 'the turn did not start' };
  if (turnEnd.kind === 'aborted' || turnEnd.kind === 'interrupted')
    return { n, content, outcome: 'stopped', why: 'the turn was stopped' };
  if (turnEnd.kind !== 'completed')
    return { n, content, outcome: 'failed', why: `the turn ended: ${turnEndWords(turnEnd)}` };
  if (item === undefined) return { n, content, outcome: 'failed', why: 'the turn removed the item' };
  if (item.status !== 'completed')
    return { n, content, outcome: 'failed', why: `the item is ${item.status} after its turn` };
  if (after.flag !== null)
    return { n, content, outcome: 'flagged', flag: after.flag, why: `the item is flagged: ${flagWords(after.flag)}` };
  return { n, content, outcome: 'completed' };
}

function turnEndWords(reason: Exclude<TurnEndReason, { kind: 'completed' | 'aborted' | 'interrupted' }>): string {
  switch (reason.kind) {
    case 'error':
      return `error: ${reason.message}`;
    case 'max-steps':
      return `max-steps (${reason.maxSteps})`;
    case 'awaiting-approval':
      return 'awaiting-approval (the proposed plan waits for a decision)';
  }
}

function flagWords(flag: ItemFlag): string {
  switch (flag.reason) {
    case 'no-work':
      return 'completed with no tool call while it was in progress';
    case 'last-command-failed':
      return `its last command failed${flag.exit === null ? '' : ` (exit ${flag.exit})`}`;
  }
}

/** Whether every item the run touched ended completed with no flag (exit 0). */
export function allCompleted(runs: readonly ItemRun[]): boolean {
  return runs.every((r) => r.outcome === 'completed');
}
