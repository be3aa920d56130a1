// A session log's card, read at a bounded cost whatever the log's size: the header
// (its first line: who, and the title), then the log's last WINDOW bytes read from the
// end (log-ends.ts, log-window.ts), of which only the events that decide the card are parsed and
// folded (card-events.ts; plan-ledger.ts) for the plan, its review, open calls and
// flags. When the window does not reach back to the latest plan event, the standing
// plan is read by the tail reader (store/tail-reader.ts, bounded by PLAN_BYTES). The
// title is the header's, else the first prompt found in the log's first 64 KiB.
import { itemCheckViews, verifiedCount } from '../plan/check-states';
import { itemChecksProjection } from '../plan/item-checks';
import * as fs from 'node:fs';
import type { TodoItem } from '../domain-literals';
import { flaggedItems } from '../plan/plan-flags';
import { planLedgerProjection, type PlanLedger } from '../plan/plan-ledger';
import type { SessionHeader } from '../session/header';
import { recordsToolCalls } from '../session/source';
import { readRecentPlan } from '../store/tail-reader';
import { boardCard, type BoardCard } from './board-card';
import { CHECK_TYPES, holdsCheckResult, LEDGER_TYPES, ledgerStart, writesPlan } from './card-events';
import { headerOf, readLogEnds, type LogEnds } from './log-ends';
import { firstPrompt, readWindow, type LogWindow } from './log-window';
import { sessionAgent } from './session-agent';
import { planCounts, planState, type PlanFacts } from './state-rules';

/** How much of a log's end a card reads. */
const WINDOW = 64 * 1024;
/** How far back the plan is looked for when the window does not decide it. */
const PLAN_BYTES = 1 << 20;

export interface CardClock {
  nowMs: number;
  /** agentChecklist.stallMinutes (≤ 0: never stalled). */
  stallMinutes: number;
}

export interface SessionCardOptions extends CardClock {
  /** Whether a call of this tool waits for the user's approval before it runs. */
  asksApproval: (tool: string) => boolean;
}

/** The card of the log at `logPath`; null for a subagent's log (its parent's card stands for it). */
export function readSessionCard(logPath: string, options: SessionCardOptions): BoardCard | null {
  let header: SessionHeader;
  let ends: LogEnds;
  try {
    ends = readLogEnds(logPath, WINDOW);
    header = headerOf(ends);
  } catch (error) {
    return unreadableCard('session', logPath, 'unknown', reasonOf(error), mtimeOf(logPath));
  }
  if (header.parent !== undefined) return null;
  const source = header.source?.kind === 'imported' ? 'followed' : 'session';
  const agent = sessionAgent(header.source);
  try {
    const window = readWindow(logPath, ends);
    const facts = sessionFacts(logPath, header, window, options.asksApproval);
    const title = header.title ?? firstPrompt(window, ends) ?? header.id;
    return boardCard({
      source,
      agent,
      id: header.id,
      title,
      state: planState(facts, options.nowMs, options.stallMinutes),
      ...planCounts(facts.plan, facts.proposalWaits),
      verified: verifiedIn(window),
      updatedAt: facts.lastActivity ?? header.createdAt,
      path: logPath,
    });
  } catch (error) {
    return unreadableCard(source, logPath, agent, reasonOf(error), mtimeOf(logPath), header);
  }
}

function sessionFacts(
  logPath: string,
  header: SessionHeader,
  window: LogWindow,
  asksApproval: (tool: string) => boolean,
): PlanFacts {
  const decisive = window.lines.events(ledgerStart(window.lines), LEDGER_TYPES);
  const ledger = decisive.reduce(planLedgerProjection.apply, planLedgerProjection.init);
  let plan: readonly TodoItem[] | null = ledger.plan?.todos ?? null;
  const planSeen = decisive.some((e) => e.type === 'todo/write' || e.type === 'todo/user-edit');
  if (!window.whole && !planSeen && !writesPlan(window.lines)) plan = readRecentPlan(logPath, PLAN_BYTES) ?? null;
  const proposalWaits = ledger.plan?.review?.stage === 'proposed';
  return {
    plan,
    proposalWaits,
    approvalWaits: window.openCalls.some((call) => call.asked || asksApproval(call.tool)),
    turnOpen: window.turnOpen,
    lastActivity: window.lastTs,
    flagged: isFlagged(ledger, window.whole, recordsToolCalls(header.source)),
  };
}

/**
 * A flag on a completed item. With the whole log folded, as the Plan view says; from a
 * window only a failed last command counts: an item whose start lies before the window
 * would read as completed with no work.
 */
function isFlagged(ledger: PlanLedger, whole: boolean, recordsWork: boolean): boolean {
  return flaggedItems(ledger, recordsWork).some((f) => whole || f.flag.reason === 'last-command-failed');
}

/** The verified items' count, from the window's events (a check set before the window is not seen). */
function verifiedIn(window: LogWindow): number {
  if (!holdsCheckResult(window.lines)) return 0;
  const events = window.lines.events(0, CHECK_TYPES);
  return verifiedCount(itemCheckViews(events.reduce(itemChecksProjection.apply, itemChecksProjection.init)));
}

export function unreadableCard(
  source: BoardCard['source'],
  filePath: string,
  agent: string,
  reason: string,
  updatedAt: string,
  header?: SessionHeader,
): BoardCard {
  return boardCard({
    source,
    agent,
    id: header?.id ?? filePath,
    title: header?.title ?? filePath,
    state: 'unreadable',
    completed: 0,
    total: 0,
    active: null,
    updatedAt,
    path: filePath,
    reason,
  });
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The file's modification time (ISO), or the epoch when it cannot be read. */
export function mtimeOf(file: string): string {
  try {
    return fs.statSync(file).mtime.toISOString();
  } catch {
    return new Date(0).toISOString();
  }
}
