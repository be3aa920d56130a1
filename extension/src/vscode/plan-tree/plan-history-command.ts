// Agent Checklist: Show Plan History — the shown session's plan history (every
// version: the model's writes and the user's edits) opened from outside the Agent
// view's page, so it can be reached when no plan stands (the strip, whose header has
// the history button, shows only a standing plan). In the Command Palette it is always
// listed and explains itself when there is nothing to show; in the Plan tree's title
// and its empty view it is offered only while the session has a history (context key
// `agentChecklist.hasPlanHistory`). The history itself is the page's (the host
// presents it: WebviewPlanChannel); this only asks the page to open it.
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import { hasPlanVersion } from '../../core/plan/plan-history';
import type { SessionController } from '../controller/session-controller';

const SHOW_PLAN_HISTORY_COMMAND = 'agentChecklist.showPlanHistory';
const HAS_PLAN_HISTORY_CONTEXT = 'agentChecklist.hasPlanHistory';

export class PlanHistoryCommand extends Owner {
  /** The shown session has a plan version (once it has one it keeps it: the log is append-only). */
  private has = false;

  /** `show` opens the history in the Agent view (AgentWebviewProvider.showPlanHistory). */
  constructor(
    private readonly controller: SessionController,
    show: () => void,
  ) {
    super();
    // Resolves true when the history was opened, false when it was explained instead.
    this.register(
      vscode.commands.registerCommand(SHOW_PLAN_HISTORY_COMMAND, (): boolean => {
        const message = this.unavailable();
        if (message) {
          void vscode.window.showInformationMessage(message);
          return false;
        }
        show();
        return true;
      }),
    );
    this.register(controller.onDidChangeSession(() => this.update(false)));
    // Every plan version changes the standing plan's state; only a session without one yet is scanned.
    this.register(controller.onDidChangePlan(() => this.update(this.has)));
    this.register(
      toDisposable(() => void vscode.commands.executeCommand('setContext', HAS_PLAN_HISTORY_CONTEXT, false)),
    );
    this.update(false, true);
  }

  /** Why there is nothing to show (no session, no plan version yet), or null. */
  private unavailable(): string | null {
    if (!this.controller.session)
      return vscode.l10n.t('Agent Checklist: there is no session yet, so no plan history; send a prompt first.');
    if (!this.has)
      return vscode.l10n.t(
        // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
        'Agent Checklist: this session has no plan history yet. Each plan the agent writes, and each edit you make to it, becomes a version there.',
      );
    return null;
  }

  private update(known: boolean, force = false): void {
    const session = this.controller.session;
    const has = session !== null && (known || hasPlanVersion(session.events));
    if (has === this.has && !force) return;
    this.has = has;
    void vscode.commands.executeCommand('setContext', HAS_PLAN_HISTORY_CONTEXT, has);
  }
}
