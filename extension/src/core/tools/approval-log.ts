// Approval decisions as events on the log: each decision is appended as
// `tool/approval` to the session whose model made the call (a subagent's own log for
// its calls), in the open step, between that call's tool/call and its tool/result.
// A host watches the sessions it runs; a decision for a session it does not watch
// (or outside a step) is not logged, as no event could be placed for it.
import { type Disposable, toDisposable } from '../disposable';
import type { Session } from '../session/session';
import type { WritableSession } from '../store/session-store';
import type { ApprovalRecord, ApprovalRequest } from './approvals';

export class ApprovalLog {
  private readonly sessions = new Map<string, Session>();

  /** Logs the decisions on `session`'s calls until disposed. */
  watch(session: Session): Disposable {
    this.sessions.set(session.id, session);
    return toDisposable(() => {
      if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    });
  }

  /** `factory` whose sessions (subagents' child logs) are watched while open. */
  children<O>(factory: { create(opts: O): WritableSession }): { create(opts: O): WritableSession } {
    return {
      create: (opts) => {
        const opened = factory.create(opts);
        const watching = this.watch(opened.session);
        return {
          ...opened,
          dispose: () => {
            watching.dispose();
            opened.dispose();
          },
        };
      },
    };
  }

  /** For ApprovalsOptions.onDecision. Throws what the append throws (e.g. a log changed under its writer). */
  readonly onDecision = (request: ApprovalRequest, record: ApprovalRecord): void => {
    const session = request.sessionId === null ? undefined : this.sessions.get(request.sessionId);
    if (session === undefined || session.openTurn === null || session.openStep === null) return;
    session.append('tool/approval', {
      turn: session.openTurn,
      step: session.openStep,
      callId: request.callId,
      tool: request.tool,
      decision: record.decision,
      by: record.by,
    });
  };
}
