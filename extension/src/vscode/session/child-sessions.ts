// Subagent sessions as the surfaces show them (the nested Plan tree, the child
// transcript in the Agent view). A child's plan is the fold of the child's OWN log
// (single owner): while it runs, of the live Session the core hands to the
// observer; after that, of the log file read from the store (cached until the file
// changes). Each change says what changed (the transcript items an event created or
// changed, whether the plan or its ledger moved), so the surfaces post and redraw
// only that. Nothing here writes a log.
//
// A child's log lies beside its parent's (subagent-run.ts: the parent's store), so
// the children of a session another program writes (a CLI `run` in a workspace
// folder's `.agent-checklist/sessions`) are read from THAT folder: showFolderOf()
// follows the shown session's log. A child another process writes grows without
// its parent's log moving, so a write the external-session watcher reports for a
// child read here is told as a plan change too (the nested tree redraws live).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SubagentObserver } from '../../core/agent/subagent-run';
import type { PlanLedger } from '../../core/plan/plan-ledger';
import type { StandingPlan } from '../../core/plan/todos-projection';
import { SessionFolds } from '../../core/plan/session-folds';
import { TranscriptFolder } from '../../core/presenters/transcript-folder';
import type { TranscriptItem } from '../../core/protocol/transcript';
import type { SessionEvent } from '../../core/session/events';
import { LogFollower } from '../../core/store/log-follower';
import { SessionStore } from '../../core/store/session-store';

/** One child session's state, as of now. */
export interface ChildSnapshot {
  sessionId: string;
  /** The subagent's description (the child's header title). */
  title: string;
  events: readonly SessionEvent[];
  plan: StandingPlan;
  /**
   * Who added each item of its plan and when, its times, its subagents (the tooltips' history, as for the shown
   * session).
   */
  ledger: PlanLedger;
  /** Its turn runs in this window now. */
  running: boolean;
}

/** What one append (or the end of a run) changed in a child session. */
export interface ChildChange {
  sessionId: string;
  /** Transcript items the event created or changed (whole). */
  items: TranscriptItem[];
  /** The plan or its ledger is a new state (the Plan tree redraws). */
  planChanged: boolean;
  /** The child started or stopped running here. */
  runningChanged: boolean;
}

interface LiveChild {
  snapshot: ChildSnapshot;
  subscription: { dispose(): void } | null;
}

export class ChildSessions implements vscode.Disposable {
  /** Children run by this window (kept in memory after they end: their events are all there). */
  private readonly live = new Map<string, LiveChild>();
  /**
   * Children read from their logs: the snapshot as of `key` (mtime:size), and the follower that reads on from there.
   */
  private readonly loaded = new Map<
    string,
    {
      key: string;
      snapshot: ChildSnapshot | null;
      follower: LogFollower | null;
      events: SessionEvent[];
      folds: SessionFolds;
    }
  >();
  private readonly changed = new vscode.EventEmitter<ChildChange>();
  private readonly writesSubscription: vscode.Disposable | undefined;
  /** Where the logs of the shown session's children are read (the shown session's folder). */
  private store: SessionStore;
  /** A child's log changed. */
  readonly onDidChange = this.changed.event;

  /**
   * `own`: the window's store (where this window's turns create children). `writes`:
   * a log in one of the window's session folders wrote a plan (ExternalSessionWatcher).
   */
  constructor(
    private readonly own: SessionStore,
    private readonly log: vscode.LogOutputChannel,
    writes?: vscode.Event<{ path: string }>,
  ) {
    this.store = own;
    this.writesSubscription = writes?.((write) => this.externalWrite(write.path));
  }

  /** The shown session's log is `logPath` (null: none shown): its children are read from beside it. */
  showFolderOf(logPath: string | null): void {
    const dir = path.resolve(logPath === null ? this.own.dir : path.dirname(logPath));
    if (dir === path.resolve(this.store.dir)) return;
    this.store = dir === path.resolve(this.own.dir) ? this.own : new SessionStore(dir);
    this.loaded.clear();
  }

