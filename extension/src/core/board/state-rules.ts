// A plan's board state from what its source says about it. Pure (the caller passes the
// clock), zod-free, I/O-free. The first rule that holds decides, in this order:
//   needs-approval  a plan-first proposal waits for the user's decision;
//   waiting         a call that asks approval waits for it (an open turn);
//   stalled         an item in progress and the log silent for `stallMinutes` in an
//                   open turn (plan-stall.ts: the status bar's rule, word for word);
//   running         the turn is open;
//   flagged         the turn is over and a completed item carries a flag (item-flag.ts);
//   done            every item completed (at least one);
//   idle            anything else (no plan, or work left and no turn running).
// A branch's plan file has no turn: it is done or idle, or running while it holds an
// item in progress (someone works on it elsewhere).
import type { TodoItem } from '../domain-literals';
import { planStall } from '../plan/plan-stall';
import type { BoardState } from '../domain-literals';

export interface PlanFacts {
  /** The standing plan, or null. While a proposal waits: the proposed list. */
  plan: readonly TodoItem[] | null;
  proposalWaits: boolean;
  approvalWaits: boolean;
  /** null: the source has no turns (a plan file on a branch). */
  turnOpen: boolean | null;
  /** `ts` (ISO) of the latest activity; null when unknown. */
  lastActivity: string | null;
  flagged: boolean;
}

export interface PlanCounts {
  completed: number;
  total: number;
  /** The first in-progress item's text. */
  active: string | null;
}

export function planState(facts: PlanFacts, nowMs: number, stallMinutes: number): BoardState {
  if (facts.proposalWaits) return 'needs-approval';
  const open = facts.turnOpen === true;
  if (open && facts.approvalWaits) return 'waiting';
  const stall = planStall({ plan: facts.plan, turnOpen: open, lastActivity: facts.lastActivity }, nowMs, stallMinutes);
  if (stall.stalled) return 'stalled';
  if (open) return 'running';
  if (facts.flagged) return 'flagged';
  const todos = facts.plan ?? [];
  if (todos.length > 0 && todos.every((t) => t.status === 'completed')) return 'done';
  if (facts.turnOpen === null && todos.some((t) => t.status === 'in_progress')) return 'running';
  return 'idle';
}

/** The counts a card shows; a proposal that waits counts its items, none completed. */
export function planCounts(plan: readonly TodoItem[] | null, proposalWaits: boolean): PlanCounts {
  const todos = plan ?? [];
  return {
    completed: proposalWaits ? 0 : todos.filter((t) => t.status === 'completed').length,
    total: todos.length,
    active: todos.find((t) => t.status === 'in_progress')?.content ?? null,
  };
}
