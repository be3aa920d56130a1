// The Agent view's plan requests, for every page that shows it: the strip's edits
// (`editPlan`, routed to the controller's planEditing.edit; a refused edit comes back as an
// error notice with its reason) and the plan history (`planHistory` open/closed, or
// opened by the host: Show Plan History).
// The history is posted only to a page that shows it: every version once when it
// opens (and again when it asks after a snapshot), then each new version as it lands.
// `P` is the host's handle of one page (it posts to it).
import * as vscode from 'vscode';
import type { Disposable } from '../../core/disposable';
import { LivePlanHistory } from '../../core/plan/live-plan-history';
import type { PlanEditOutcome } from '../../core/plan/plan-editor';
import { planHistoryView, planVersionView } from '../../core/presenters/plan-history-presenter';
import type { PlanEdit } from '../../core/plan/user-edit';
import type { HostMessageBody } from '../../core/protocol/messages';
import type { Session } from '../../core/session/session';

export interface WebviewPlanChannelOptions<P> {
  /** The shown session (null: none). */
  session: () => Session | null;
  onDidChangeSession: vscode.Event<void>;
  edit: (edit: PlanEdit) => Promise<PlanEditOutcome>;
  postTo: (page: P, body: HostMessageBody) => void;
  notice: (level: 'info' | 'error', text: string) => void;
}

export class WebviewPlanChannel<P> implements vscode.Disposable {
  /** Pages that show the history. */
  private readonly showing = new Set<P>();
  private history: LivePlanHistory | null = null;
  private readonly subscription: Disposable;

  constructor(private readonly options: WebviewPlanChannelOptions<P>) {
    this.subscription = options.onDidChangeSession(() => this.drop());
  }

  /** A user edit from a page's strip; refused edits are told, an unchanged list is not. */
  async edit(edit: PlanEdit): Promise<void> {
    const outcome = await this.options.edit(edit);
    if (outcome.kind === 'refused')
      this.options.notice('error', vscode.l10n.t('The plan was not changed: {0}', outcome.message));
  }

  /** A page opened (every version goes to it) or closed (null) the history. */
  showHistory(page: P, open: boolean): void {
    if (!open) {
      this.showing.delete(page);
      this.options.postTo(page, { type: 'planHistory', history: null });
      return;
    }
    this.showing.add(page);
    this.options.postTo(page, { type: 'planHistory', history: planHistoryView(this.live()?.versions ?? []) });
  }

  /** Show Plan History: the page opens its history view, with every version (then each new one, as when it asks). */
  reveal(page: P): void {
    this.showing.add(page);
    this.options.postTo(page, {
      type: 'planHistory',
      history: planHistoryView(this.live()?.versions ?? []),
      reveal: true,
    });
  }

  /** The page got a snapshot (which clears its history) or is gone: it asks again if it still shows the history. */
  forget(page: P): void {
    this.showing.delete(page);
  }

  private live(): LivePlanHistory | null {
    const session = this.options.session();
    if (this.history?.session === session) return this.history;
    this.drop();
    if (!session) return null;
    const history = new LivePlanHistory(session, (version, number) => {
      if (this.history !== history) return;
      const body: HostMessageBody = { type: 'planVersion', version: planVersionView(version, number) };
      for (const page of this.showing) this.options.postTo(page, body);
    });
    return (this.history = history);
  }

  /** Another session is shown: its history is folded when a page next asks. */
  private drop(): void {
    this.history?.dispose();
    this.history = null;
  }

  dispose(): void {
    this.subscription.dispose();
    this.drop();
    this.showing.clear();
  }
}
