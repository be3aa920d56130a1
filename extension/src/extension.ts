// Composition root: wiring only. Each part registers what it creates through `own`
// (vscode/host/activation.ts), which puts it in context.subscriptions, so
// deactivate/re-activate never duplicates anything (adapters own their own parts
// through core/disposable's Owner).
import * as vscode from 'vscode';
import { PendingPlanReview } from './core/plan/plan-review-gate';
import { toolCatalog } from './core/tools/built-in';
import { startActivation, type Activation, type Own } from './vscode/host/activation';
import { registerAgentView } from './vscode/agent-view/agent-view-parts';
import type { AgentWebviewProvider } from './vscode/agent-view/agent-webview';
import { registerBoard } from './vscode/board/board-command';
import { WebviewApprovalGate } from './vscode/session/webview-approval-gate';
import { registerChooseAgent } from './vscode/acp-agents/choose-agent';
import { registerCommands, sendPrompt } from './vscode/commands/commands';
import { registerPlanSurfaceForAgents } from './vscode/external-sessions/plan-surface-for-agents';
import { registerPlanChangesCommands } from './vscode/plan-tree/plan-changes-commands';
import { registerPlanEditCommands } from './vscode/plan-tree/plan-edit-commands';
import { registerPlanCheckCommands } from './vscode/plan-tree/plan-check-commands';
import { registerPlanReviewCommands } from './vscode/plan-tree/plan-review-commands';
import { registerPlanTree } from './vscode/plan-tree/plan-tree';
import { registerPlanWorkCommands } from './vscode/plan-tree/plan-work-commands';
import { registerParallelCommands } from './vscode/plan-tree/parallel-commands';
import { PlanFileSync } from './vscode/plan-file/plan-file-sync';
import { ProviderSource } from './vscode/providers/provider-source';
import { type AgentChecklistApi, createPublicApi } from './vscode/public-api';
import type { SessionController } from './vscode/controller/session-controller';
import { startWindowSessions } from './vscode/window-sessions';
import { PlanStatusBar } from './vscode/status/plan-status-bar';
import { connectTestHooks, testHooks } from './vscode/test-hooks';

export type { AgentChecklistApi } from './vscode/public-api';
export type { TestHooks, TestParts } from './vscode/test-hooks';

let activeController: SessionController | null = null;

/** What the window's parts share: its sessions and controller, the providers, the approvals and plan first's review. */
interface WindowCore extends ReturnType<typeof startWindowSessions> {
  providers: ProviderSource;
  approvals: WebviewApprovalGate;
  planReview: PendingPlanReview;
  onDidChangePlanReview: vscode.Event<void>;
}

/**
 * Returns the public API (vscode/public-api.ts); in ExtensionMode.Test, with what the tests' module gives beside it
 * (TestHooks.connect).
 */
export function activate(context: vscode.ExtensionContext): AgentChecklistApi {
  const started = performance.now();
  const hooks = testHooks(context);
  const activation = startActivation(context);
  const window = startWindow(activation);
  const { controller } = window;
  const plan = registerPlanSurfaces(activation, window);
  const webview = registerWindowViews(activation, window, plan);
  const chatTool = registerPlanSurfaceForAgents(activation, window.store);

  // The bench (bench/bundle.bench.ts) reads this line from the log: activate() start to end.
  activation.log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
  const publicApi = createPublicApi(toolCatalog);
  if (!hooks) return publicApi;
  const parts = {
    controller,
    tree: plan.tree.provider,
    view: plan.tree.view,
    webview,
    approvals: window.approvals,
    secrets: context.secrets,
    chatTool,
  };
  return connectTestHooks(hooks, context, parts, publicApi, { activate, deactivate });
}

