// The Agent view's own requests (the others are commands: webview-commands.ts): a page
// is ready, older transcript rows, the demo banner dismissed, an approval answered, the
// subagent panel opened or closed, the strip's plan edits and the plan history. Each
// reads the window's state and answers through the view (agent-webview.ts) it is given.
import * as vscode from 'vscode';
import type { HostMessageBody } from '../../core/protocol/messages';
import type { AgentPage } from './agent-page';
import { dismissDemoBanner, type SnapshotSources } from './agent-snapshot';
import type { WebviewPlanChannel } from './webview-plan-channel';
import type { OwnMessageType, PageHandlers } from './webview-commands';

/** What the handlers need of the view. */
export interface ViewAnswers {
  /** A page said `ready`: it gets its snapshot. */
  ready(page: AgentPage): void;
  postTo(page: AgentPage | undefined, body: HostMessageBody): void;
  notice(level: 'info' | 'error', text: string): void;
  /** Shows a subagent's transcript over the parent's; null closes it. */
  showChild(sessionId: string | null): void;
  /** Re-sends the provider. */
  providerChanged(): void;
  /** The strip's edits and the plan history, per page (made after the handlers). */
  plan(): WebviewPlanChannel<AgentPage>;
}

export function viewHandlers(
  sources: Pick<SnapshotSources, 'controller' | 'approvals' | 'memento'>,
  view: ViewAnswers,
): Pick<PageHandlers, OwnMessageType> {
  return {
    ready: (_, page) => {
      if (page) view.ready(page);
    },
    loadOlder: (message, page) => {
      const older = sources.controller.page(message.cursor);
      view.postTo(page, { type: 'page', items: older.items, cursor: older.cursor });
    },
    dismissDemoBanner: async () => {
      await dismissDemoBanner(sources.memento);
      view.providerChanged();
    },
    approve: (message) => {
      if (!sources.approvals.decide(message.id, message.decision))
        view.notice('info', vscode.l10n.t('That request is no longer waiting for an answer.'));
    },
    openChild: (message) => view.showChild(message.sessionId),
    closeChild: () => view.showChild(null),
    editPlan: (message) => view.plan().edit(message.edit),
    planHistory: (message, page) => {
      if (page) view.plan().showHistory(page, message.open);
    },
  };
}
