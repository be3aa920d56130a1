// The approvals of the shown session: its "Always allow" answers last as long as the
// shown session does (its subagents share them), and every decision goes on the log
// of the session whose model made the call (its subagents' logs for theirs).
import type { Disposable } from '../../core/disposable';
import { ApprovalLog } from '../../core/tools/approval-log';
import { Approvals, type ApprovalGate } from '../../core/tools/approvals';
import type { OpenedSession } from './opened-session';

export class ShownApprovals {
  readonly log = new ApprovalLog();
  private current: Approvals;
  private watching: Disposable | undefined;

  constructor(
    private readonly gate: ApprovalGate,
    private readonly autoApprove: () => boolean,
  ) {
    this.current = this.fresh();
  }

  get approvals(): Approvals {
    return this.current;
  }

  /** Another session id is shown: no earlier "Always allow" answer holds. */
  forget(): void {
    this.current = this.fresh();
  }

  /** Decisions are logged on `opened` while it is shown for writing. */
  show(opened: OpenedSession | null): void {
    this.watching?.dispose();
    this.watching = opened && !opened.readOnly ? this.log.watch(opened.session) : undefined;
  }

  private fresh(): Approvals {
    return new Approvals({ gate: this.gate, autoApprove: this.autoApprove, onDecision: this.log.onDecision });
  }
}
