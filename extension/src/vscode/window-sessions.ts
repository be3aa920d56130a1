// The window's sessions: its own session folder and the followed agents' folder in
// the extension's storage, each workspace folder's `.agent-checklist/sessions` (CLI
// runs, MCP servers) listed and followed live (workspace folders added or removed
// later are watched or dropped as they change), and the controller that owns the
// writable session; the latest session is reopened.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../core/agent/plan-first';
import { SessionStore } from '../core/store/session-store';
import type { Activation } from './host/activation';
import type { WebviewApprovalGate } from './session/webview-approval-gate';
import { ExternalSessionWatcher } from './external-sessions/external-sessions';
import { followAgents } from './external-sessions/follow-agents';
import type { ProviderSource } from './providers/provider-source';
import { SessionController } from './controller/session-controller';
import { SessionFolderSet } from './session/session-folders';

export interface WindowSessions {
  /** The window's own session folder. */
  store: SessionStore;
  controller: SessionController;
  /** Where the workspaces' shadow repositories live (core/checkpoints/). */
  checkpointsBase: string;
  /** Every session folder the window lists (the Plan Board reads them all). */
  folders: SessionFolderSet;
}

export function startWindowSessions(
  { context, own, log, settings, workspaceFolder }: Activation,
  parts: { providers: ProviderSource; approvals: WebviewApprovalGate; planReview: PendingPlanReview },
): WindowSessions {
  const storage = context.storageUri ?? context.globalStorageUri;
  const store = new SessionStore(path.join(storage.fsPath, 'sessions'));
  const fileRoots = (): string[] =>
    (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const followed = new SessionStore(path.join(storage.fsPath, 'followed-agents'));
  const folders = own(new SessionFolderSet(store, followed, fileRoots()));
  own(vscode.workspace.onDidChangeWorkspaceFolders(() => folders.setWorkspaceRoots(fileRoots())));
  const externalWrites = own(new ExternalSessionWatcher(folders, log));
  own(followAgents({ sessionDir: followed.dir, agents: () => settings().followAgents, folders: fileRoots, log }));
  const checkpointsBase = path.join(context.globalStorageUri.fsPath, 'checkpoints');
  const controller = own(
    new SessionController({
      store,
      providers: parts.providers,
      settings,
      log,
      workspaceFolder,
      approvalGate: parts.approvals,
      planReview: parts.planReview,
      clientVersion: String(context.extension.packageJSON.version ?? ''),
      checkpointsBase,
      folders,
      externalWrites: externalWrites.onDidWritePlan,
      addedLogs: externalWrites.onDidAddLog,
    }),
  );
  return { store, controller, checkpointsBase, folders };
}
