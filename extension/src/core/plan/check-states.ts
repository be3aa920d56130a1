// What each item's check says (issue 52), read off the fold (item-checks.ts):
// `waiting-acceptance` (a check from the plan file the user has not accepted),
// `running` (the caller is running it), `not-run` (no result since the item's last
// change, or the result was of another command), `passed` (exit 0 after its last change:
// the item is verified), `stale` (passed, then the workspace changed), `failed` (any
// other exit; exitCode null: timed out or cancelled). An item with no check of its own
// has the default check (agentChecklist.checks.default), the user's, when there is one.
// A failed check flags the item `{ reason: 'check-failed', exitCode }`.
// Which checks run by themselves: an item whose status became completed (by any write:
// the model's, the user's, a followed or ACP agent's) after its accepted check was set,
// and that has no result of that command since (checksDue): once per completion.
import type { CheckRun, ItemCheck, ItemChecksState } from './item-checks';
import type { IdentifiedItem } from './item-identity';
import type { CHECK_STATES } from '../protocol/plan-view';

export type CheckState = (typeof CHECK_STATES)[number];

/** An item's check as `plan --format json` carries it: `at` is its last result's time. */
export interface ItemCheckView {
  command: string;
  state: CheckState;
  exitCode: number | null;
  at: string | null;
}

export interface CheckFlag {
  reason: 'check-failed';
  exitCode: number | null;
}

export interface CheckOptions {
  /** The default check (empty or absent: none). */
  defaultCommand?: string | null;
  /** The itemIds whose check is running now. */
  running?: ReadonlySet<string>;
}

/** A check that may run: its item, and whether the user accepted it. */
export interface ItemCheckRef {
  itemId: string;
  item: string;
  command: string;
  accepted: boolean;
}

/** The item's check: its own, else the default (setSeq 0), else null. */
function checkOf(state: ItemChecksState, itemId: string, options: CheckOptions = {}): ItemCheck | null {
  const own = state.checks.get(itemId);
  if (own !== undefined) return own;
  const command = options.defaultCommand?.trim();
  return command ? { command, from: 'user', accepted: true, setSeq: 0 } : null;
}

/** The result that counts for the item now: of its command, started after its last change. */
function currentRun(state: ItemChecksState, item: IdentifiedItem, command: string): CheckRun | null {
  const run = state.runs.get(item.itemId);
  return run !== undefined && run.command === command && run.seq >= item.changedSeq ? run : null;
}

function stateOf(check: ItemCheck, run: CheckRun | null, running: boolean): CheckState {
  if (!check.accepted) return 'waiting-acceptance';
  if (running) return 'running';
  if (run === null) return 'not-run';
  if (run.exitCode !== 0) return 'failed';
  return run.changedAfter ? 'stale' : 'passed';
}

/** Each item's check view, index for index with the latest version's items (null: no check). */
export function itemCheckViews(state: ItemChecksState, options: CheckOptions = {}): (ItemCheckView | null)[] {
  return (state.version?.items ?? []).map((item) => {
    const check = checkOf(state, item.itemId, options);
    if (check === null) return null;
    const run = currentRun(state, item, check.command);
    const running = options.running?.has(item.itemId) === true;
    return {
      command: check.command,
      state: stateOf(check, run, running),
      exitCode: run?.exitCode ?? null,
      at: run?.at ?? null,
    };
  });
}

/** The flag of a failed check, else null. */
export function checkFlag(view: ItemCheckView | null): CheckFlag | null {
  return view?.state === 'failed' ? { reason: 'check-failed', exitCode: view.exitCode } : null;
}

/** How many items are verified (their check passed after their last change, nothing changed since). */
export function verifiedCount(views: readonly (ItemCheckView | null)[]): number {
  return views.filter((v) => v?.state === 'passed').length;
}

/** The completed items' checks, in plan order (what `verify` runs). */
export function completedChecks(state: ItemChecksState, options: CheckOptions = {}): ItemCheckRef[] {
  const out: ItemCheckRef[] = [];
  for (const item of state.version?.items ?? []) {
    if (item.status !== 'completed') continue;
    const check = checkOf(state, item.itemId, options);
    if (check !== null)
      out.push({ itemId: item.itemId, item: item.content, command: check.command, accepted: check.accepted });
  }
  return out;
}

/** The checks that run by themselves now (module header): accepted, completed after the check was set, not yet run. */
export function checksDue(state: ItemChecksState, options: CheckOptions = {}): ItemCheckRef[] {
  return completedChecks(state, options).filter((ref) => {
    const item = state.version?.items.find((i) => i.itemId === ref.itemId);
    const setSeq = checkOf(state, ref.itemId, options)?.setSeq ?? 0;
    return ref.accepted && item !== undefined && item.changedSeq > setSeq && !currentRun(state, item, ref.command);
  });
}

/** The checks from the plan file not yet accepted whose item the version at `seq` completed (asked once). */
export function checksAwaitingAcceptance(
  state: ItemChecksState,
  seq: number,
  options: CheckOptions = {},
): ItemCheckRef[] {
  return completedChecks(state, options).filter(
    (ref) => !ref.accepted && state.version?.items.find((i) => i.itemId === ref.itemId)?.changedSeq === seq,
  );
}
