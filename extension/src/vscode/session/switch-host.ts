// What the session switcher (session-switcher.ts) is given: its options from the
// controller, and the host (the controller) that shows what it opens.
import type * as vscode from 'vscode';
import type { SessionStore } from '../../core/store/session-store';
import type { AgentSettings } from '../host/settings';
import type { OpenedSession } from './opened-session';
import type { PlanWrite, SessionFolder } from './session-folders';
import type { SessionPreview } from './session-preview';

export interface SessionSwitcherOptions {
  store: SessionStore;
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /**
   * Every folder of logs the window shows: `store`'s first, then each workspace
   * folder's `.agent-checklist/sessions` (CLI runs, MCP servers), as they are now
   * (workspace folders come and go: SessionFolderSet). Default: `store` only.
   */
  folders?: { readonly all: readonly SessionFolder[] };
  /** A log in one of the folders wrote a new plan (ExternalSessionWatcher). */
  externalWrites?: vscode.Event<PlanWrite>;
  /** A new log appeared in one of the folders, plan or not (ExternalSessionWatcher): the list has a new entry. */
  addedLogs?: vscode.Event<PlanWrite>;
}

/** What the switcher needs of the controller. */
export interface SwitchHost {
  opened(): OpenedSession | null;
  /** A turn runs or is being set up, or an ACP agent runs for the shown session: a followed write never replaces it. */
  busy(): boolean;
  /** Stops the running turn; resolves when it has ended. */
  stop(): Promise<void>;
  /** Shows `opened` (or nothing): the previous log is closed unless it is the same. */
  show(opened: OpenedSession | null): void;
  /** Shows a large session's preview while it opens (the previous log is closed); its show replaces it. */
  preview(preview: SessionPreview): void;
  /** The open `preview` was for ended without showing it (failed, superseded): if it is still shown, nothing is. */
  endPreview(preview: SessionPreview): void;
}
