// Notices when a session log in any of the window's session folders writes a new
// plan: a CLI `run` or an MCP server in a workspace folder's
// `.agent-checklist/sessions`, or the Chat tool in the extension's own folder. The
// controller decides whether to follow it (agentChecklist.followExternal).
//
// "Writes a plan" = the seq of the log's standing todo/write grew (read from the
// file's end). Logs that exist when a folder is first watched (at start, or when its
// workspace folder is added later) are recorded first, so neither opening a window
// nor adding a folder jumps to an old session; only writes made while watched count.
// A log that appears while watched is told at once as well (onDidAddLog), plan or
// not, so the session list shows a CLI run that writes no plan when it starts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { standingPlanWriteSeq } from '../../core/store/plan-write-seq';
import type { PlanWrite, SessionFolder, SessionFolderSet } from '../session/session-folders';

/** Waits this long after a change to a log before reading it (writers append in bursts). */
const SETTLE_MS = 60;

export class ExternalSessionWatcher implements vscode.Disposable {
  private readonly seen = new Map<string, number>();
  private disposed = false;
  /** Per watched folder: its watchers (fs.watch on it, or a VS Code watcher awaiting it). */
  private readonly watched = new Map<SessionFolder, vscode.Disposable[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly emitter = new vscode.EventEmitter<PlanWrite>();
  private readonly addedEmitter = new vscode.EventEmitter<PlanWrite>();
  private readonly folderSubscription: vscode.Disposable;
  readonly onDidWritePlan = this.emitter.event;
  /** A log this watcher had not seen appeared in a watched folder (its first write, once it settled). */
  readonly onDidAddLog = this.addedEmitter.event;

  constructor(
    private readonly folders: SessionFolderSet,
    private readonly log: vscode.LogOutputChannel,
  ) {
    // The window's own folders (workspace storage) are made here; a workspace's is only ever waited for.
    for (const folder of folders.all) {
      if (folders.isOwn(folder)) fs.mkdirSync(folder.store.dir, { recursive: true });
      this.add(folder);
    }
    this.folderSubscription = folders.onDidChange(({ added, removed }) => {
      for (const folder of removed) this.remove(folder);
      for (const folder of added) this.add(folder);
    });
  }

  private add(folder: SessionFolder): void {
    if (this.disposed || this.watched.has(folder)) return;
    for (const s of folder.store.list()) this.seen.set(s.path, standingPlanWriteSeq(s.path));
    const parts: vscode.Disposable[] = [];
    this.watched.set(folder, parts);
    if (this.watchFolder(folder, parts)) return;
    // Not there yet (nothing has run in this workspace): VS Code's workspace watcher
    // tells us when it appears; we never create it ourselves. Made after activate()
    // returns (creating one is the costliest part of watching); a folder that appears
    // meanwhile is watched and scanned then.
    setImmediate(() => this.awaitFolder(folder, parts));
  }

  /** Watches for `folder` to appear (it did not exist when it was added). */
  private awaitFolder(folder: SessionFolder, parts: vscode.Disposable[]): void {
    if (this.disposed || this.watched.get(folder) !== parts) return;
    if (this.watchFolder(folder, parts)) {
      this.scanSoon(folder);
      return;
    }
    const root = (vscode.workspace.workspaceFolders ?? []).find(
      (f) => f.uri.scheme === 'file' && folder.store.dir.startsWith(f.uri.fsPath + path.sep),
    );
    if (!root) return;
    const relative = path.relative(root.uri.fsPath, folder.store.dir).split(path.sep).join('/');
    const appears = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(root, `{${ancestors(relative).join(',')}}`),
      false,
      true,
      true,
    );
    appears.onDidCreate(() => {
      if (this.watchFolder(folder, parts)) this.scanSoon(folder);
    });
    parts.push(appears);
  }

  /** A workspace folder was removed: stop watching its logs (a session already shown stays shown). */
  private remove(folder: SessionFolder): void {
    for (const part of this.watched.get(folder) ?? []) part.dispose();
    this.watched.delete(folder);
    const dir = path.resolve(folder.store.dir);
    for (const [file, timer] of this.timers) {
      if (path.dirname(path.resolve(file)) !== dir) continue;
      clearTimeout(timer);
      this.timers.delete(file);
    }
    for (const file of this.seen.keys()) if (path.dirname(path.resolve(file)) === dir) this.seen.delete(file);
  }

  /**
   * Node's watcher on the folder (inotify on Linux): every append to a log in it is
   * an event, at once. False when the folder does not exist (yet).
   */
  private watchFolder(folder: SessionFolder, parts: vscode.Disposable[]): boolean {
    if (this.watched.get(folder) !== parts) return true; // removed meanwhile, or watched already
    if (parts.some((p) => p instanceof FolderWatch)) return true;
    try {
      const watcher = fs.watch(folder.store.dir, { persistent: false }, (_event, name) => {
        if (typeof name === 'string' && name.endsWith('.jsonl')) this.changed(path.join(folder.store.dir, name));
      });
      watcher.on('error', (error) => this.log.warn(`stopped watching ${folder.store.dir}: ${error.message}`));
      parts.push(new FolderWatch(watcher));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn(`cannot watch ${folder.store.dir}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private scanSoon(folder: SessionFolder): void {
    setTimeout(() => {
      if (this.disposed || !this.watched.has(folder)) return;
      for (const s of folder.store.list()) this.changed(s.path);
    }, SETTLE_MS);
  }

  private changed(file: string): void {
    clearTimeout(this.timers.get(file));
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        const folder = this.folders.all.find((f) => path.resolve(f.store.dir) === path.dirname(path.resolve(file)));
        if (!folder || !this.watched.has(folder)) return;
        const seq = standingPlanWriteSeq(file);
        if (!this.seen.has(file)) {
          this.seen.set(file, 0);
          this.addedEmitter.fire({ path: file, folder, seq });
        }
        if (seq <= (this.seen.get(file) ?? 0)) return;
        this.seen.set(file, seq);
        this.emitter.fire({ path: file, folder, seq });
      }, SETTLE_MS),
    );
  }

  dispose(): void {
    this.disposed = true;
    this.folderSubscription.dispose();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const folder of [...this.watched.keys()]) this.remove(folder);
    this.emitter.dispose();
    this.addedEmitter.dispose();
  }
}

/** fs.watch on one session folder, as a disposable. */
class FolderWatch implements vscode.Disposable {
  constructor(private readonly watcher: fs.FSWatcher) {}
  dispose(): void {
    this.watcher.close();
  }
}

/** `a/b/c` -> [`a`, `a/b`, `a/b/c`]. */
function ancestors(relative: string): string[] {
  const parts = relative.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