/** The window's sessions and controller (the latest session shown), with what their turns need. */
function startWindow(activation: Activation): WindowCore {
  const { context, own, workspaceRoot } = activation;
  const providers = new ProviderSource({
    demoScriptPath: vscode.Uri.joinPath(context.extensionUri, 'dist', 'demo', 'demo-script.json').fsPath,
    workspaceRoot,
    secrets: context.secrets,
  });
  const approvals = own(new WebviewApprovalGate());
  // Plan first: the proposal waiting for the user's decision; leaving the window answers "later" (the proposal stays on
  // the log).
  const planReviewChanged = own(new vscode.EventEmitter<void>());
  const planReview = new PendingPlanReview(() => planReviewChanged.fire());
  own({ dispose: () => planReview.close() });
  const sessions = startWindowSessions(activation, { providers, approvals, planReview });
  trackActiveController(own, sessions.controller);
  sessions.controller.switcher.openLatest();
  // The Agent view's Stop: while a turn runs, or an item's check (Stop cancels it too).
  const { controller } = sessions;
  const running = (): boolean => controller.turns.runView.state === 'running' || controller.checks.running.size > 0;
  const setRunning = (): void => void vscode.commands.executeCommand('setContext', 'agentChecklist.running', running());
  own(controller.onDidChangeRun(setRunning));
  own(controller.checks.onDidChange(setRunning));
  return { ...sessions, providers, approvals, planReview, onDidChangePlanReview: planReviewChanged.event };
}

/** The plan file's sync, the Plan tree with its item commands, and the status bar. */
function registerPlanSurfaces({ context, own, log, settings, workspaceFolder }: Activation, window: WindowCore) {
  const { controller, planReview, checkpointsBase } = window;
  const planFile = own(
    new PlanFileSync({
      controller,
      planFile: () => settings().planFile,
      folder: workspaceFolder,
      memento: context.workspaceState,
      log,
    }),
  );
  const tree = registerPlanTree(controller, planFile);
  own(tree.disposable);
  const view = tree.view;
  own(registerPlanEditCommands({ controller, view }));
  own(registerPlanCheckCommands({ controller, view }));
  own(registerPlanChangesCommands({ controller, view, checkpointsBase }));
  own(registerPlanReviewCommands({ controller, view, planReview }));
  own(new PlanStatusBar(controller, { stallMinutes: () => settings().stallMinutes }));
  return { planFile, tree };
}

/** The Agent view, the window's commands, the Plan Board and the plan's work commands (Start This Item, Run All …). */
function registerWindowViews(
  activation: Activation,
  window: WindowCore,
  { planFile, tree }: ReturnType<typeof registerPlanSurfaces>,
): AgentWebviewProvider {
  const { context, own, log, settings, workspaceRoot } = activation;
  const { controller, planReview, providers, onDidChangePlanReview } = window;
  const deps = { controller, log, planReview };
  const webview = registerAgentView(activation, {
    ...deps,
    providers,
    approvals: window.approvals,
    onDidChangePlanReview,
  });
  own(registerCommands(deps));
  own(
    registerBoard({
      ...deps,
      onDidChangePlanReview,
      settings,
      extensionUri: context.extensionUri,
      sessionDirs: () => window.folders.all.map((folder) => folder.store.dir),
      folder: () => workspaceRoot,
      approvalTools: () => toolCatalog.names().filter((name) => toolCatalog.get(name)?.asksApproval === true),
    }),
  );
  const work = { controller, view: tree.view, providers, settings, cwd: () => workspaceRoot ?? process.cwd() };
  own(registerPlanWorkCommands({ ...work, filePlan: () => planFile.filePlan, send: (t, s) => sendPrompt(deps, t, s) }));
  own(registerParallelCommands({ ...work, log, approvalGate: window.approvals, context }));
  own(registerChooseAgent(providers, work.cwd));
  return webview;
}

/** The controller deactivate() stops: this activation's, until its parts are disposed. */
function trackActiveController(own: Own, controller: SessionController): void {
  activeController = controller;
  own({
    dispose: () => {
      if (activeController === controller) activeController = null;
    },
  });
}

/** Ends a running turn cleanly (it records `aborted`) before the log is closed. */
export async function deactivate(): Promise<void> {
  await activeController?.turns.stop();
  await activeController?.turns.closeAgents(); // no ACP agent outlives the window
}
