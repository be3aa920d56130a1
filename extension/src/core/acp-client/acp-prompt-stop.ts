// A prompt to an ACP agent that Stop can end: Stop sends `session/cancel` and ends
// the turn `aborted` when the agent answers, or after CANCEL_GRACE_MS if it does not.
import type { TurnEndReason } from '../session/events';
import type { AcpAgentProcess } from './acp-agent-process';
import { stopReasonEnd } from './acp-turn-log';

export const CANCEL_GRACE_MS = 2_000;

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
