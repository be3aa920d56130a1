// The Agent view and what brings it forward: the side bar's view, its editor tab,
// Show Plan History, the attention notices, an approval that asks, a subagent row of
// the Plan tree, and Set API Key and the settings (both re-send the provider).
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import type { Activation } from '../activation';
import type { CommandDeps } from '../commands';
import { ClaudeCodeTasks } from '../external-sessions/claude-code-tasks';
import { OPEN_SUBAGENT_COMMAND } from '../plan-tree/plan-tree';
import { PlanHistoryCommand } from '../plan-tree/plan-history-command';
import type { ProviderSource } from '../providers/provider-source';
import { LanguageModelOffer, registerUseLanguageModel } from '../providers/language-model-offer';
import { promptForApiKey } from '../providers/remote-provider';
import { onDidChangeSettings } from '../settings';
import { AttentionNotifier } from '../status/attention-notifier';
import { AgentEditorPanel } from './agent-editor-panel';
import { AGENT_VIEW_ID, AgentWebviewProvider } from './agent-webview';
import type { WebviewApprovalGate } from './webview-approval-gate';
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
  const languageModels = own('languageModelOffer', new LanguageModelOffer(log));
  own('useLanguageModelCommand', registerUseLanguageModel());
  const webview = own(
    'webview',
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
  own('webviewRegistration', vscode.window.registerWebviewViewProvider(AGENT_VIEW_ID, webview));
  own(
    'languageModelListener',
    languageModels.onDidChange(() => webview.providerChanged()),
  );
  own('editorPanel', new AgentEditorPanel(webview));
  own('claudeCodeTasks', new ClaudeCodeTasks(controller));
  own('planHistoryCommand', new PlanHistoryCommand(controller, () => webview.showPlanHistory()));
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
    'attentionNotifier',
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
  own(
    'approvalReveal',
    approvals.onDidAsk(() => webview.reveal()),
  );
  own(
    'openSubagentCommand',
    vscode.commands.registerCommand(OPEN_SUBAGENT_COMMAND, (id) => openSubagent(webview, id)),
  );
  own(
    'setApiKeyCommand',
    vscode.commands.registerCommand('agentChecklist.setApiKey', async () => {
      await promptForApiKey(context.secrets);
      webview.providerChanged();
    }),
  );
  own(
    'settingsListener',
    onDidChangeSettings(() => webview.providerChanged()),
  );
}
