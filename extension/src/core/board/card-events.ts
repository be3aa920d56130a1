// Which of a log window's events decide its card (log-window.ts parses only those):
// the plan ledger's (plan/plan-ledger.ts) from the turn/start that last cleared the
// plan, and the items' checks' (plan/item-checks.ts) when the window holds a check's
// result. The card reads of the ledger only its plan and its items' evidence (the
// flags); the types below are those the ledger's plan and evidence fold, every other
// event leaves them as they are. A property test holds this reader to the whole log's
// fold (test/unit/properties/board-card.property.test.ts).
import type { WindowLines } from './window-lines';

/** The events that change the ledger's plan, its items' timings and evidence. */
export const LEDGER_TYPES: ReadonlySet<string> = new Set([
  'todo/write',
  'todo/user-edit',
  'plan/proposed',
  'plan/approved',
  'plan/rejected',
  'turn/start',
  'turn/end',
  'subagent/start',
  'subagent/end',
  'item-run/start',
  'item-run/end',
  'tool/call',
  'tool/result',
  'plan/verify-completion',
]);

/** The events the items' checks fold. */
export const CHECK_TYPES: ReadonlySet<string> = new Set([
  'todo/write',
  'todo/user-edit',
  'plan/check-set',
  'plan/check-accepted',
  'check/result',
  'checkpoint/created',
  'changes/reverted',
]);

const PLAN_WRITES: ReadonlySet<string> = new Set(['todo/write', 'todo/user-edit']);
const PLAN_MARKS: ReadonlySet<string> = new Set([...PLAN_WRITES, 'plan/proposed', 'plan/approved', 'plan/rejected']);

/** Whether the window holds a plan write (else the plan is looked for further back). */
export function writesPlan(lines: WindowLines): boolean {
  return [...PLAN_WRITES].some((type) => lines.mayHold(type)) && holds(lines, PLAN_WRITES);
}

/** Whether an item's check can have passed in the window (no result: none did). */
export function holdsCheckResult(lines: WindowLines): boolean {
  return lines.mayHold('check/result') && holds(lines, CHECK_RESULT);
}

const CHECK_RESULT: ReadonlySet<string> = new Set(['check/result']);

function holds(lines: WindowLines, types: ReadonlySet<string>): boolean {
  for (let i = lines.length - 1; i >= 0; i--) if (types.has(lines.type(i) ?? '')) return true;
  return false;
}

/**
 * Where the ledger's fold of the window may start: the latest turn/start that clears
 * the plan, whatever came before it. A turn/start clears a plan the model wrote (its
 * latest plan event is a todo/write) and no plan at all; after it the ledger is the
 * cleared one, the same from any earlier state (but its change ranges and comments,
 * which no card reads). A turn/start after a user's edit or a review may carry the
 * plan: the fold goes on further back. 0 when no turn/start is known to clear.
 */
export function ledgerStart(lines: WindowLines): number {
  let latestTurn = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const type = lines.type(i);
    if (type === null) continue;
    if (type === 'turn/start') {
      if (latestTurn !== -1) continue;
      latestTurn = i;
    } else if (latestTurn !== -1 && PLAN_MARKS.has(type)) {
      if (type === 'todo/write') return latestTurn;
      latestTurn = -1;
    }
  }
  return latestTurn === -1 ? 0 : latestTurn;
}
