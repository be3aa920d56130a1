// How `run` (ours and an ACP agent's, run-acp.ts) tells what happens: the standing
// plan echoed on stderr as it changes, the model's text on stdout, and the turn's end
// as a line on stderr or, with --json, one object on stdout. Text from the model or
// the log reaches the terminal with its control characters made visible.
import { contextUse, estimateRequestTokens, type ContextUse } from '../../core/agent/context-budget';
import { deriveMessages } from '../../core/agent/derive-messages';
import { finalAssistantText } from '../../core/agent/final-text';
import { SessionFolds } from '../../core/plan/session-folds';
import { planAsText } from '../../core/plan/summaries';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { SessionEvent, TurnEndReason } from '../../core/session/events';
import type { LiveDelta } from '../../core/session/live-delta';
import type { Session } from '../../core/session/session';
import { visibleControls } from '../../core/terminal-text';
import type { ToolRegistry } from '../../core/tools/registry';
import type { CliIo } from '../io';
import { EXIT_FAILED, EXIT_OK } from '../usage';

/** The session's standing plan, folded as it changes, and echoed on stderr each time it does (not with --json). */
export function echoPlan(
  io: CliIo,
  flags: { json?: boolean },
  session: Session,
): { plan: SessionFolds; following: { dispose(): void } } {
  const plan = SessionFolds.over(session.events, { transcript: null });
  const following = plan.follow(session, (change) => {
    if (flags.json || !change.plan) return;
    const state = plan.planState;
    io.err(state === null ? '— plan cleared' : `— plan\n${visibleControls(planAsText(state.todos))}`);
  });
  return { plan, following };
}

/**
 * How a run ended: with --json one object on stdout (`sessionId`, `logPath`,
 * `finalText`, `plan`, `turnEnd`, and `extra`), else a line on stderr; the exit code.
 */
export function reportRun(
  io: CliIo,
  flags: { json?: boolean },
  run: { session: Session; logPath: string; plan: StandingPlan | null; turnEnd: TurnEndReason },
  extra: Record<string, unknown> = {},
): number {
  const { session, turnEnd } = run;
  if (flags.json) {
    const finalText = finalAssistantText(session.events, session.lastTurn);
    io.out(
      JSON.stringify({ sessionId: session.id, logPath: run.logPath, finalText, plan: run.plan, turnEnd, ...extra }),
    );
  } else {
    io.write('\n');
    io.err(
      `— turn ${session.lastTurn} ended: ` +
        `${visibleControls(describeTurnEnd(turnEnd), { keepLayout: false })} (session ${session.id})`,
    );
  }
  // A plan waiting for its decision is an expected end: the run did what it was asked.
  return turnEnd.kind === 'completed' || turnEnd.kind === 'awaiting-approval' ? EXIT_OK : EXIT_FAILED;
}

/** The turn's stream: this session's text on stdout (not with --json), a retried request on stderr. */
export function deltaPrinter(io: CliIo, flags: { json?: boolean }, sessionId: string): (d: LiveDelta) => void {
  return (d) => {
    // Only this session's text goes to stdout; subagents report through their own logs.
    if (d.sessionId !== sessionId) return;
    if (!flags.json && d.kind === 'text') io.write(visibleControls(d.text));
    if (!flags.json && d.kind === 'reset')
      io.err(
        `\n— model request failed (${visibleControls(d.message, { keepLayout: false })}); ` +
          `retry ${d.attempt} in ${d.delayMs} ms`,
      );
  };
}

/** The context use after the turn (as the meter shows it) and how many compactions the log holds. */
export function contextReport(
  events: readonly SessionEvent[],
  deps: { system: string; tools: ToolRegistry; window: number },
  plan: StandingPlan,
): ContextUse & { compactions: number } {
  const estimate = (): number =>
    estimateRequestTokens({
      system: deps.system,
      tools: deps.tools.specs(),
      messages: deriveMessages(events, { plan }),
    });
  return {
    ...contextUse(events, estimate, deps.window),
    compactions: events.filter((e) => e.type === 'context/compact').length,
  };
}

function describeTurnEnd(reason: TurnEndReason): string {
  switch (reason.kind) {
    case 'completed':
      return 'completed';
    case 'max-steps':
      return `max-steps (${reason.maxSteps})`;
    case 'error':
      return `error: ${reason.message}`;
    case 'aborted':
    case 'interrupted':
      return reason.kind;
    case 'awaiting-approval':
      return 'awaiting-approval (the proposed plan waits for a decision)';
  }
}
