// What Export Plan and `agent-checklist export` make of a session (plan-export.ts folds it):
// the document's shape, and the side logs a followed session's comments and checks are in.
import type { ApprovalRecord } from '../domain-literals';
import type { SessionEvent, UserEditOrigin } from '../session/events';
import type { TimingRow } from '../plan/timing-rows';
import type { PlanChange } from '../plan/plan-changes';
import type { DriftEntry } from '../plan/plan-drift';
import type { TodoItem } from '../plan/todo-schema';
import type { ItemWithEvidence } from '../plan/plan-flags';
import type { PlanAuthor } from '../plan/todos-projection';
import type { ExportedChecks } from './plan-export-checks';
import type { ExportedComment } from './plan-export-comments';

export interface PlanExport {
  sessionId: string;
  title?: string;
  standingPlan: readonly TodoItem[] | null;
  history: {
    seq: number;
    ts: string;
    turn: number;
    by: PlanAuthor;
    todos: readonly TodoItem[];
    changes: PlanChange[];
    /** A user edit from the plan file or a hand-over (plan-history.ts). */
    origin?: UserEditOrigin;
  }[];
  /** Per item of the standing plan: started, finished, time in progress (ms). */
  timing: TimingRow[];
  /**
   * Per item of the standing plan: its evidence and flag (none
   * for a log that records no tool calls, e.g. an MCP client's).
   */
  evidence: ItemWithEvidence[];
  /** The standing items' checks and how many are verified (plan-export-checks.ts). */
  checks: ExportedChecks;
  /** Unfinished items a model write left out, not listed since. */
  dropped: { content: string; status: TodoItem['status'] }[];
  /** Plan first: the approved version of the standing plan (the latest plan/approved), while that approval stands. */
  approvedPlan: { seq: number; ts: string; todos: readonly TodoItem[] } | null;
  /** What of the standing plan is not in the approved version (empty without one). */
  drift: DriftEntry[];
  /** Plan review: every comment with its state (plan-export-comments.ts). */
  comments: ExportedComment[];
  /** Each tool/approval on the log, in order: the call, what was decided and by whom. */
  approvals: ({ seq: number; ts: string; turn: number; tool: string; callId: string } & ApprovalRecord)[];
}

/** A followed session's side logs' events (core/store/side-comments.ts, side-checks.ts); none for our own. */
export interface ExportSide {
  comments: readonly SessionEvent[];
  checks: readonly SessionEvent[];
}
