// Follows the session files other agents keep for the given folders
// (agent-session-files.ts says where) into our logs in `sessionDir`: every file there at the start,
// and each one that appears or grows later, including agent folders that do not exist
// yet (an agent run for the first time: looked for every few seconds until there).
// Changes are read once they settle (agents append in bursts). Files of other folders
// are never read past their first line (a Codex rollout's first line names its folder).
// opencode keeps every folder's sessions in one database: its folder is watched, and a
// change to the database or its WAL is one read of the open folders' sessions
// (opencode-follower.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toDisposable, type Disposable } from '../disposable';
import { isSessionLockedError } from '../store/lock';
import {
  claudeProjectDir,
  claudeTranscripts,
  codexRollouts,
  codexRolloutCwd,
  codexSessionsDir,
  geminiChatsDir,
  geminiSessions,
  isCodexRollout,
  isGeminiSession,
} from './agent-session-files';
import { FollowedAgentFile } from './followed-agent-file';
import type { FollowConfig, FollowReport } from './follow-messages';
import { OpencodeFollower } from './opencode-follower';

const SETTLE_MS = 40;
const APPEAR_POLL_MS = 2000;

export class AgentFollowers implements Disposable {
  private readonly followers = new Map<string, FollowedAgentFile>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly codexFolder = new Map<string, string>();
  private watches: Disposable[] = [];
  private folders = new Set<string>();
  private sessionDir = '';

  constructor(private readonly report: (report: FollowReport) => void) {}

  /** Starts following for `config`, in place of what was followed before. */
  configure(config: FollowConfig): void {
    this.stop();
    this.folders = new Set(config.folders.map((f) => path.resolve(f)));
    this.sessionDir = config.sessionDir;
    if (config.agents.includes('claude-code')) {
      for (const folder of this.folders) {
        const dir = claudeProjectDir(config.homes, folder);
        this.watchDir(
          dir,
          false,
          (name) => name.endsWith('.jsonl') && this.changed(path.join(dir, name)),
          () => claudeTranscripts(dir).forEach((f) => this.follow(f)),
        );
      }
    }
    if (config.agents.includes('gemini-cli'))
      for (const folder of this.folders)
        this.whenKnown(
          () => geminiChatsDir(config.homes, folder),
          (dir) => this.watchGemini(dir),
        );
    if (config.agents.includes('codex') && this.folders.size > 0) {
      const sessions = codexSessionsDir(config.homes);
      this.watchDir(
        sessions,
        true,
        (name) => isCodexRollout(name) && this.changed(path.join(sessions, name)),
        () => codexRollouts(sessions).forEach((f) => this.follow(f)),
      );
    }
    const { opencodeDb } = config.homes;
    if (config.agents.includes('opencode') && this.folders.size > 0 && opencodeDb !== undefined)
      this.watchOpencode(opencodeDb);
  }

  private watchOpencode(dbFile: string): void {
    const opencode = new OpencodeFollower(dbFile, [...this.folders], this.sessionDir, this.report);
    this.watches.push(opencode);
    const name = path.basename(dbFile);
    this.watchDir(
      path.dirname(dbFile),
      false,
      (changed) => changed.startsWith(name) && this.settle(dbFile, () => opencode.update()),
      () => opencode.update(),
    );
  }

  private watchGemini(dir: string): void {
    this.watchDir(
      dir,
      false,
      (name) => isGeminiSession(name) && this.changed(path.join(dir, name)),
      () => geminiSessions(dir).forEach((f) => this.follow(f)),
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

  private watchDir(dir: string, recursive: boolean, onName: (name: string) => unknown, scan: () => void): void {
    const start = (): boolean => {
      let watcher: fs.FSWatcher;
      try {
        watcher = fs.watch(dir, { recursive, persistent: false }, (_event, name) => {
          if (typeof name === 'string') onName(name);
        });
      } catch {
        return false;
      }
      watcher.on('error', (error) =>
        this.report({ kind: 'problem', file: dir, message: `stopped watching: ${error.message}` }),
      );
      this.watches.push(toDisposable(() => watcher.close()));
      scan();
      return true;
    };
    if (start()) return;
    const poll = setInterval(() => {
      if (start()) clearInterval(poll);
    }, APPEAR_POLL_MS);
    poll.unref();
    this.watches.push(toDisposable(() => clearInterval(poll)));
  }

  private changed(file: string): void {
    this.settle(file, () => this.follow(file));
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
  private follow(file: string): void {
    if (!this.belongs(file)) return;
    let follower = this.followers.get(file);
    if (follower === undefined) {
      follower = new FollowedAgentFile(file, this.sessionDir);
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

  private belongs(file: string): boolean {
    if (!isCodexRollout(file)) return true; // a Claude Code project folder holds one folder's sessions
    let folder = this.codexFolder.get(file);
    if (folder === undefined) {
      folder = codexRolloutCwd(file);
      if (folder === undefined) return false; // its first line is not whole yet
      this.codexFolder.set(file, folder);
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
