// Notices when a session log in any of the window's session folders writes a new
// plan: a CLI `run` or an MCP server in a workspace folder's
// `.agent-checklist/sessions`, or the Chat tool in the extension's own folder. The
// controller decides whether to follow it (agentChecklist.followExternal).
//
// "Writes a plan" = the seq of the log's standing todo/write grew (read from the
// file's end). Logs that exist at start are recorded first, so opening a window
// never jumps to an old session; only writes made while the window is open count.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { standingPlanWriteSeq } from '../core/store/plan-write-seq';
import type { SessionFolder } from './session-folders';

export interface PlanWrite {
  path: string;
  folder: SessionFolder;
}

/** Waits this long after a change to a log before reading it (writers append in bursts). */
const SETTLE_MS = 60;

export class ExternalSessionWatcher implements vscode.Disposable {
  private readonly seen = new Map<string, number>();
  private disposed = false;
  private readonly watching = new Set<SessionFolder>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly watchers: vscode.Disposable[] = [];
  private readonly emitter = new vscode.EventEmitter<PlanWrite>();
  readonly onDidWritePlan = this.emitter.event;

  constructor(
    private readonly folders: readonly SessionFolder[],
    workspaceFolders: readonly vscode.WorkspaceFolder[],
    private readonly log: vscode.LogOutputChannel,
  ) {
    for (const folder of folders) {
      for (const s of folder.store.list()) this.seen.set(s.path, standingPlanWriteSeq(s.path));
    }
    const [own, ...workspace] = folders;
    if (own) {
      fs.mkdirSync(own.store.dir, { recursive: true });
      this.watchFolder(own);
    }
    for (const folder of workspace) {
      if (this.watchFolder(folder)) continue;
      // Not there yet (nothing has run in this workspace): VS Code's workspace watcher
      // tells us when it appears; we never create it ourselves.
      const root = workspaceFolders.find((f) => f.uri.scheme === 'file' && folder.store.dir.startsWith(f.uri.fsPath + path.sep));
      if (!root) continue;
      const relative = path.relative(root.uri.fsPath, folder.store.dir).split(path.sep).join('/');
      const appears = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, `{${ancestors(relative).join(',')}}`), false, true, true);
      appears.onDidCreate(() => {
        if (this.watchFolder(folder)) this.scanSoon(folder);
      });
      this.watchers.push(appears);
    }
  }

  /**
   * Node's watcher on the folder (inotify on Linux): every append to a log in it is
   * an event, at once. False when the folder does not exist (yet).
   */
  private watchFolder(folder: SessionFolder): boolean {
    if (this.watching.has(folder)) return true;
    try {
      const watcher = fs.watch(folder.store.dir, { persistent: false }, (_event, name) => {
        if (typeof name === 'string' && name.endsWith('.jsonl')) this.changed(path.join(folder.store.dir, name));
      });
      watcher.on('error', (error) => this.log.warn(`stopped watching ${folder.store.dir}: ${error.message}`));
      this.watching.add(folder);
      this.watchers.push({ dispose: () => watcher.close() });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn(`cannot watch ${folder.store.dir}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private scanSoon(folder: SessionFolder): void {
    setTimeout(() => {
      if (this.disposed) return;
      for (const s of folder.store.list()) this.changed(s.path);
    }, SETTLE_MS);
  }

  private changed(file: string): void {
    clearTimeout(this.timers.get(file));
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        const folder = this.folders.find((f) => path.resolve(f.store.dir) === path.dirname(path.resolve(file)));
        if (!folder) return;
        const seq = standingPlanWriteSeq(file);
        if (seq <= (this.seen.get(file) ?? 0)) return;
        this.seen.set(file, seq);
        this.emitter.fire({ path: file, folder });
      }, SETTLE_MS),
    );
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const w of this.watchers) w.dispose();
    this.emitter.dispose();
  }
}

/** `a/b/c` -> [`a`, `a/b`, `a/b/c`]. */
function ancestors(relative: string): string[] {
  const parts = relative.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
