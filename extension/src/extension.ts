// Composition root: wiring only. Each part registers what it creates through `own`
// (vscode/host/activation.ts), which puts it in context.subscriptions, so
// deactivate/re-activate never duplicates anything (adapters own their own parts
// through core/disposable's Owner).
import * as vscode from 'vscode';
import { PendingPlanReview } from './core/plan/plan-review-gate';
import { toolCatalog } from './core/tools/built-in';
import { startActivation, type Own } from './vscode/host/activation';
import { registerAgentView } from './vscode/agent-view/agent-view-parts';
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

/**
 * Returns the public API (vscode/public-api.ts); in ExtensionMode.Test, with what the tests' module gives beside it
 * (TestHooks.connect).
 */
export function activate(context: vscode.ExtensionContext): AgentChecklistApi {
  const started = performance.now();
  const hooks = testHooks(context);
  const activation = startActivation(context);
  const { own, log, settings, workspaceRoot } = activation;
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

  const { store, controller, checkpointsBase, folders } = startWindowSessions(activation, {
    providers,
    approvals,
    planReview,
  });
  trackActiveController(activation.own, controller);
  controller.switcher.openLatest();

  const planFile = own(
    new PlanFileSync({
      controller,
      planFile: () => settings().planFile,
      folder: activation.workspaceFolder,
      memento: context.workspaceState,
      log,
    }),
  );
  const tree = registerPlanTree(controller, planFile);
  own(tree.disposable);
  own(registerPlanEditCommands({ controller, view: tree.view }));
  own(registerPlanCheckCommands({ controller, view: tree.view }));
  own(registerPlanChangesCommands({ controller, view: tree.view, checkpointsBase }));
  own(registerPlanReviewCommands({ controller, view: tree.view, planReview }));
  own(new PlanStatusBar(controller, { stallMinutes: () => settings().stallMinutes }));
  const deps = { controller, log, planReview };
  const webview = registerAgentView(activation, {
    ...deps,
    providers,
    approvals,
    onDidChangePlanReview: planReviewChanged.event,
  });
  own(registerCommands(deps));
  own(
    registerBoard({
      ...deps,
      onDidChangePlanReview: planReviewChanged.event,
      settings,
      extensionUri: context.extensionUri,
      sessionDirs: () => folders.all.map((folder) => folder.store.dir),
      folder: () => workspaceRoot,
      approvalTools: () => toolCatalog.names().filter((name) => toolCatalog.get(name)?.asksApproval === true),
    }),
  );
  own(
    registerPlanWorkCommands({
      controller,
      view: tree.view,
      providers,
      settings,
      cwd: () => workspaceRoot ?? process.cwd(),
      filePlan: () => planFile.filePlan,
      send: (text, start) => sendPrompt(deps, text, start),
    }),
  );
  own(registerChooseAgent(providers, () => workspaceRoot ?? process.cwd()));
  const chatTool = registerPlanSurfaceForAgents(activation, store);
  own(
    controller.onDidChangeRun(
      (run) => void vscode.commands.executeCommand('setContext', 'agentChecklist.running', run.state === 'running'),
    ),
  );

  // The bench (bench/bundle.bench.ts) reads this line from the log: activate() start to end.
  log.info(`activated in ${(performance.now() - started).toFixed(1)} ms`);
  const publicApi = createPublicApi(toolCatalog);
  if (!hooks) return publicApi;
  const parts = {
    controller,
    tree: tree.provider,
    view: tree.view,
    webview,
    approvals,
    secrets: context.secrets,
    chatTool,
  };
  return connectTestHooks(hooks, context, parts, publicApi, { activate, deactivate });
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
