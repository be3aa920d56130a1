// The stages of one turn of the agent loop (loop.ts runs them in order, step after
// step). The turn's state is here, each part changed by one stage: the window and
// whether a compaction has had no successful request since (turn-window.ts), and
// whether the turn is planning (plan first).
import { StepCheckpoints } from '../checkpoints/step-checkpoints';
import { untoldFlags } from '../plan/plan-flags';
import { standingTodos } from '../plan/todos-projection';
import type { SessionFolds } from '../plan/session-folds';
import { deriveMessages } from './derive-messages';
import type { ModelRef, TurnEndReason } from '../session/events';
import type { Session } from '../session/session';
import { toolFacts } from '../session/tool-facts';
import { compactContext } from './compaction';
import {
  notWhilePlanning,
  offeredWhilePlanning,
  PLANNING_NOTE,
  planningSpecs,
  reviewPlan,
  startsPlanning,
  type ReviewOutcome,
} from './plan-first';
import type { ModelRequest } from './provider';
import { NOT_RUN_PLAN_CHANGED, type ScopeWatch } from './reapproval';
import { withRetries } from './retry';
import { emptyOutput, logAnswer, streamStep, type StepAnswer, type ToolCall } from './step-stream';
import { DEFAULT_SYSTEM_PROMPT } from './system-prompt';
import { STOPPED_BEFORE_START, type TurnOptions } from './turn-options';
import { TurnWindow } from './turn-window';

export class TurnRun {
  readonly turn: number;
  private readonly signal: AbortSignal;
  private readonly checkpoints: StepCheckpoints | null;
  private readonly context: TurnWindow;
  /** Plan first's planning phase: the read-only tools and todo_write, with the planning note. */
  private planning = false;

  constructor(
    private readonly session: Session,
    private readonly options: TurnOptions,
    private readonly folds: SessionFolds,
    /** Plan first's re-approval: which write grew the approved plan's scope (reapproval.ts). */
    private readonly scope: ScopeWatch,
  ) {
    this.signal = options.signal ?? new AbortController().signal;
    this.context = new TurnWindow(session, options.context?.window ?? 0, options.context?.threshold);
    this.turn = session.lastTurn + 1;
    this.checkpoints = options.checkpoints ? new StepCheckpoints(options.checkpoints, session, this.turn) : null;
  }

  /** Plan first decides whether the turn starts planning (from the log before it); then turn/start and the prompt. */
  open(prompt: string | null): void {
    this.planning = startsPlanning(this.session.events, this.options.planFirst !== undefined);
    this.session.append('turn/start', { turn: this.turn });
    if (prompt !== null) this.session.append('user/message', { turn: this.turn, message: { text: prompt } });
  }

  async end(reason: TurnEndReason): Promise<TurnEndReason> {
    if (reason.kind !== 'aborted') await this.checkpoints?.endTurn();
    this.session.append('turn/end', { turn: this.turn, reason });
    return reason;
  }

  /** The turn ends before `step` when it was stopped or `step` is past the most steps. */
  async stopBeforeStep(step: number): Promise<TurnEndReason | null> {
    if (this.signal.aborted) return this.end({ kind: 'aborted' });
    if (step > this.options.maxSteps) return this.end({ kind: 'max-steps', maxSteps: this.options.maxSteps });
    return null;
  }

  /**
   * Verify completion: the flags the model has not been told
   * about, as one plan/verify-completion before its next request.
   */
  tellFlags(): void {
    if (!(this.options.verifyCompletion ?? true)) return;
    const items = untoldFlags(this.folds.ledger);
    if (items.length > 0) this.session.append('plan/verify-completion', { turn: this.turn, items });
  }

  /** The next request; the history is compacted first when the request would pass the threshold of the window. */
  async requestThatFits(): Promise<{ request: ModelRequest } | { ended: TurnEndReason }> {
    const request = this.buildRequest();
    if (!this.context.isFull(request)) return { request };
    const ended = await this.compact();
    return ended ? { ended } : { request: this.buildRequest() };
  }

  /** step/start, the request streamed with retries, and what the user saw of the answer as assistant/message. */
  async askModel(step: number, request: ModelRequest): Promise<StepAnswer> {
    this.session.append('step/start', { turn: this.turn, step });
    this.checkpoints?.newStep(step);
    const answer = await this.streamAnswer(step, request);
    logAnswer(this.session, { turn: this.turn, step, model: this.model }, answer, this.signal.aborted);
    return answer;
  }

  /**
   * Each call in the model's order, each tool/call durable before its tool runs; once
   * stopped, or once a write grew the approved plan's scope, the rest get a result saying so.
   */
  async runCalls(step: number, calls: readonly ToolCall[]): Promise<void> {
    for (const call of calls) {
      const notRun = this.signal.aborted ? STOPPED_BEFORE_START : this.scope.paused ? NOT_RUN_PLAN_CHANGED : null;
      if (notRun !== null) {
        this.session.append('tool/result', { turn: this.turn, step, callId: call.id, isError: true, content: notRun });
        continue;
      }
      await this.runCall(step, call);
      this.scope.afterCall(!this.planning);
    }
  }

