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
function nextItemToRun(plan: readonly TodoItem[] | null, tried: ReadonlySet<string>, ready: readonly number[]): number {
  const untried = (i: number): boolean => plan?.[i]?.status === 'pending' && !tried.has(plan[i]!.content);
  const first = ready.find(untried);
  return first ?? (plan ?? []).findIndex((_t, i) => untried(i));
}

/**
 * How item `content`'s turn ended, from the plan after it, the item's flag and the
 * turn's end (null: the turn never started, `error` says why).
 */
function itemRunOf(
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

/** What the run reads of the session before and after each item's turn. */
export interface RunAllNow {
  plan: readonly TodoItem[] | null;
  /** The pending items whose dependencies are met (ready-items.ts). */
  ready: readonly number[];
  /** Item `content`'s flag now (plan-flags.ts), null when it has none. */
  flagOf(content: string): ItemFlag | null;
}

/** Where the run is: the item starting is the `at`-th of `of` (the items tried plus the pending ones not tried). */
interface RunAllProgress {
  at: number;
  of: number;
  n: number;
  content: string;
}

/** What a surface gives Run All Items: the CLI reads its log, the editor its shown session. */
export interface RunAllDriver {
  /** The session now; null when it cannot be read (the run ends). */
  now(): RunAllNow | null;
  /** Item `index`'s turn, started as Start This Item starts one; its end (null: it never started, `error` says why). */
  runItem(index: number, content: string): Promise<{ turnEnd: TurnEndReason | null; error?: string }>;
  /** Whether the run was stopped from outside between turns. */
  stopped(): boolean;
  onProgress?(progress: RunAllProgress): void;
}

/** Every item the run touched, in order, then the pending items it did not run (`not-run`). */
export interface RunAllResult {
  items: ItemRun[];
  /** The item the run stopped at (its outcome not `completed`), if any. */
  stop: ItemRun | undefined;
}

/** Run All Items: the next item's turn while the last one ended `completed`. */
export async function runAllItems(driver: RunAllDriver): Promise<RunAllResult> {
  const runs: ItemRun[] = [];
  const tried = new Set<string>();
  let last = driver.now();
  for (;;) {
    const plan = last?.plan ?? null;
    const index = last === null || driver.stopped() ? -1 : nextItemToRun(plan, tried, last.ready);
    if (index < 0) return resultOf(runs, plan);
    const content = plan![index]!.content;
    const untried = plan!.filter((t) => t.status === 'pending' && !tried.has(t.content)).length;
    driver.onProgress?.({ at: tried.size + 1, of: tried.size + untried, n: index + 1, content });
    tried.add(content);
    const ended = await driver.runItem(index, content);
    last = driver.now();
    const after = { plan: last?.plan ?? null, flag: last?.flagOf(content) ?? null, ...ended };
    const run = itemRunOf(index + 1, content, after);
    runs.push(run);
    if (run.outcome !== 'completed') return resultOf(runs, after.plan);
  }
}

function resultOf(runs: ItemRun[], plan: readonly TodoItem[] | null): RunAllResult {
  const ran = new Set(runs.map((r) => r.content));
  const notRun = (plan ?? []).flatMap((t, i): ItemRun[] =>
    t.status === 'pending' && !ran.has(t.content) ? [{ n: i + 1, content: t.content, outcome: 'not-run' }] : [],
  );
  return { items: [...runs, ...notRun], stop: runs.find((r) => r.outcome !== 'completed') };
}

/** Whether every item ended completed with no flag and none was left unrun (the CLI's exit 0). */
export function allCompleted(items: readonly ItemRun[]): boolean {
  return items.every((r) => r.outcome === 'completed');
}
