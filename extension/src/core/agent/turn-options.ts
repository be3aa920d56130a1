// What a turn of the agent loop (loop.ts) is run with.
import type { CheckpointTaker } from '../checkpoints/step-checkpoints';
import type { LiveDelta } from '../session/live-delta';
import type { ToolRegistry } from '../tools/registry';
import type { PlanReviewGate } from './plan-first';
import type { ModelProvider } from './provider';
import type { RetryPolicy } from './retry';

export interface TurnOptions {
  provider: ModelProvider;
  tools: ToolRegistry;
  maxSteps: number;
  signal?: AbortSignal;
  system?: string;
  retry?: Partial<RetryPolicy>;
  onDelta?: (delta: LiveDelta) => void;
  /** The model's window (tokens, 0 = unknown: compact only when the provider says "too long") and the threshold. */
  context?: { window: number; threshold?: number };
  /**
   * Called right after each step/end, before the next step starts (or the turn ends):
   * the one moment inside a turn where no step is open. The session owner lands the
   * user's queued plan edits here (PlanEditor.flush), so the next request carries them.
   */
  atStepBoundary?: () => void;
  /**
   * Plan first: who decides on the proposed plan (plan-first.ts). Absent: the turn
   * works at once, unless a rejection decided between turns asks for a new plan.
   */
  planFirst?: PlanReviewGate;
  /**
   * With planFirst: after an approval, a model write that adds or rewords items asks
   * again (agent/reapproval.ts; agentChecklist.reapproveOnScopeChange). Default true.
   */
  reapproveOnScopeChange?: boolean;
  /** Checkpoints of the workspace before its changes (core/checkpoints/step-checkpoints.ts); absent: none. */
  checkpoints?: CheckpointTaker;
  /**
   * Tell the model, once, in its next request, which items it marked completed are
   * flagged (plan/plan-flags.ts): a `plan/verify-completion` before that request,
   * which deriveMessages turns into a note. Default true.
   */
  verifyCompletion?: boolean;
  /**
   * The items' checks running in this session (core/tools/bash/item-check-runner.ts):
   * before each request the loop waits until none is queued or running, so a failed
   * check's note (plan/check-note.ts) is in the model's next request; a stop cancels them.
   */
  checks?: TurnChecks;
}

export interface TurnChecks {
  settled(): Promise<void>;
  cancel(): void;
}

export const DEFAULT_MAX_STEPS = 200;

export const STOPPED_BEFORE_START = 'Error: this call was not started: the user stopped the turn.';
