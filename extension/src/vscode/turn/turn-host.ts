// What the turn runner (turn-runner.ts) is given: its options from the controller,
// the host that holds the shown session, the body of one turn it runs, and how a turn
// starts beside its prompt.
import type * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import type { TurnChecks } from '../../core/agent/turn-options';
import type { PlanEditor } from '../../core/plan/plan-editor';
import type { PlanState, StandingPlan } from '../../core/plan/todos-projection';
import type { TurnEndReason } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import type { SessionStore } from '../../core/store/session-store';
import type { ApprovalLog } from '../../core/tools/approval-log';
import type { ApprovalGate, Approvals } from '../../core/tools/approvals';
import type { ProviderSource } from '../providers/provider-source';
import type { OpenedSession } from '../session/opened-session';
import type { AgentSettings } from '../host/settings';

export interface TurnRunnerOptions {
  store: SessionStore;
  providers: ProviderSource;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /** The first workspace folder: the tools' workspace and new sessions' `cwd`. */
  workspaceFolder: vscode.Uri | undefined;
  /** Who asks the user to approve tool calls (the Agent view): our tools' and ACP agents' permission requests. */
  approvalGate: ApprovalGate;
  /** This extension's version, as ACP agents are told it. */
  clientVersion: string;
  /** Who decides on a plan-first proposal (the Approve Plan / Reject Plan with Feedback… commands answer it). */
  planReview: PendingPlanReview;
  /** Where the workspace's shadow repository lives (core/checkpoints/): under the extension's global storage. */
  checkpointsBase: string;
}

/** What the runner needs of the shown session (the controller holds it; each is read when needed). */
export interface TurnHost {
  opened(): OpenedSession | null;
  /** The shown session is one our agent may continue (its own kind, in its own folder). */
  showingOwnSession(): boolean;
  standingPlan(): StandingPlan;
  /** The shown session's plan with its plan-first review (its live fold). */
  planState(): PlanState | null;
  /** The shown session's "Always allow" answers (its subagents share them). */
  approvals(): Approvals;
  /** Logs approval decisions on the sessions it watches (the shown one; subagents' while they run). */
  approvalLog(): ApprovalLog;
  /** Shows the session a prompt writes: always one of ours, in the window's own folder. */
  showWritten(opened: OpenedSession): void;
  /** The items' checks running on `session` while it is shown and written here (shown-checks.ts), else null. */
  checks(session: Session): TurnChecks | null;
}

/** One turn of a session (ours or an ACP agent's): what runs it, and what is released when it ends. */
export interface TurnBody {
  turn(signal: AbortSignal, editor: PlanEditor | null): Promise<TurnEndReason>;
  ended(): void;
}

/**
 * How a turn starts beside its prompt (plan-work-commands.ts): `agent` overrides the
 * chosen agent (null: ours, else an ACP agent's id); `seed` writes the first events of
 * a session the turn creates (a hand-over's plan), before the turn starts.
 */
export interface TurnStart {
  agent?: string | null;
  seed?(session: Session): void;
}
