// Notifications for when the agent needs the user while the Agent view is out of
// sight: the shown session's turn ended (whoever wrote it: this window's agent or a
// followed CLI run), an approval waits, or this window's turn waits for the decision
// on its plan-first proposal. Whether to notify and what to say are
// core/plan/attention.ts's (pure); this adapter reads the window's state, shows the
// message with a Show action that reveals the view, and owns its two subscriptions.
import * as vscode from 'vscode';
import type { PendingPlanReview, PlanProposal } from '../../core/agent/plan-first';
import { Owner } from '../../core/disposable';
import { attentionNotice, shouldNotify, type AttentionEvent, type AttentionTemplates } from '../../core/plan/attention';
import type { SessionController } from '../controller/session-controller';
import { ShownSessionEvents } from '../controller/shown-session-events';
import type { WebviewApprovalGate } from '../session/webview-approval-gate';

export interface AttentionNotifierOptions {
  controller: SessionController;
  approvals: WebviewApprovalGate;
  /** Plan first: the proposal this window's turn waits on, and when that changes. */
  planReview: PendingPlanReview;
  onDidChangePlanReview: vscode.Event<void>;
  /** agentChecklist.notifications, read at each event. */
  enabled: () => boolean;
  /** Some page of the Agent view is visible. */
  viewVisible: () => boolean;
  /** Brings the Agent view forward (the Show action). */
  reveal: () => void;
}

function templates(): AttentionTemplates {
  return {
    turnEnd: {
      completed: vscode.l10n.t('The agent finished its turn.'),
      aborted: vscode.l10n.t('The agent stopped.'),
      error: vscode.l10n.t('The agent’s turn failed.'),
      'max-steps': vscode.l10n.t('The agent stopped at the step limit.'),
      interrupted: vscode.l10n.t('The agent’s turn was interrupted.'),
      'awaiting-approval': vscode.l10n.t('The agent proposed a plan and waits for your decision.'),
    },
    approval: vscode.l10n.t('The agent waits for your approval to run {0}: {1}'),
    planProposed: vscode.l10n.t('The agent proposed a plan and waits for your decision: approve, edit or reject it.'),
    withPlan: vscode.l10n.t('{0} Plan: {1}'),
    planHead: vscode.l10n.t('{0}/{1} done'),
  };
}

export class AttentionNotifier extends Owner implements vscode.Disposable {
  constructor(private readonly options: AttentionNotifierOptions) {
    super();
    this.register(new ShownSessionEvents(options.controller)).onDidAppend((event) => {
      if (event.type === 'turn/end') this.notify({ kind: 'turn-end', reason: event.data.reason.kind });
    });
    this.register(
      options.approvals.onDidAsk((approval) =>
        this.notify({ kind: 'approval', tool: approval.tool, summary: approval.summary }),
      ),
    );
    // Once per proposal: the change that starts it waiting (its answer changes it again).
    let told: PlanProposal | null = null;
    this.register(
      options.onDidChangePlanReview(() => {
        const waiting = options.planReview.waiting;
        if (waiting !== null && waiting !== told) this.notify({ kind: 'plan-proposed' });
        told = waiting;
      }),
    );
  }

  private notify(event: AttentionEvent): void {
    const { enabled, viewVisible, controller, reveal } = this.options;
    if (!shouldNotify({ enabled: enabled(), viewVisible: viewVisible(), windowFocused: vscode.window.state.focused }))
      return;
    const notice = attentionNotice(event, controller.standingPlan, templates());
    const show = vscode.l10n.t('Show');
    const answer =
      notice.level === 'warning'
        ? vscode.window.showWarningMessage(notice.text, show)
        : vscode.window.showInformationMessage(notice.text, show);
    void answer.then((choice) => {
      if (choice === show) reveal();
    });
  }
}
