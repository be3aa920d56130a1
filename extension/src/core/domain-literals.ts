// The domain's literal sets that both bundles need (the host validates with them,
// the webview paints them): todo statuses, subagent outcomes, approval decisions,
// how a turn ends, where a tool call is. ONE copy each: the zod schemas of the host
// (`z.enum(TODO_STATUSES)`), the protocol's zod/mini schemas and the webview's
// components all read these. A leaf: it imports nothing, so the webview bundle can
// take it (eslint keeps the webview's imports to this file, core/protocol/ and
// plan/summaries).

export const TODO_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** A todo item exactly as the contract defines it: `{ content, status }`, nothing else. */
export interface TodoItem {
  content: string;
  status: TodoStatus;
}

/**
 * The plan tool's name (the plan ledger leaves its calls out of
 * an item's evidence: writing the plan is not work on an item).
 */
export const TODO_WRITE_TOOL_NAME = 'todo_write';

/** An ACP plan entry's priority (kept on `todo/write.priorities`; ACP's neutral one is `medium`). */
export const PLAN_PRIORITIES = ['high', 'medium', 'low'] as const;
export type PlanPriority = (typeof PLAN_PRIORITIES)[number];

/** Per-status counts of a list (the order of the contract's result text). */
export interface TodoCounts {
  pending: number;
  inProgress: number;
  completed: number;
}

/** How a subagent's run ended (`subagent/end.outcome`). */
export const SUBAGENT_OUTCOMES = ['completed', 'aborted', 'error', 'max-steps', 'interrupted'] as const;
export type SubagentOutcome = (typeof SUBAGENT_OUTCOMES)[number];

/** How a turn ended (`turn/end.reason.kind`). */
export const TURN_END_KINDS = [
  'completed',
  'aborted',
  'error',
  'max-steps',
  'interrupted',
  'awaiting-approval',
] as const;
export type TurnEndKind = (typeof TURN_END_KINDS)[number];

/** The user's answer to an approval request. */
export const APPROVAL_DECISIONS = ['approve', 'approve-always', 'deny'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/**
 * What became of a call that needed approval (`tool/approval.decision`):
 * the user's answers, or refused / stopped without one.
 */
export const APPROVAL_RECORDS = ['approve', 'approve-always', 'deny', 'refused', 'stopped'] as const;
type ApprovalRecordDecision = (typeof APPROVAL_RECORDS)[number];

/**
 * Who decided (`tool/approval.by`): the user; a rule (an earlier "always
 * allow"); auto-approve (`--yes`); no one (none could be asked).
 */
export const APPROVAL_DECIDERS = ['user', 'rule', 'auto', 'none'] as const;
type ApprovalDecider = (typeof APPROVAL_DECIDERS)[number];

/** One decision as the log keeps it (`tool/approval`'s decision and decider). */
export interface ApprovalRecord {
  decision: ApprovalRecordDecision;
  by: ApprovalDecider;
}

/** Where a tool call is: announced, running, answered ok, answered with an error. */
export const TOOL_CALL_STATUSES = ['pending', 'running', 'ok', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

/**
 * What the Agent view's Continue sends after a turn ended `max-steps`: the next turn
 * picks up where it stopped. The user's prompt to the model, so not localized.
 */
export const CONTINUE_PROMPT = 'Continue where you stopped.';

/** Where a plan board card's plan lives (core/board/board-card.ts; the board's page filters on them). */
export const BOARD_SOURCES = ['session', 'followed', 'branch'] as const;

/** The states of a readable plan (core/board/state-rules.ts says when each holds), and `unreadable`. */
export const BOARD_STATES = [
  'needs-approval',
  'waiting',
  'running',
  'stalled',
  'flagged',
  'done',
  'idle',
  'unreadable',
] as const;
export type BoardState = (typeof BOARD_STATES)[number];
