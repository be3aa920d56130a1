// Every folder of session logs this window shows: its own (workspace storage, where
// the editor's agent and the Chat tool write) and each workspace folder's
// `.agent-checklist/sessions` (CLI runs, MCP servers). Sessions are listed across all
// of them, newest first, each with who writes it.
import * as path from 'node:path';
import { sourceLabel, type SourceLabel } from '../core/session/source';
import { SessionStore, type SessionSummary } from '../core/store/session-store';
import { WORKSPACE_SESSIONS_DIR } from './workspace-sessions';

export interface SessionFolder {
  store: SessionStore;
  /** How a log without `source` is labelled: the editor's own folder holds agent sessions, a workspace's CLI runs. */
  fallback: 'agent' | 'cli';
}

export interface FolderSession extends SessionSummary {
  folder: SessionFolder;
  label: SourceLabel;
}

export function sessionFolders(own: SessionStore, workspaceRoots: readonly string[]): SessionFolder[] {
  const folders: SessionFolder[] = [{ store: own, fallback: 'agent' }];
  const seen = new Set([path.resolve(own.dir)]);
  for (const root of workspaceRoots) {
    const dir = path.resolve(root, WORKSPACE_SESSIONS_DIR);
    if (seen.has(dir)) continue;
    seen.add(dir);
    folders.push({ store: new SessionStore(dir), fallback: 'cli' });
  }
  return folders;
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

/** Whether the editor's agent may continue this session (its own kind, in its own folder). */
export function isOwnSession(s: FolderSession): boolean {
  return s.label.kind === 'agent' && s.folder.fallback === 'agent';
}
