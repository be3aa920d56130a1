// An agent's marks written as our events, stamped with the agent's own time (kept in
// order: a time earlier than the one before is raised to it): a turn-start opens a
// turn (closing one still open), a turn-end closes it (`completed`), a plan write is a
// `todo/write` (the agent, not the user, wrote it), inside a turn (one is opened at
// its time when the agent wrote outside any). A turn the file has not ended stays
// open, as the agent left it. The whole-file import and the follower of a growing
// file share it, so a followed session's log is the one an import would write.
import { Session, type LogSink } from '../session/session';
import type { SessionHeader } from '../session/header';
import type { AgentMark } from './agent-plan';

export class MarkWriter {
  readonly session: Session;
  private clock: string;

  constructor(header: SessionHeader, sink: LogSink, startedAt: string) {
    this.clock = startedAt;
    this.session = new Session(header, { sink, now: () => new Date(this.clock) });
  }

  /** Writes one mark; returns the plan versions it wrote (0 or 1). */
  write(mark: AgentMark): number {
    const ts = validTime(mark.ts);
    if (ts !== undefined && ts > this.clock) this.clock = ts;
    const { session } = this;
    const open = session.openTurn;
    switch (mark.kind) {
      case 'turn-start':
        if (open !== null) session.append('turn/end', { turn: open, reason: { kind: 'completed' } });
        session.append('turn/start', { turn: session.lastTurn + 1 });
        return 0;
      case 'turn-end':
        if (open !== null) session.append('turn/end', { turn: open, reason: { kind: 'completed' } });
        return 0;
      case 'plan':
        if (open === null) session.append('turn/start', { turn: session.lastTurn + 1 });
        session.append('todo/write', { todos: mark.todos });
        return 1;
    }
  }
}

/** The time as an ISO string, or undefined when it is not one. */
export function validTime(ts: string | undefined): string | undefined {
  if (ts === undefined) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
