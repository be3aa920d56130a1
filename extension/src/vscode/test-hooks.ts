// The integration tests' way in, in ExtensionMode.Test only: their module
// (test/integration/test-api/, which the integration harness bundles to
// dist/test-api.js; no build of the product emits it) gets the parts of the latest
// activation.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentWebviewProvider } from './agent-view/agent-webview';
import type { WebviewApprovalGate } from './session/webview-approval-gate';
import type { ChatPlanTool } from './external-sessions/chat-plan-tool';
import type { PlanNode, PlanTreeProvider } from './plan-tree/plan-tree';
import type { SessionController } from './controller/session-controller';

/**
 * What an activation hands the integration tests' module in ExtensionMode.Test: the objects it runs, read through their
 * public members.
 */
export interface TestParts {
  controller: SessionController;
  tree: PlanTreeProvider;
  view: vscode.TreeView<PlanNode>;
  webview: AgentWebviewProvider;
  approvals: WebviewApprovalGate;
  secrets: vscode.SecretStorage;
  chatTool: ChatPlanTool;
}

/** The integration tests' module, in ExtensionMode.Test only. */
export interface TestHooks<Api extends object = object> {
  /** The latest activation's parts; returns what activate() returns and a disposable that forgets these parts. */
  connect(parts: TestParts, reactivate: () => Promise<void>): { api: Api; disconnect: { dispose(): void } };
}

/**
 * The tests' hooks, only in ExtensionMode.Test: a bundle beside this one, required at
 * run time so that no byte of it is in this bundle. Null in every other mode.
 */
export function testHooks(context: vscode.ExtensionContext): TestHooks | null {
  if (context.extensionMode !== vscode.ExtensionMode.Test) return null;
  const file = path.join(__dirname, 'test-api.js');
  try {
    return (createRequire(__filename)(file) as { testHooks: TestHooks }).testHooks;
  } catch (error) {
    console.error(`Agent Checklist: no test API (${file}: ${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/**
 * Hands this activation's parts to the tests' module; returns the object activate()
 * returns: the same one across re-activations (tests hold it), with the public API on
 * it. `activate` runs again after `deactivate` and every disposal settled.
 */
export function connectTestHooks<Api extends object>(
  hooks: TestHooks,
  context: vscode.ExtensionContext,
  parts: TestParts,
  publicApi: Api,
  lifecycle: { activate(context: vscode.ExtensionContext): unknown; deactivate(): Promise<void> },
): Api {
  const { api, disconnect } = hooks.connect(parts, async () => {
    await lifecycle.deactivate();
    // Awaits every disposal that returns a promise (the Plan tree view's: until it
    // settles, a new view with the same id would be removed by the old one's dispose).
    const disposals = context.subscriptions.splice(0).map((item): unknown => item.dispose());
    const failed = (await Promise.allSettled(disposals)).find((r) => r.status === 'rejected');
    lifecycle.activate(context);
    if (failed) throw failed.reason;
  });
  context.subscriptions.push(disconnect);
  return Object.assign(api, publicApi);
}
