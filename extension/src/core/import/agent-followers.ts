// Follows the session files other agents keep for the given folders (each agent's
// descriptor says where: followed-agents.ts) into our logs in `sessionDir`: every file
// there at the start, and each one that appears or grows later, including agent folders
// that do not exist yet (an agent run for the first time: looked for every few seconds
// until there). Changes are read once they settle (agents append in bursts). In a folder
// several workspace folders share, files of other folders are never read past what tells
// their folder (the first line, for an agent that names it there). An agent that keeps
// every folder's sessions in one database: its folder is watched, and a change to the
// database or its WAL is one read of the open folders' sessions (its descriptor's follower).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toDisposable, type Disposable } from '../disposable';
import { isSessionLockedError } from '../store/lock';
import type { DatabaseReading, FollowedAgent, JsonlReader } from './followed-agent';
import { FOLLOWED_AGENTS } from './followed-agents';
import { FollowedAgentFile } from './followed-agent-file';
import type { FollowConfig, FollowReport } from './follow-messages';

const SETTLE_MS = 40;
const APPEAR_POLL_MS = 2000;

export class AgentFollowers implements Disposable {
  private readonly followers = new Map<string, FollowedAgentFile>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The workspace folder of each file in a shared folder, once the file told it. */
  private readonly fileFolder = new Map<string, string>();
  private watches: Disposable[] = [];
  private folders = new Set<string>();
  private sessionDir = '';

  constructor(
    private readonly report: (report: FollowReport) => void,
    private readonly agents: readonly FollowedAgent[] = FOLLOWED_AGENTS,
  ) {}

  /** Starts following for `config`, in place of what was followed before. */
  configure(config: FollowConfig): void {
    this.stop();
    this.folders = new Set(config.folders.map((f) => path.resolve(f)));
    this.sessionDir = config.sessionDir;
    if (this.folders.size === 0) return;
    for (const agent of this.agents) {
      const home = config.homes[agent.id];
      if (!config.agents.includes(agent.id) || home === undefined) continue;
      if (agent.reading.kind === 'database') this.watchDatabase(agent.reading, agent.reading.file(home));
      else this.watchFiles(agent.reading.load(), home);
    }
  }

  private watchDatabase(reading: DatabaseReading, dbFile: string): void {
    const follower = reading.load().follower(dbFile, [...this.folders], this.sessionDir, this.report);
    this.watches.push(follower);
    const name = path.basename(dbFile);
    this.watchDir(
      path.dirname(dbFile),
      false,
      (changed) => changed.startsWith(name) && this.settle(dbFile, () => follower.update()),
      () => follower.update(),
    );
  }

  /** Each open folder's session folder, watched once it is known (once for a folder several share). */
  private watchFiles(reading: JsonlReader, home: string): void {
    const { files } = reading;
    const watched = new Set<string>();
    for (const folder of this.folders)
      this.whenKnown(
        () => files.dirOf(home, folder),
        (dir) => {
          if (watched.has(dir)) return;
          watched.add(dir);
          this.watchDir(
            dir,
            files.recursive,
            (name) => files.isSessionFile(name) && this.changed(path.join(dir, name), reading),
            () => files.list(dir).forEach((f) => this.follow(f, reading)),
          );
        },
      );
  }

  /** Runs `then` with what `find` finds, now or once it does (an agent's first run in a folder registers it). */
  private whenKnown<T>(find: () => T | undefined, then: (found: T) => void): void {
    const found = find();
    if (found !== undefined) {
      then(found);
      return;
    }
    const poll = setInterval(() => {
      const later = find();
      if (later === undefined) return;
      clearInterval(poll);
      then(later);
    }, APPEAR_POLL_MS);
    poll.unref();
    this.watches.push(toDisposable(() => clearInterval(poll)));
  }

  /**
   * Watches `dir` once it exists, and again when it is removed and made anew (an agent's
   * project folder deleted by the user or a test comes back on the agent's next run).
   */
  private watchDir(dir: string, recursive: boolean, onName: (name: string) => unknown, scan: () => void): void {
    let watcher: fs.FSWatcher | undefined;
    const lost = (): void => {
      watcher?.close();
      watcher = undefined;
      waitForDir();
    };
    const start = (): boolean => {
      try {
        watcher = fs.watch(dir, { recursive, persistent: false }, (event, name) => {
          if (event === 'rename' && removed(dir, name)) lost();
          else if (typeof name === 'string') onName(name);
        });
      } catch {
        return false;
      }
      watcher.on('error', (error) => {
        this.report({ kind: 'problem', file: dir, message: `stopped watching: ${error.message}` });
        lost();
      });
      scan();
      return true;
    };
    const waitForDir = (): void => {
      const poll = setInterval(() => {
        if (start()) clearInterval(poll);
      }, APPEAR_POLL_MS);
      poll.unref();
      this.watches.push(toDisposable(() => clearInterval(poll)));
    };
    this.watches.push(toDisposable(() => watcher?.close()));
    if (!start()) waitForDir();
  }

  private changed(file: string, reading: JsonlReader): void {
    this.settle(file, () => this.follow(file, reading));
  }

  /** Runs `then` once `key`'s changes settled. */
  private settle(key: string, then: () => void): void {
    clearTimeout(this.timers.get(key));
    const timer = setTimeout(() => {
      this.timers.delete(key);
      then();
    }, SETTLE_MS);
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Reads what `file` appended, when it is a session of a followed folder. */
  private follow(file: string, reading: JsonlReader): void {
    if (!this.belongs(file, reading)) return;
    let follower = this.followers.get(file);
    if (follower === undefined) {
      follower = new FollowedAgentFile(file, this.sessionDir, this.agents);
      this.followers.set(file, follower);
    }
    try {
      const had = follower.logPath;
      const versions = follower.update();
      const logPath = follower.logPath;
      if (logPath !== null && (versions > 0 || had === null)) this.report({ kind: 'wrote', logPath, file, versions });
    } catch (error) {
      if (!fs.existsSync(file)) {
        follower.dispose();
        this.followers.delete(file);
        return;
      }
      // Another window follows (holds our log's lock): it keeps it up to date.
      const message = isSessionLockedError(error)
        ? 'followed by another window'
        : error instanceof Error
          ? error.message
          : String(error);
      this.report({ kind: 'problem', file, message });
    }
  }

  private belongs(file: string, { files }: JsonlReader): boolean {
    if (files.folderOf === undefined) return true; // its session folder holds one workspace folder's sessions
    let folder = this.fileFolder.get(file);
    if (folder === undefined) {
      folder = files.folderOf(file);
      if (folder === undefined) return false; // the file does not tell yet
      this.fileFolder.set(file, folder);
    }
    return this.folders.has(folder);
  }

  private stop(): void {
    for (const w of this.watches) w.dispose();
    this.watches = [];
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const f of this.followers.values()) f.dispose();
    this.followers.clear();
  }

  dispose(): void {
    this.stop();
  }
}

/**
 * Whether a rename event on `dir`'s watcher says the folder itself went: the watcher names the
 * folder then (and it may already be made again, which a plain existence check would miss).
 */
function removed(dir: string, name: string | null): boolean {
  return name === path.basename(dir) || !fs.existsSync(dir);
}
