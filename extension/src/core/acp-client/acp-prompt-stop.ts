// A prompt to an ACP agent that Stop can end: Stop sends `session/cancel` and ends
// the turn `aborted` when the agent answers, or after CANCEL_GRACE_MS if it does not.
import type { StopReason } from '@agentclientprotocol/sdk';
import type { TurnEndReason } from '../session/events';
import type { AcpAgentProcess } from './acp-agent-process';

const CANCEL_GRACE_MS = 2_000;

/** How a prompt's stop reason ends our turn. */
function stopReasonEnd(stop: StopReason): TurnEndReason {
  switch (stop) {
    case 'end_turn':
      return { kind: 'completed' };
    case 'cancelled':
      return { kind: 'aborted' };
    case 'max_tokens':
      return { kind: 'error', message: 'the agent stopped: its model reached its output limit (max_tokens)' };
    case 'max_turn_requests':
      return {
        kind: 'error',
        message: 'the agent stopped: it reached its limit of model requests for one prompt (max_turn_requests)',
      };
    case 'refusal':
      return { kind: 'error', message: 'the agent refused to go on (refusal)' };
  }
}

/**
 * The turn's end for `texts` prompted to `sessionId`; `controller` is
 * aborted when Stop comes (a pending permission request is cancelled).
 */
export async function promptUntilStopped(
  agent: AcpAgentProcess,
  sessionId: string,
  texts: readonly string[],
  signal: AbortSignal,
  controller: AbortController,
): Promise<TurnEndReason> {
  let graceTimer: NodeJS.Timeout | undefined;
  const stopped = new Promise<TurnEndReason>((resolve) => {
    const stop = () => {
      controller.abort();
      agent.cancel(sessionId);
      graceTimer = setTimeout(
        () =>
          resolve({
            kind: 'aborted',
            message: `the agent did not end the turn within ${CANCEL_GRACE_MS / 1000} s of the cancel`,
          }),
        CANCEL_GRACE_MS,
      );
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([
      agent.prompt(sessionId, texts).then(stopReasonEnd, (error: unknown): TurnEndReason => ({
        kind: signal.aborted ? 'aborted' : 'error',
        message: message(error),
      })),
      stopped,
    ]);
  } finally {
    clearTimeout(graceTimer);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
