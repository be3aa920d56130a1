// The session a new prompt to our agent writes to: the shown one when it is ours and this window holds its lock;
// the shown read-only one if the other window has let go of it since; else (nothing
// shown, or another agent's or program's session shown, an ACP agent's among them) a new session in the store (its file
// appears with the first append).
import * as vscode from 'vscode';
import type { Session } from '../../core/session/session';
import type { SessionStore } from '../../core/store/session-store';
import type { OpenedSession } from './opened-session';
import { openLatestSession } from './session-opening';
import { TurnRefusedError } from './turn-refused';

export interface WritableSessionDeps {
  store: SessionStore;
  workspaceFolder: vscode.Uri | undefined;
  log: vscode.LogOutputChannel;
  current: OpenedSession | null;
  /**
   * The current session is one our agent may continue. Another program's session (an
   * MCP client, a CLI run, the Chat tool) is never continued here: the prompt starts
   * one of our own.
   */
  currentIsOwn: boolean;
  /** Shows the session that will be written (the controller's show()). */
  show(opened: OpenedSession): void;
}

export function writableSession(deps: WritableSessionDeps, prompt: string): Session {
  const current = deps.current;
  if (current && !current.readOnly && deps.currentIsOwn) return current.session;
  if (current?.readOnly && deps.currentIsOwn) {
    // The other window may have let go of it since: take it over if so.
    const upgraded = openLatestSession(deps.store, () => undefined, current.session.id);
    if (upgraded.opened && !upgraded.opened.readOnly) {
      deps.show(upgraded.opened);
      return upgraded.opened.session;
    }
    upgraded.opened?.dispose();
    throw new TurnRefusedError(
      vscode.l10n.t('This session is open for writing in another window; use "New Session" to start one here.'),
    );
  }
  const folder = deps.workspaceFolder;
  const cwd = folder?.scheme === 'file' ? folder.fsPath : undefined;
  const created = deps.store.create({
    title: prompt.replace(/\s+/g, ' ').slice(0, 80),
    source: { kind: 'agent' },
    ...(cwd ? { cwd } : {}),
  });
  deps.log.info(`new session ${created.session.id} (${created.path})`);
  const opened: OpenedSession = {
    session: created.session,
    path: created.path,
    readOnly: false,
    dispose: () => created.dispose(),
  };
  deps.show(opened);
  return opened.session;
}
