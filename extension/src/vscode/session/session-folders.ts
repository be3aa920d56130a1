// Every folder of session logs this window shows: its own (workspace storage, where
// the editor's agent and the Chat tool write), the one where other agents' own session
// files are followed into our logs (agentChecklist.followAgents; beside the own one, so
// the editor's agent never reopens one of them as its latest session), and each
// workspace folder's `.agent-checklist/sessions` (CLI runs, MCP servers). Sessions are
// listed across all of them, newest first, each with who writes it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Owner } from '../../core/disposable';
import { sourceLabel, type SourceLabel } from '../../core/session/source';
import { SessionStore, type SessionSummary } from '../../core/store/session-store';
import type { SessionListItem } from '../../core/protocol/messages';
import { sourceLabelView } from './source-label';
import { WORKSPACE_SESSIONS_DIR } from './workspace-sessions';

export interface SessionFolder {
  store: SessionStore;
  /** How a log without `source` is labelled: the editor's own folder holds agent sessions, a workspace's CLI runs. */
  fallback: 'agent' | 'cli';
}

/** A log in one of the folders wrote a new plan (ExternalSessionWatcher tells the switcher). */
export interface PlanWrite {
  path: string;
  folder: SessionFolder;
  /** The seq of the log's standing todo/write as read (0: none stands). */
  seq: number;
}

export interface FolderSession extends SessionSummary {
  folder: SessionFolder;
  label: SourceLabel;
}

function sessionFolders(own: SessionStore, followed: SessionStore, workspaceRoots: readonly string[]): SessionFolder[] {
  const folders: SessionFolder[] = [
    { store: own, fallback: 'agent' },
    { store: followed, fallback: 'cli' },
  ];
  const seen = new Set([path.resolve(own.dir), path.resolve(followed.dir)]);
  for (const root of workspaceRoots) {
    const dir = path.resolve(root, WORKSPACE_SESSIONS_DIR);
    if (seen.has(dir)) continue;
    seen.add(dir);
    folders.push({ store: new SessionStore(dir), fallback: 'cli' });
  }
  return folders;
}

export interface SessionFolderChange {
  added: readonly SessionFolder[];
  removed: readonly SessionFolder[];
}

/**
 * The window's session folders as its workspace folders change (a folder added or
 * removed after activation): its own store and the followed one first, always; a folder that stays keeps
 * its object, so whoever holds one (the shown session, the watcher) still finds it.
 */
export class SessionFolderSet extends Owner {
  private current: readonly SessionFolder[];
  private readonly changed = this.register(new vscode.EventEmitter<SessionFolderChange>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly own: SessionStore,
    private readonly followed: SessionStore,
    workspaceRoots: readonly string[],
  ) {
    super();
    this.current = sessionFolders(own, followed, workspaceRoots);
  }

  get all(): readonly SessionFolder[] {
    return this.current;
  }

  /** The window's own folders (its own store and the followed agents' one), not a workspace's. */
  isOwn(folder: SessionFolder): boolean {
    return folder.store === this.own || folder.store === this.followed;
  }

  setWorkspaceRoots(workspaceRoots: readonly string[]): void {
    const kept = new Map(this.current.map((f) => [path.resolve(f.store.dir), f]));
    const next = sessionFolders(this.own, this.followed, workspaceRoots).map(
      (f) => kept.get(path.resolve(f.store.dir)) ?? f,
    );
    const added = next.filter((f) => !this.current.includes(f));
    const removed = this.current.filter((f) => !next.includes(f));
    this.current = next;
    if (added.length > 0 || removed.length > 0) this.changed.fire({ added, removed });
  }
}

/** Root sessions (subagent sessions open from their parent) of every folder, newest first. */
export function listFolderSessions(folders: readonly SessionFolder[]): FolderSession[] {
  const out: FolderSession[] = [];
  for (const folder of folders) {
    for (const s of folder.store.list()) {
      if (s.header.parent !== undefined) continue;
      out.push({ ...s, folder, label: sourceLabel(s.header.source, folder.fallback) });
    }
  }
  return out.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/**
 * Whether the editor writes this session (our agent's or an ACP agent's it drives, in its own folder): it opens for
 * writing.
 */
export function isOwnSession(s: FolderSession): boolean {
  return (s.label.kind === 'agent' || s.label.kind === 'acp') && s.folder.fallback === 'agent';
}

/**
 * The session list the Agent view shows: every session of `folders`, newest first, with who writes it; `current` is the
 * one shown.
 */
export function folderSessionList(folders: readonly SessionFolder[], current: string | undefined): SessionListItem[] {
  return listFolderSessions(folders).map((s) => ({
    id: s.id,
    title: s.header.title ?? null,
    modified: s.modified.toISOString(),
    current: s.id === current,
    source: sourceLabelView(s.label),
  }));
}
