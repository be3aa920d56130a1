// The agent loop: one turn = turn/start, user/message, then steps until a step makes
// no tool call. Each step streams the model (deltas go to listeners live, never to
// the log), records the assistant message, then runs its tool calls in the model's
// order, each tool/call durable BEFORE the tool runs. Every call the model made gets
// exactly one result, whatever happens (stop, error, max steps), so the log stays
// valid and the next turn's history is one the provider accepts.
//
// Context: before each request the loop measures it (context-budget.ts); when it
// would pass `threshold` of the window, the history is compacted first
// (compaction.ts). A provider answering "context too long" ends that step, the
// history is compacted, and the next step tries again; a request that is still too
// long right after a compaction ends the turn `error`, once.
//
// Plan first (plan-first.ts): with `planFirst` the turn starts in a planning phase
// (read-only tools and todo_write, the planning note); a step that ends with no
// tool call while a plan stands proposes it and waits for the decision, between
// steps; an approval goes on in the same turn with every tool.
import type { LiveDelta } from '../session/live-delta';
import { standingTodos, type PlanState } from '../plan/todos-projection';
import { untoldFlags } from '../plan/plan-flags';
import { SessionFolds } from '../presenters/session-folds';
import type { AssistantBlock, TurnEndReason, Usage } from '../session/events';
import { deriveMessages } from '../session/derive-messages';
import type { Session } from '../session/session';
import type { ToolRegistry } from '../tools/registry';
import { toolFacts } from '../tools/tool-facts';
import { StepCheckpoints, type CheckpointTaker } from '../checkpoints/step-checkpoints';
import { compactContext, hasSomethingToCompact } from './compaction';
import { promptSize } from './context-budget';
import { DEFAULT_COMPACT_THRESHOLD } from './context-window';
import { ProviderError, isProviderError, type ModelProvider, type ModelRequest } from './provider';
import { withRetries, type RetryPolicy } from './retry';
import {
  notWhilePlanning,
  offeredWhilePlanning,
  PLANNING_NOTE,
  planningSpecs,
  reviewPlan,
  startsPlanning,
  type PlanReviewGate,
  type ReviewOutcome,
} from './plan-first';
import { DEFAULT_SYSTEM_PROMPT } from './system-prompt';

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
  /** Plan first: who decides on the proposed plan (plan-first.ts). Absent: the turn works at once, unless a rejection decided between turns asks for a new plan. */
  planFirst?: PlanReviewGate;
  /** Checkpoints of the workspace before its changes (core/checkpoints/step-checkpoints.ts); absent: none. */
  checkpoints?: CheckpointTaker;
  /**
   * Tell the model, once, in its next request, which items it marked completed are
   * flagged (plan/plan-flags.ts): a `plan/verify-completion` before that request,
   * which deriveMessages turns into a note. Default true.
   */
  verifyCompletion?: boolean;
}

export const DEFAULT_MAX_STEPS = 200;

export const STOPPED_BEFORE_START = 'Error: this call was not started: the user stopped the turn.';

interface StepOutput {
  blocks: AssistantBlock[];
  calls: { id: string; name: string; arguments: string }[];
  usage: Usage | undefined;
  finishReason: string | undefined;
}

function emptyOutput(): StepOutput {
  return { blocks: [], calls: [], usage: undefined, finishReason: undefined };
}

/**
 * Runs one turn of `session` for `prompt` and returns how it ended (also logged as
 * turn/end). A null prompt logs no user/message: the turn goes on from a plan
 * decision made between turns (plan-first.ts), which is what the model is told.
 */
export async function runTurn(session: Session, prompt: string | null, options: TurnOptions): Promise<TurnEndReason> {
  if (session.openTurn !== null)
    throw new Error(`session ${session.id} has turn ${session.openTurn} open; repair it before starting a new turn`);
  if (!Number.isInteger(options.maxSteps) || options.maxSteps < 1)
    throw new Error('maxSteps must be a whole number of at least 1');
  // The standing plan as the session's folds hold it (turn/start clears a model plan,
  // a user-edited one carries in), kept for the restatement after a compaction.
  const folds = SessionFolds.over(session.events, { transcript: null });
  const planWatch = folds.follow(session);
  try {
    return await runSteps(session, prompt, options, folds);
  } finally {
    planWatch.dispose();
  }
}

