// Crash repair of a log reopened for writing: every call the model made gets a
// result it can read, and open steps and turns are closed, so the next turn starts
// from a valid history. Exact texts are what the model sees next.
import type { Session } from './session';
import type { SessionEventMap } from './events';

const UNKNOWN_OUTCOME_RESULT =
  'Error: the outcome of this call is unknown: the session stopped while it was running. Check ' +
  'its effects before relying on it, and do not retry blindly if the tool has side effects.';
const NOT_STARTED_RESULT = 'Error: this call was not started: the session stopped before it could run.';
const INTERRUPTED_MESSAGE =
  'the session stopped before this turn ended (crash or forced exit); it was closed when the log was reopened';

/** Appends the synthetic events; returns how many it appended (0 for a clean log). */
export function repairOpenTurn(session: Session): number {
  const before = session.lastSeq;
  const turn = session.openTurn;
  if (turn === null) return 0;
  // A subagent still running when the session stopped ended with it.
  for (const open of openSubagents(session)) {
    session.append('subagent/end', {
      callId: open.callId,
      childSessionId: open.childSessionId,
      outcome: 'interrupted',
    });
  }
  const step = session.openStep;
  if (step !== null) {
    for (const call of session.pendingCalls()) {
      session.append('tool/result', {
        turn,
        step,
        callId: call.callId,
        isError: true,
        content: call.started ? UNKNOWN_OUTCOME_RESULT : NOT_STARTED_RESULT,
      });
    }
    session.append('step/end', { turn, step });
  }
  session.append('turn/end', { turn, reason: { kind: 'interrupted', message: INTERRUPTED_MESSAGE } });
  return session.lastSeq - before;
}

/** subagent/start events of the open turn with no subagent/end, oldest first. */
function openSubagents(session: Session): SessionEventMap['subagent/start'][] {
  const open = new Map<string, SessionEventMap['subagent/start']>();
  const events = session.events;
  let i = events.length - 1;
  while (i >= 0 && events[i]!.type !== 'turn/start') i--;
  for (const event of events.slice(Math.max(0, i))) {
    if (event.type === 'subagent/start') open.set(event.data.callId, event.data);
    else if (event.type === 'subagent/end') open.delete(event.data.callId);
  }
  return [...open.values()];
}
