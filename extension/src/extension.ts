// Composition root: wiring only. Everything it creates is registered through own(),
// which puts it in context.subscriptions, so deactivate/re-activate never duplicates
// anything (adapters own their own parts through core/disposable's Owner).
import { PendingPlanReview } from './core/agent/plan-first';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { repairAbandonedLogs } from './core/store/abandoned-logs';
import { SessionStore } from './core/store/session-store';
import { AgentEditorPanel } from './vscode/agent-view/agent-editor-panel';
import { PlanHistoryCommand } from './vscode/plan-tree/plan-history-command';
import { AGENT_VIEW_ID, AgentWebviewProvider } from './vscode/agent-view/agent-webview';
import { AttentionNotifier } from './vscode/status/attention-notifier';
import { ChatPlanTool } from './vscode/external-sessions/chat-plan-tool';
import { followAgents } from './vscode/external-sessions/follow-agents';
import { ClaudeCodeTasks, ENABLE_CLAUDE_CODE_TASKS_COMMAND } from './vscode/external-sessions/claude-code-tasks';
import { ExternalSessionWatcher } from './vscode/external-sessions/external-sessions';
import { COMMAND_IDS, registerCommands, sendPrompt } from './vscode/commands';
import { registerChooseAgent } from './vscode/acp-agents/choose-agent';
import { PlanStatusBar } from './vscode/status/plan-status-bar';
import { registerMcpServerDefinitions } from './vscode/external-sessions/mcp-definition-provider';
import {
  OPEN_SUBAGENT_COMMAND,
  registerPlanTree,
  type PlanNode,
  type PlanTreeProvider,
} from './vscode/plan-tree/plan-tree';
import { registerPlanEditCommands } from './vscode/plan-tree/plan-edit-commands';
import { registerPlanChangesCommands } from './vscode/plan-tree/plan-changes-commands';
import { ProviderSource } from './vscode/providers/provider-source';
import { promptForApiKey } from './vscode/providers/remote-provider';
import { SessionController } from './vscode/session/session-controller';
import { SessionFolderSet } from './vscode/session/session-folders';
import { registerSetUpAgentCommand, SET_UP_AGENT_COMMAND } from './vscode/external-sessions/setup-agent';
import { onDidChangeSettings, readSettings, writePlanFirst } from './vscode/settings';
import { type AgentChecklistApi, createPublicApi } from './vscode/public-api';
import { WebviewApprovalGate } from './vscode/agent-view/webview-approval-gate';
import { toolCatalog } from './core/tools/built-in';

export type { AgentChecklistApi } from './vscode/public-api';

let activeController: SessionController | null = null;

/** What an activation hands the integration tests' module in ExtensionMode.Test: the objects it runs, read through their public members. */
export interface TestParts {
  controller: SessionController;
  tree: PlanTreeProvider;
  view: vscode.TreeView<PlanNode>;
  webview: AgentWebviewProvider;
  approvals: WebviewApprovalGate;
  secrets: vscode.SecretStorage;
  chatTool: ChatPlanTool;
}

/**
 * The integration tests' module (test/integration/test-api/, which the integration
 * harness bundles to dist/test-api.js; no build of the product emits it), in
 * ExtensionMode.Test only.
 */
export interface TestHooks<Api extends object = object> {
  /** Counts `item` as a live adapter of `kind` until it is disposed (returns it, its dispose wrapped). */
  track<T extends { dispose(): unknown }>(kind: string, item: T): T;
  /** The latest activation's parts; returns what activate() returns and a disposable that forgets these parts. */
  connect(parts: TestParts, reactivate: () => Promise<void>): { api: Api; disconnect: { dispose(): void } };
}

/**
 * The tests' hooks, only in ExtensionMode.Test: a bundle beside this one, required at
 * run time so that no byte of it is in this bundle. Null in every other mode.
 */