  /** step/end, then the step boundary, where no step is open. */
  closeStep(step: number): void {
    this.session.append('step/end', { turn: this.turn, step });
    this.options.atStepBoundary?.();
  }

  /** What the step leads to: the turn's end, or (null) the next step, after a compaction or the plan's review. */
  async afterStep(answer: StepAnswer): Promise<TurnEndReason | null> {
    if (answer.failure !== null) return this.end({ kind: 'error', message: answer.failure });
    if (this.signal.aborted) return this.end({ kind: 'aborted' });
    // The provider said the request is too long: compact now, the next step tries again.
    if (answer.overflow) return this.compact();
    const planned = answer.calls.length === 0 && this.planning && this.folds.planState !== null;
    if (this.scope.paused || planned) return this.review();
    if (answer.calls.length === 0) return this.end({ kind: 'completed' });
    // The next request is derived from the whole session (deriveMessages and its size estimate are
    // linear in it). One macrotask first lets what this step appended
    // reach the surfaces (a subscriber's post may leave on a later tick, e.g. through the extension
    // host's message channel), so a long session's live rows do not wait behind the derivation.
    await nextMacrotask();
    return null;
  }

  private get model(): ModelRef {
    return { provider: this.options.provider.id, model: this.options.provider.model };
  }

  private buildRequest(): ModelRequest {
    const system = this.options.system ?? DEFAULT_SYSTEM_PROMPT;
    const tools = this.options.tools.specs();
    return {
      system: this.planning ? `${system}\n\n${PLANNING_NOTE}` : system,
      messages: deriveMessages(this.session.events, { plan: standingTodos(this.folds.planState) }),
      tools: this.planning ? planningSpecs(tools) : tools,
      sessionId: this.session.id,
    };
  }

  /** Compacts the history; the turn ends when that fails. */
  private async compact(): Promise<TurnEndReason | null> {
    try {
      await compactContext(this.session, {
        provider: this.options.provider,
        window: this.context.window,
        plan: standingTodos(this.folds.planState),
        signal: this.signal,
        ...(this.options.retry ? { retry: this.options.retry } : {}),
      });
      this.context.compacted();
      return null;
    } catch (error) {
      if (this.signal.aborted) return this.end({ kind: 'aborted' });
      return this.end({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  private async streamAnswer(step: number, request: ModelRequest): Promise<StepAnswer> {
    const { session, turn, signal, options } = this;
    let output = emptyOutput();
    try {
      await withRetries(
        async () => {
          output = emptyOutput();
          await streamStep(session, turn, step, request, options, signal, output);
        },
        { signal, ...options.retry },
        (attempt, delayMs, error) =>
          options.onDelta?.({
            kind: 'reset',
            sessionId: session.id,
            turn,
            step,
            attempt,
            delayMs,
            message: error.message,
          }),
      );
      this.context.answered();
      return { output, calls: signal.aborted ? [] : output.calls, failure: null, overflow: false };
    } catch (error) {
      const failed = this.signal.aborted ? { failure: null, overflow: false } : this.context.failureOf(error, request);
      return { output, calls: [], ...failed };
    }
  }

  /** A checkpoint before a call that may change the workspace (not while planning), the call, its result. */
  private async runCall(step: number, call: ToolCall): Promise<void> {
    const { session, turn } = this;
    const { checkpoint } = toolFacts(call.name);
    if (!this.planning) await this.checkpoints?.beforeCall(step, checkpoint);
    // The arguments are on the assistant message already; logging them again would double a large write_file.
    session.append('tool/call', { turn, step, callId: call.id, name: call.name });
    const result =
      this.planning && !offeredWhilePlanning(call.name)
        ? notWhilePlanning(call.name)
        : await this.options.tools.execute(call.name, call.arguments, {
            agent: { session },
            signal: this.signal,
            callId: call.id,
          });
    session.append('tool/result', {
      turn,
      step,
      callId: call.id,
      isError: result.isError,
      content: result.content,
      ...(result.details ? { details: result.details } : {}),
    });
    this.checkpoints?.afterCall(checkpoint);
  }

  /**
   * Plan first proposes the standing plan (a planning step with no call, or again when a
   * write grew the approved scope) and awaits the decision; without a gate the turn is complete.
   */
  private async review(): Promise<TurnEndReason | null> {
    const gate = this.options.planFirst;
    if (gate === undefined) return this.end({ kind: 'completed' });
    const growth = this.scope.takePaused();
    let outcome: ReviewOutcome;
    try {
      outcome = await reviewPlan(this.session, this.turn, () => this.folds.planState, gate, this.signal, growth);
    } catch (error) {
      return this.end({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
    if (outcome === 'stopped') return this.end({ kind: 'aborted' });
    if (outcome === 'later') return this.end({ kind: 'awaiting-approval' });
    this.planning = outcome === 'rejected';
    return null;
  }
}

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