async function runSteps(
  session: Session,
  prompt: string | null,
  options: TurnOptions,
  folds: SessionFolds,
): Promise<TurnEndReason> {
  const planState = (): PlanState | null => folds.planState;
  const currentPlan = () => standingTodos(planState());
  const signal = options.signal ?? new AbortController().signal;
  // Lowered for the rest of the turn when a provider's "too long" shows the window is smaller than we were told.
  let window = options.context?.window ?? 0;
  const threshold = options.context?.threshold ?? DEFAULT_COMPACT_THRESHOLD;
  const turn = session.lastTurn + 1;
  const checkpoints = options.checkpoints ? new StepCheckpoints(options.checkpoints, session, turn) : null;
  const end = async (reason: TurnEndReason): Promise<TurnEndReason> => {
    if (reason.kind !== 'aborted') await checkpoints?.endTurn();
    session.append('turn/end', { turn, reason });
    return reason;
  };
  const gate = options.planFirst;
  let planning = startsPlanning(session.events, gate !== undefined);
  session.append('turn/start', { turn });
  if (prompt !== null) session.append('user/message', { turn, message: { text: prompt } });
  const system = options.system ?? DEFAULT_SYSTEM_PROMPT;
  const buildRequest = (): ModelRequest => ({
    system: planning ? `${system}\n\n${PLANNING_NOTE}` : system,
    messages: deriveMessages(session.events, { plan: currentPlan() }),
    tools: planning ? planningSpecs(options.tools.specs()) : options.tools.specs(),
    sessionId: session.id,
  });
  /** A compaction with no successful request since: another "too long" ends the turn. */
  let justCompacted = false;
  const compact = async (): Promise<TurnEndReason | null> => {
    try {
      await compactContext(session, {
        provider: options.provider,
        window,
        plan: currentPlan(),
        signal,
        ...(options.retry ? { retry: options.retry } : {}),
      });
      justCompacted = true;
      return null;
    } catch (error) {
      if (signal.aborted) return end({ kind: 'aborted' });
      return end({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  for (let step = 1; ; step++) {
    if (signal.aborted) return end({ kind: 'aborted' });
    if (step > options.maxSteps) return end({ kind: 'max-steps', maxSteps: options.maxSteps });
    if (options.verifyCompletion ?? true) tellFlags(session, turn, folds);
    let request = buildRequest();
    if (
      window > 0 &&
      !justCompacted &&
      promptSize(session.events, request).tokens > threshold * window &&
      hasSomethingToCompact(session)
    ) {
      const ended = await compact();
      if (ended) return ended;
      request = buildRequest();
    }
    session.append('step/start', { turn, step });
    checkpoints?.newStep(step);
    let output = emptyOutput();
    let failure: string | null = null;
    let overflow = false;
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
      justCompacted = false;
    } catch (error) {
      if (!signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        const tooLong = isProviderError(error) && error.kind === 'context-overflow';
        if (tooLong) window = learnedWindow(window, error.contextLimit, promptSize(session.events, request).tokens);
        overflow = tooLong && !justCompacted && hasSomethingToCompact(session);
        if (!overflow) failure = tooLong ? tooLongMessage(window, justCompacted, message) : message;
      }
    }
    const aborted = signal.aborted;
    // A failed request leaves nothing; a stopped one keeps what the user already saw, minus unstarted calls.
    const blocks =
      failure !== null || overflow ? [] : aborted ? output.blocks.filter((b) => b.type !== 'tool-call') : output.blocks;
    if (blocks.length) {
      session.append('assistant/message', {
        turn,
        step,
        message: { content: blocks },
        model: { provider: options.provider.id, model: options.provider.model },
        ...(output.usage ? { usage: output.usage } : {}),
        ...(output.finishReason ? { finishReason: output.finishReason } : {}),
      });
    }
    const calls = failure === null && !overflow && !aborted ? output.calls : [];
    for (const call of calls) {
      if (signal.aborted) {
        session.append('tool/result', { turn, step, callId: call.id, isError: true, content: STOPPED_BEFORE_START });
        continue;
      }
      const { checkpoint } = toolFacts(call.name);
      if (!planning) await checkpoints?.beforeCall(step, checkpoint);
      // The arguments are on the assistant message already; logging them again would double a large write_file.
      session.append('tool/call', { turn, step, callId: call.id, name: call.name });
      const result =
        planning && !offeredWhilePlanning(call.name)
          ? notWhilePlanning(call.name)
          : await options.tools.execute(call.name, call.arguments, { agent: { session }, signal, callId: call.id });
      session.append('tool/result', {
        turn,
        step,
        callId: call.id,
        isError: result.isError,
        content: result.content,
        ...(result.details ? { details: result.details } : {}),
      });
      checkpoints?.afterCall(checkpoint);
    }
    session.append('step/end', { turn, step });
    options.atStepBoundary?.();
    if (failure !== null) return end({ kind: 'error', message: failure });
    if (signal.aborted) return end({ kind: 'aborted' });
    if (overflow) {
      // The provider said the request is too long: compact now, the next step tries again.
      const ended = await compact();
      if (ended) return ended;
      continue;
    }
    if (calls.length === 0) {
      if (!planning || gate === undefined || planState() === null) return end({ kind: 'completed' });
      let outcome: ReviewOutcome;
      try {
        outcome = await reviewPlan(session, turn, planState, gate, signal);
      } catch (error) {
        return end({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      }
      if (outcome === 'stopped') return end({ kind: 'aborted' });
      if (outcome === 'later') return end({ kind: 'awaiting-approval' });
      planning = outcome === 'rejected';
      continue;
    }
    // The next request is derived from the whole session (deriveMessages and its size estimate are
    // linear in it). One macrotask first lets what this step appended
    // reach the surfaces (a subscriber's post may leave on a later tick, e.g. through the extension
    // host's message channel), so a long session's live rows do not wait behind the derivation.
    await nextMacrotask();
  }
}

/** The flags the model has not been told about, as one plan/verify-completion before its next request. */
function tellFlags(session: Session, turn: number, folds: SessionFolds): void {
  const items = untoldFlags(folds.ledger);
  if (items.length > 0) session.append('plan/verify-completion', { turn, items });
}

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The window after a "too long": the one the provider stated, else below the size of the rejected request. */
export function learnedWindow(current: number, stated: number | undefined, rejectedTokens: number): number {
  const bound = stated ?? Math.floor(rejectedTokens * 0.75);
  return current > 0 ? Math.min(current, bound) : bound;
}

/** The one clear message of a request that does not fit even after compacting (or with nothing left to compact). */
function tooLongMessage(window: number, afterCompaction: boolean, providerMessage: string): string {
  const size = window > 0 ? ` (${window} tokens)` : '';
  const why = afterCompaction
    ? 'even right after the conversation was compacted'
    : 'and there is nothing left to compact';
  return `the request does not fit the model's context window${size} ${why}; start a new session or raise agentChecklist.contextWindow / --context-window if the model allows more. The provider said: ${providerMessage}`;
}

async function streamStep(
  session: Session,
  turn: number,
  step: number,
  request: ModelRequest,
  options: TurnOptions,
  signal: AbortSignal,
  out: StepOutput,
): Promise<void> {
  let text = '';
  let reasoning = '';
  let signature: string | undefined;
  const flush = (): void => {
    // Blocks keep the order the model produced them: reasoning, text, then calls.
    out.blocks = [];
    if (reasoning)
      out.blocks.push(
        signature === undefined
          ? { type: 'reasoning', text: reasoning }
          : { type: 'reasoning', text: reasoning, signature },
      );
    if (text) out.blocks.push({ type: 'text', text });
    for (const call of out.calls)
      out.blocks.push({ type: 'tool-call', id: call.id, name: call.name, arguments: call.arguments });
  };
  try {
    for await (const part of options.provider.stream(request, signal)) {
      if (signal.aborted) break;
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          options.onDelta?.({ kind: 'text', sessionId: session.id, turn, step, text: part.text });
          break;
        case 'reasoning-delta':
          reasoning += part.text;
          options.onDelta?.({ kind: 'reasoning', sessionId: session.id, turn, step, text: part.text });
          break;
        case 'reasoning-signature':
          signature = part.signature;
          break;
        case 'tool-call': {
          const id = out.calls.some((c) => c.id === part.id) ? `${part.id}_${out.calls.length}` : part.id;
          out.calls.push({ id, name: part.name, arguments: part.arguments });
          break;
        }
        case 'usage':
          out.usage = part.usage;
          break;
        case 'finish':
          out.finishReason = part.reason;
          break;
      }
    }
  } finally {
    flush();
  }
  if (signal.aborted) return;
  if (!text && !reasoning && out.calls.length === 0 && out.finishReason === undefined) {
    throw new ProviderError('the model returned an empty response', { retryable: true });
  }
}