function testHooks(context: vscode.ExtensionContext): TestHooks | null {
  if (context.extensionMode !== vscode.ExtensionMode.Test) return null;
  const file = path.join(__dirname, 'test-api.js');
  try {
    return (createRequire(__filename)(file) as { testHooks: TestHooks }).testHooks;
  } catch (error) {
    console.error(`Agent Checklist: no test API (${file}: ${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** Returns the public API (vscode/public-api.ts); in ExtensionMode.Test, with what the tests' module gives beside it (TestHooks.connect). */
export function activate(context: vscode.ExtensionContext): AgentChecklistApi {
  const started = performance.now();
  const hooks = testHooks(context);
  const own = <T extends vscode.Disposable>(kind: string, item: T): T => {
    context.subscriptions.push(hooks ? hooks.track(kind, item) : item);
    return item;
  };

  const log = own('log', vscode.window.createOutputChannel('Agent Checklist', { log: true }));
  const settings = (): ReturnType<typeof readSettings>['settings'] => {
    const { settings: current, problems } = readSettings();
    for (const problem of problems) log.warn(problem);
    return current;
  };
  const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const workspaceRoot = workspaceFolder?.scheme === 'file' ? workspaceFolder.fsPath : undefined;
  const storage = context.storageUri ?? context.globalStorageUri;
  const store = new SessionStore(path.join(storage.fsPath, 'sessions'));
  const providers = new ProviderSource({
    demoScriptPath: vscode.Uri.joinPath(context.extensionUri, 'dist', 'demo', 'demo-script.json').fsPath,
    workspaceRoot,
    secrets: context.secrets,
  });
  own(
    'setApiKeyCommand',
    vscode.commands.registerCommand('agentChecklist.setApiKey', async () => {
      await promptForApiKey(context.secrets);
      webview.providerChanged();
    }),
  );

  const approvals = own('approvalGate', new WebviewApprovalGate());
  // Plan first: the proposal waiting for the user's decision; leaving the window answers "later" (the proposal stays on the log).
  const planReviewChanged = own('planReviewChanged', new vscode.EventEmitter<void>());
  const planReview = new PendingPlanReview(() => planReviewChanged.fire());
  own('planReview', { dispose: () => planReview.close() });
  // The window's session folders: its own, then each workspace folder's
  // `.agent-checklist/sessions` (CLI runs, MCP servers), listed and followed live.
  // Workspace folders added or removed later are watched (or dropped) as they change.
  const fileRoots = (): string[] =>
    (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const followed = new SessionStore(path.join(storage.fsPath, 'followed-agents'));
  const folders = own('sessionFolders', new SessionFolderSet(store, followed, fileRoots()));
  own(
    'workspaceFoldersListener',
    vscode.workspace.onDidChangeWorkspaceFolders(() => folders.setWorkspaceRoots(fileRoots())),
  );
  const externalWrites = own('externalSessions', new ExternalSessionWatcher(folders, log));
  own(
    'followAgents',
    followAgents({ sessionDir: followed.dir, agents: () => settings().followAgents, folders: fileRoots, log }),
  );
  const checkpointsBase = path.join(context.globalStorageUri.fsPath, 'checkpoints');
  const controller = own(
    'controller',
    new SessionController({
      store,
      providers,
      settings,
      log,
      workspaceFolder,
      approvalGate: approvals,
      planReview,
      clientVersion: String(context.extension.packageJSON.version ?? ''),
      checkpointsBase,
      folders,
      externalWrites: externalWrites.onDidWritePlan,
      addedLogs: externalWrites.onDidAddLog,
    }),
  );
  activeController = controller;
  own('activeController', {
    dispose: () => {
      if (activeController === controller) activeController = null;
    },
  });
  controller.openLatest();

  const tree = registerPlanTree(controller);
  own('tree', tree.disposable);
  own('planEditCommands', registerPlanEditCommands({ controller, view: tree.view }));
  own('planChangesCommands', registerPlanChangesCommands({ controller, view: tree.view, checkpointsBase }));
  own('statusBar', new PlanStatusBar(controller, { stallMinutes: () => settings().stallMinutes }));
  const deps = { controller, log, planReview };
  const webview = own(
    'webview',
    new AgentWebviewProvider({
      extensionUri: context.extensionUri,
      controller,
      providers,
      settings,
      approvals,
      log,
      memento: context.globalState,
      planReview,
      onDidChangePlanReview: planReviewChanged.event,
      execute: async (message) => {
        switch (message.type) {
          case 'send':
            await sendPrompt(deps, message.text);
            return;
          case 'stop':
            await controller.stop();
            return;
          case 'newSession':
            await controller.newSession();
            return;
          case 'showLog':
          case 'openAgentFile':
          case 'exportPlan':
          case 'focusPlan':
            // The page's buttons for what a command does: the same command, so both behave alike.
            await vscode.commands.executeCommand(COMMAND_IDS[message.type]);
            return;
          case 'enableClaudeCodeTasks':
            await vscode.commands.executeCommand(ENABLE_CLAUDE_CODE_TASKS_COMMAND);
            return;
          case 'setUpGeminiCli':
            await vscode.commands.executeCommand(SET_UP_AGENT_COMMAND, 'gemini-cli');
            return;
          case 'openSettings':
            await vscode.commands.executeCommand('workbench.action.openSettings', 'agentChecklist');
            return;
          case 'openSession':
            await controller.openSession(message.id);
            return;
          case 'decidePlan':
            // The strip's Approve / Reject with Feedback…: the commands, with the feedback the page asked for.
            if (message.decision.kind === 'approve') await vscode.commands.executeCommand(COMMAND_IDS.approvePlan);
            else await vscode.commands.executeCommand(COMMAND_IDS.rejectPlan, message.decision.feedback);
            return;
          case 'setPlanFirst':
            await writePlanFirst(message.on);
            return;
        }
      },
    }),
  );
  own('webviewRegistration', vscode.window.registerWebviewViewProvider(AGENT_VIEW_ID, webview));
  own('editorPanel', new AgentEditorPanel(webview));
  own('claudeCodeTasks', new ClaudeCodeTasks(controller));
  own('planHistoryCommand', new PlanHistoryCommand(controller, () => webview.showPlanHistory()));
  own(
    'attentionNotifier',
    new AttentionNotifier({
      controller,
      approvals,
      planReview,
      onDidChangePlanReview: planReviewChanged.event,
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
    vscode.commands.registerCommand(OPEN_SUBAGENT_COMMAND, (sessionId: unknown) => {
      if (typeof sessionId !== 'string') return;
      try {
        webview.showChild(sessionId);
        webview.reveal();
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      }
    }),
  );
  own('commands', registerCommands(deps));
  own(
    'chooseAgent',
    registerChooseAgent(providers, () => workspaceRoot ?? process.cwd()),
  );

  // The plan surface for other agents: the todo_write language-model tool (its plans
  // go to this window's Chat session), the MCP server offered to VS Code's own MCP
  // clients (1.101+, looked up at run time) and the set-up command for the rest.
  const allowParallelInProgress = (): boolean => settings().allowParallelInProgress;
  for (const r of repairAbandonedLogs(store.dir, (header) => header.source?.kind === 'chat').repaired)
    log.info(`repaired chat session log ${r.path} (appended ${r.appended} event(s))`);
  const chatTool = own('chatPlanTool', new ChatPlanTool({ store, allowParallelInProgress, cwd: workspaceRoot, log }));
  const mcpDefinitions = registerMcpServerDefinitions({
    extensionUri: context.extensionUri,
    version: String(context.extension.packageJSON.version ?? ''),
    allowParallelInProgress,
    log,
  });
  if (mcpDefinitions) own('mcpServerDefinitions', mcpDefinitions);
  own('setUpAgentCommand', registerSetUpAgentCommand({ extensionUri: context.extensionUri, allowParallelInProgress }));
  own(
    'settingsListener',
    onDidChangeSettings(() => webview.providerChanged()),
  );
  own(
    'runningContext',
    controller.onDidChangeRun(
      (run) => void vscode.commands.executeCommand('setContext', 'agentChecklist.running', run.state === 'running'),
    ),
  );

  // The bench (bench/bundle.bench.ts) reads this line from the log: activate() start to end.
  log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
  const publicApi = createPublicApi(toolCatalog);
  if (!hooks) return publicApi;
  const { api, disconnect } = hooks.connect(
    { controller, tree: tree.provider, view: tree.view, webview, approvals, secrets: context.secrets, chatTool },
    async () => {
      await deactivate();
      // Awaits every disposal that returns a promise (the Plan tree view's: until it
      // settles, a new view with the same id would be removed by the old one's dispose).
      const disposals = context.subscriptions.splice(0).map((item): unknown => item.dispose());
      const failed = (await Promise.allSettled(disposals)).find((r) => r.status === 'rejected');
      activate(context);
      if (failed) throw failed.reason;
    },
  );
  context.subscriptions.push(disconnect);
  // The same object across re-activations (tests hold it), with the public API on it.
  return Object.assign(api, publicApi);
}

/** Ends a running turn cleanly (it records `aborted`) before the log is closed. */
export async function deactivate(): Promise<void> {
  await activeController?.stop();
  await activeController?.closeAgents(); // no ACP agent outlives the window
}