  /** Another process appended a plan to a log: when it is a child read here, the surfaces redraw it. */
  private externalWrite(file: string): void {
    if (path.resolve(path.dirname(file)) !== path.resolve(this.store.dir)) return;
    const sessionId = path.basename(file, '.jsonl');
    if (this.live.has(sessionId) || !this.loaded.has(sessionId)) return;
    this.changed.fire({ sessionId, items: [], planChanged: true, runningChanged: false });
  }

  /** Pass to the subagent runner: it tells us when a child starts and ends. */
  readonly observer: SubagentObserver = {
    onStart: (child, link) => {
      // the transcript knows the open turn's calls; parses no answer
      const folds = SessionFolds.over(child.events, { transcript: new TranscriptFolder() });
      const snapshot: ChildSnapshot = {
        sessionId: child.id,
        title: child.header.title ?? link.description,
        events: child.events,
        plan: folds.standingPlan,
        ledger: folds.ledger,
        running: true,
      };
      const entry: LiveChild = { snapshot, subscription: null };
      entry.subscription = folds.follow(child, (change) => {
        if (change.ledger) entry.snapshot = { ...entry.snapshot, plan: folds.standingPlan, ledger: folds.ledger };
        if (change.ledger || change.items.length)
          this.changed.fire({
            sessionId: child.id,
            items: change.items,
            planChanged: change.ledger,
            runningChanged: false,
          });
      });
      this.live.get(child.id)?.subscription?.dispose();
      this.live.set(child.id, entry);
      this.changed.fire({ sessionId: child.id, items: [], planChanged: true, runningChanged: true });
    },
    onEnd: (child) => {
      const entry = this.live.get(child.id);
      if (!entry) return;
      entry.subscription?.dispose();
      entry.subscription = null;
      entry.snapshot = { ...entry.snapshot, running: false };
      this.changed.fire({ sessionId: child.id, items: [], planChanged: true, runningChanged: true });
    },
  };

  /** The child's state; null when its log cannot be read (missing, invalid). */
  get(sessionId: string): ChildSnapshot | null {
    const live = this.live.get(sessionId);
    if (live) return live.snapshot;
    let file: string;
    let key: string;
    try {
      file = this.store.pathOf(sessionId);
      const stat = fs.statSync(file);
      key = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return null;
    }
    const cached = this.loaded.get(sessionId);
    if (cached?.key === key) return cached.snapshot;
    if (cached?.snapshot && cached.follower) {
      // The log grew (another window runs the child): fold only what was appended.
      try {
        const appended = cached.follower.readAppended();
        cached.events.push(...appended);
        cached.folds.catchUp(appended);
        const snapshot: ChildSnapshot = {
          ...cached.snapshot,
          plan: cached.folds.standingPlan,
          ledger: cached.folds.ledger,
        };
        this.loaded.set(sessionId, { ...cached, key, snapshot });
        return snapshot;
      } catch (error) {
        this.log.info(
          `reading subagent session ${sessionId} again: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    let snapshot: ChildSnapshot | null = null;
    let follower: LogFollower | null = null;
    let events: SessionEvent[] = [];
    let folds = new SessionFolds({ transcript: null });
    try {
      const loaded = this.store.openReadOnly(sessionId);
      follower = LogFollower.after(loaded);
      events = loaded.events;
      folds = SessionFolds.over(events, { transcript: null });
      snapshot = {
        sessionId,
        title: loaded.header.title ?? sessionId,
        events,
        plan: folds.standingPlan,
        ledger: folds.ledger,
        running: false,
      };
    } catch (error) {
      this.log.warn(
        `could not read subagent session ${sessionId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.loaded.set(sessionId, { key, snapshot, follower, events, folds });
    return snapshot;
  }

  /** Another root session is shown: forget children that no longer run. */
  forget(): void {
    for (const [id, entry] of this.live) if (!entry.snapshot.running) this.live.delete(id);
    this.loaded.clear();
  }

  dispose(): void {
    this.writesSubscription?.dispose();
    for (const entry of this.live.values()) entry.subscription?.dispose();
    this.live.clear();
    this.loaded.clear();
    this.changed.dispose();
  }
}
