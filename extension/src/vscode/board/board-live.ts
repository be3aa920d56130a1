// When the open board reads its cards again: a log in a session folder changed (Node's
// watcher on each folder: inotify on Linux, so a write shows within the debounce), the
// window's own session or its plan-first proposal changed, or the repository's refs
// changed (`.git/HEAD`, `.git/packed-refs`, `.git/refs/**`: a commit, a checkout, a
// fetch). Changes within DEBOUNCE_MS are one read. Nothing polls the network: the
// timer of agentChecklist.board.fetchMinutes, when set, asks for a fetch.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';

const DEBOUNCE_MS = 200;

export interface BoardLiveSources {
  sessionDirs: readonly string[];
  /** The repository's git folder, when the workspace is in one. */
  gitDir: string | undefined;
  /** Events that mean "read again" (the window's session, its proposal). */
  events: readonly vscode.Event<unknown>[];
  fetchMinutes: number;
}

export class BoardLive extends Owner {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    sources: BoardLiveSources,
    private readonly reread: () => void,
    fetch: () => void,
  ) {
    super();
    for (const dir of sources.sessionDirs) this.watchDir(dir);
    if (sources.gitDir !== undefined) this.watchGit(sources.gitDir);
    for (const event of sources.events) this.register(event(() => this.soon()));
    if (sources.fetchMinutes > 0) {
      const every = setInterval(fetch, sources.fetchMinutes * 60_000);
      this.register(toDisposable(() => clearInterval(every)));
    }
    this.register(toDisposable(() => clearTimeout(this.timer)));
  }

  /** One read DEBOUNCE_MS after the first change of a burst. */
  soon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.reread();
    }, DEBOUNCE_MS);
  }

  private watchDir(dir: string): void {
    try {
      const watcher = fs.watch(dir, { persistent: false }, (_event, name) => {
        if (name === null || String(name).endsWith('.jsonl')) this.soon();
      });
      watcher.on('error', () => watcher.close());
      this.register(toDisposable(() => watcher.close()));
    } catch {
      // Not there (yet): its logs show at the next read another change causes.
    }
  }

  private watchGit(gitDir: string): void {
    const pattern = new vscode.RelativePattern(vscode.Uri.file(gitDir), '{HEAD,packed-refs,refs/**}');
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(pattern));
    for (const event of [watcher.onDidCreate, watcher.onDidChange, watcher.onDidDelete])
      this.register(event(() => this.soon()));
  }
}

/** The git folder of the repository `folder` is at the root of (a worktree's `.git` file names it). */
export function gitDirOf(folder: string): string | undefined {
  const dotGit = path.join(folder, '.git');
  try {
    if (fs.statSync(dotGit).isDirectory()) return dotGit;
    const named = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8').slice(0, 4096))?.[1]?.trim();
    return named === undefined ? undefined : path.resolve(folder, named);
  } catch {
    return undefined;
  }
}
