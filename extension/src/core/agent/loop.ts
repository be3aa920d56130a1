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
// steps; an approval goes on in the same turn with every tool. After an approval, a
// todo_write that grows the plan's scope pauses the turn for a re-approval (reapproval.ts).
//
// Items' checks (options.checks): before each request the loop waits for the checks
// running in the session (a stop cancels them), so the request carries a failed one's note.
//
// Each stage is a method of TurnRun (turn-run.ts); runSteps shows their order.
import { SessionFolds } from '../plan/session-folds';
import type { TurnEndReason } from '../session/events';
import type { Session } from '../session/session';
import { ScopeWatch } from './reapproval';
import type { TurnChecks, TurnOptions } from './turn-options';
import { TurnRun } from './turn-run';

export type { TurnOptions } from './turn-options';

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
  const scope = new ScopeWatch(session, options.planFirst !== undefined && (options.reapproveOnScopeChange ?? true));
  try {
    return await runSteps(session, prompt, options, folds, scope);
  } finally {
    planWatch.dispose();
    scope.dispose();
  }
}

async function runSteps(
  session: Session,
  prompt: string | null,
  options: TurnOptions,
  folds: SessionFolds,
  scope: ScopeWatch,
): Promise<TurnEndReason> {
  const run = new TurnRun(session, options, folds, scope);
  run.open(prompt); // plan first: whether the turn starts planning
  for (let step = 1; ; step++) {
    await checksSettled(options.checks, options.signal); // items' checks: their results before the request
    const stopped = await run.stopBeforeStep(step); // stopped, or past the most steps
    if (stopped) return stopped;
    run.tellFlags(); // verify completion
    const fitted = await run.requestThatFits(); // compaction when the request would pass the threshold
    if ('ended' in fitted) return fitted.ended;
    const answer = await run.askModel(step, fitted.request); // checkpoints: a new step
    await run.runCalls(step, answer.calls); // checkpoints: before a call that may change the workspace
    run.closeStep(step);
    const ended = await run.afterStep(answer); // failure, stop, compaction after "too long", plan review, completion
    if (ended) return ended;
  }
}

/** Resolves once the session's checks are settled; a stop meanwhile cancels them. */
async function checksSettled(checks: TurnChecks | undefined, signal: AbortSignal | undefined): Promise<void> {
  if (checks === undefined) return;
  const stop = (): void => checks.cancel();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    await checks.settled();
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
