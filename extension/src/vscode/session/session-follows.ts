// What the session switcher shows without the user choosing it: another program's
// session (an MCP client, a CLI run, the Chat tool), opened read-only and followed
// live; one that wrote a plan, or a followed agent's new one whose plan tool is off, when
// agentChecklist.followExternal is `latest`; and the
// shown read-only log reopened when its file no longer continues what was read.
import type * as vscode from 'vscode';
import type { LatestChoice } from '../../core/session/latest-choice';
import type { ShownPlanWrites } from '../../core/session/shown-plan-writes';
import type { AgentSettings } from '../host/settings';
import { noticeSession } from './notice-follow';
import { openSessionReadOnly, type OpenedSession } from './opened-session';
import {
  isOwnSession,
  listFolderSessions,
  type FolderSession,
  type PlanWrite,
  type SessionFolder,
} from './session-folders';
import type { SessionSwitcherOptions, SwitchHost } from './switch-host';

export interface SessionFollowsDeps {
  options: { settings: () => AgentSettings; log: vscode.LogOutputChannel } & Pick<
    SessionSwitcherOptions,
    'externalWrites' | 'addedLogs'
  >;
  host: Pick<SwitchHost, 'opened' | 'busy'>;
  /** The user's picks and New Session: one still finishing is not replaced by a follow. */
  choices: LatestChoice;
  /** How far each log this window left was shown. */
  shownWrites: ShownPlanWrites;
  /** The switcher shut down. */
  closed: () => boolean;
  /** The folder of the shown session's log. */
  shownFolder: () => SessionFolder;
  /** Shows `opened`, a log of `folder`. */
  show: (opened: OpenedSession, folder: SessionFolder) => void;
}

export class SessionFollows {
  constructor(private readonly deps: SessionFollowsDeps) {}

  /**
   * Follows the folders' plan writes and new logs (each may be a new or newer entry of the session list, followed or
   * not: `listChanged` first). The caller owns (disposes) the subscriptions.
   */
  listen(listChanged: () => void): vscode.Disposable[] {
    const { externalWrites, addedLogs } = this.deps.options;
    const subscriptions: vscode.Disposable[] = [];
    if (externalWrites)
      subscriptions.push(
        externalWrites((write) => {
          listChanged();
          this.externalWrite(write);
        }),
      );
    if (addedLogs)
      subscriptions.push(
        addedLogs((added) => {
          listChanged();
          void this.added(added);
        }),
      );
    return subscriptions;
  }

  /** Another program's session is only shown, never written by this window: opened read-only and followed live. */
  foreign(target: FolderSession): void {
    try {
      const opened = openSessionReadOnly(target.folder.store, target.id, () => this.reload());
      this.deps.options.log.info(`following ${target.label.kind} session ${target.id} (${target.path}), read-only`);
      this.deps.show(opened, target.folder);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.options.log.warn(`could not show ${target.path}: ${reason}`);
    }
  }

  /**
   * agentChecklist.followExternal `latest`: a session written outside this window wrote
   * a plan, show it (never during a turn of ours, nor while the user's pick or New
   * Session is still finishing: the user chose last).
   */
  externalWrite(write: PlanWrite): void {
    const { host, choices } = this.deps;
    if (this.deps.closed() || host.busy() || choices.pending) return;
    if (this.deps.options.settings().followExternal !== 'latest') return;
    const opened = host.opened();
    if (opened && opened.path === write.path) return; // already shown, and followed
    // seen while it was shown, before the user moved on
    if (this.deps.shownWrites.wasShown(write.path, write.seq)) return;
    const target = listFolderSessions([write.folder]).find((s) => s.path === write.path);
    if (!target || isOwnSession(target)) return;
    choices.now(null, () => this.foreign(target));
  }

  /** A new log: a followed agent's session whose plan tool is off is shown (notice-follow.ts). */
  async added(added: PlanWrite): Promise<void> {
    const target = await noticeSession(added);
    const { host, choices } = this.deps;
    if (target === undefined || this.deps.closed() || host.busy() || choices.pending) return;
    if (this.deps.options.settings().followExternal !== 'latest' || host.opened()?.path === added.path) return;
    choices.now(null, () => this.foreign(target));
  }

  /** The shown read-only log no longer continues what was read (the follower tails it otherwise): reopen it. */
  reload(): void {
    const current = this.deps.host.opened();
    if (!current?.readOnly || this.deps.closed()) return;
    const folder = this.deps.shownFolder();
    try {
      this.deps.options.log.info(`reloading ${current.path}: it no longer continues what this window read`);
      this.deps.show(
        openSessionReadOnly(folder.store, current.session.id, () => this.reload()),
        folder,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.options.log.warn(`could not follow ${current.path}: ${reason}`);
    }
  }
}
