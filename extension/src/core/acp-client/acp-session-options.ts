// What a session with an ACP agent (acp-agent-session.ts) is opened with.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { CheckpointTaker } from '../checkpoints/step-checkpoints';
import type { PlanReviewGate } from '../plan/plan-review-gate';
import type { LiveDelta } from '../session/live-delta';
import type { SessionSource } from '../session/source';
import type { WritableSession } from '../store/session-store';
import type { ApprovalGate } from '../tools/approvals';
import type { AcpClientToolsOptions } from './acp-client-tools';
import type { AcpAgentLaunch } from './agent-catalog';

export interface AcpSessionOptions {
  launch: AcpAgentLaunch;
  /** The workspace folder (absolute): the agent's cwd and its session's. */
  cwd: string;
  /** The user's environment (the agent is the user's own program, with its own key). */
  env: Readonly<Record<string, string | undefined>>;
  clientVersion: string;
  /** Creates our log once its source is known. */
  openLog(source: SessionSource): WritableSession;
  approvals: { gate: ApprovalGate | null; autoApprove: boolean; unattendedHint?: string };
  /** Every update of this session as it arrives (live text for a terminal). */
  onUpdate?(update: SessionUpdate): void;
  /** The agent's text and thoughts as they stream in, as the step they will be logged in (a view's live stream). */
  onDelta?(delta: LiveDelta): void;
  /** Gives up on the agent's `initialize` when aborted, its reason (a string) the limit's words; absent: 30 s. */
  initializeLimit?: AbortSignal;
  /**
   * The log continues an earlier session whose agent process has ended: `acpSessionId`
   * (its last `acp/session`) is loaded when the agent can; otherwise `note`
   * (acp-resume-note.ts) opens the first prompt of a new session.
   */
  resume?: { note: string; acpSessionId: string | null };
  /**
   * Our tools' policy for the agent's file and terminal requests
   * (acp-client-tools.ts); without it the client offers neither.
   */
  tools?: AcpClientToolsOptions;
  /**
   * Who decides on the plan the agent proposes when it leaves its
   * plan mode; without it such a request is asked as any permission.
   */
  planReview?: PlanReviewGate;
  /** Checkpoints of the workspace before the agent's changes (acp-checkpoints.ts); absent: none. */
  checkpoints?: CheckpointTaker;
}
