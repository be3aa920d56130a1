// The Agent view and what brings it forward: the side bar's view, its editor tab,
// Show Plan History, the attention notices, an approval that asks, a subagent row of
// the Plan tree, and Set API Key and the settings (both re-send the provider).
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import type { Activation } from '../host/activation';
import type { CommandDeps } from '../commands/commands';
import { PlanToolNotice } from '../external-sessions/plan-tool-notice';
import { OPEN_SUBAGENT_COMMAND } from '../plan-tree/subagent-tree-item';
import { PlanHistoryCommand } from '../plan-tree/plan-history-command';
import type { ProviderSource } from '../providers/provider-source';
import { LanguageModelOffer, registerUseLanguageModel } from '../providers/language-model-offer';
import { promptForApiKey } from '../providers/remote-provider';
import { onDidChangeSettings } from '../host/settings';
import { AttentionNotifier } from '../status/attention-notifier';
import { AgentEditorPanel } from './agent-editor-panel';
import { AGENT_VIEW_ID, AgentWebviewProvider } from './agent-webview';
import type { WebviewApprovalGate } from '../session/webview-approval-gate';
import { webviewCommandHandlers } from './webview-commands';

export interface AgentViewDeps extends CommandDeps {
  providers: ProviderSource;
  approvals: WebviewApprovalGate;
  /** Fires when a plan-first proposal starts or stops waiting for this window's decision. */
  onDidChangePlanReview: vscode.Event<void>;
  planReview: PendingPlanReview;
}

export function registerAgentView(
  { context, own, log, settings }: Activation,
  deps: AgentViewDeps,
): AgentWebviewProvider {
  const { controller, approvals, planReview, onDidChangePlanReview } = deps;
  const languageModels = own(new LanguageModelOffer(log));
  own(registerUseLanguageModel());
  const webview = own(
    new AgentWebviewProvider({
      extensionUri: context.extensionUri,
      controller,
      providers: deps.providers,
      settings,
      approvals,
      log,
      memento: context.globalState,
      planReview,
      languageModel: () => languageModels.offered,
      onDidChangePlanReview,
      commands: webviewCommandHandlers(deps),
    }),
  );
  own(vscode.window.registerWebviewViewProvider(AGENT_VIEW_ID, webview));
  own(languageModels.onDidChange(() => webview.providerChanged()));
  own(new AgentEditorPanel(webview));
  own(new PlanToolNotice(controller));
  own(new PlanHistoryCommand(controller, () => webview.showPlanHistory()));
  registerViewForwarders({ context, own, settings }, deps, webview);
  return webview;
}

/** The Plan tree's subagent row: the subagent's transcript over the parent's, in the side bar's view. */
function openSubagent(webview: AgentWebviewProvider, sessionId: unknown): void {
  if (typeof sessionId !== 'string') return;
  try {
    webview.showChild(sessionId);
    webview.reveal();
  } catch (error) {
    void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
  }
}

/**
 * What brings the view forward or re-sends its provider: notices, an approval that asks, a subagent row, Set API Key,
 * the settings.
 */
function registerViewForwarders(
  { context, own, settings }: Pick<Activation, 'context' | 'own' | 'settings'>,
  { controller, approvals, planReview, onDidChangePlanReview }: AgentViewDeps,
  webview: AgentWebviewProvider,
): void {
  own(
    new AttentionNotifier({
      controller,
      approvals,
      planReview,
      onDidChangePlanReview,
      enabled: () => settings().notifications,
      viewVisible: () => webview.visible,
      reveal: () => webview.reveal(false),
    }),
  );
  own(approvals.onDidAsk(() => webview.reveal()));
  own(vscode.commands.registerCommand(OPEN_SUBAGENT_COMMAND, (id) => openSubagent(webview, id)));
  own(
    vscode.commands.registerCommand('agentChecklist.setApiKey', async () => {
      await promptForApiKey(context.secrets);
      webview.providerChanged();
    }),
  );
  own(onDidChangeSettings(() => webview.providerChanged()));
}
