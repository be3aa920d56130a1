// The folds every surface shows of one session, composed once: the plan ledger
// (the standing plan with who wrote it, per-item timing, the turn's end, its
// subagents, the dropped items: plan-ledger.ts), what the plan file said of each item
// (task-files/task-meta-fold.ts) and, when asked for, the transcript
// items (TranscriptFolder). The shown session, child sessions, the CLI readers and
// the MCP server all fold through this, so a live fold (events one at a time as a
// session appends them) and a replay (a stored log streamed through `catchUp`) are
// the same code; the property tests hold them equal at every prefix.
//
// It keeps no events: its size is the plan's plus the open turn's calls, whatever
// the log's length, so a log can be streamed through it and dropped.
import { planCommentsProjection } from './plan-comments';
import type { Disposable } from '../disposable';
import { planLedgerProjection, type PlanLedger } from './plan-ledger';
import { taskMetaProjection, type TaskMetaByContent } from './task-files/task-meta-fold';
import type { PlanState, StandingPlan } from './todos-projection';
import type { TranscriptItem } from '../protocol/transcript';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';

/** What one event changed. */
export interface FoldsChange {
  /** The standing plan is a new state (a write, or a turn/start that cleared it). */
  plan: boolean;
  /** The ledger is a new state (the plan, an item's timing, the turn's end, a subagent, the dropped items). */
  ledger: boolean;
  /** Transcript items the event created or changed, whole (none without a transcript). */
  items: TranscriptItem[];
}

/**
 * The transcript's fold (TranscriptFolder in presenters/transcript-folder.ts), passed in
 * rather than imported: the agent loop folds its plan through SessionFolds, and the
 * transcript's presenters reach the tools, whose subagent runs the loop (and the plan
 * layer never imports the presenters).
 */
export interface TranscriptFold {
  catchUp(events: Iterable<SessionEvent>): void;
  apply(event: SessionEvent): TranscriptItem[];
}

export interface SessionFoldsOptions {
  /**
   * Fold the transcript items too (the Agent view's rows: `new
   * TranscriptFolder()`); the plan surfaces need only the ledger (null).
   */
  transcript: TranscriptFold | null;
}

export class SessionFolds {
  private state: PlanLedger = planLedgerProjection.init;
  private taskMeta: TaskMetaByContent = taskMetaProjection.init;
  private readonly transcript: TranscriptFold | null;

  constructor(options: SessionFoldsOptions) {
    this.transcript = options.transcript;
  }

  /** Folds of `events` (a replay). */
  static over(events: Iterable<SessionEvent>, options: SessionFoldsOptions): SessionFolds {
    const folds = new SessionFolds(options);
    folds.catchUp(events);
    return folds;
  }

  get ledger(): PlanLedger {
    return this.state;
  }

  /** What the plan file last said of each item (task-files/task-meta-fold.ts). */
  get tasks(): TaskMetaByContent {
    return this.taskMeta;
  }

  /** The standing plan with who wrote it; null when there is none. */
  get planState(): PlanState | null {
    return this.state.plan;
  }

  /** The list the surfaces show. */
  get standingPlan(): StandingPlan {
    return this.state.plan === null ? null : this.state.plan.todos;
  }

  /**
   * Takes events already in the log (a stored log, a session under way) without
   * presenting transcript items: the transcript only learns the open turn's calls
   * (and parses no answer's Markdown). Call it as often as the events come (a
   * streamed read calls it per chunk).
   */
  catchUp(events: Iterable<SessionEvent>): void {
    if (!this.transcript) {
      for (const event of events) this.fold(event);
      return;
    }
    this.transcript.catchUp(this.foldLedger(events));
  }

  /** `events`, each folded into the ledger as it passes (one pass feeds both folds). */
  private *foldLedger(events: Iterable<SessionEvent>): Generator<SessionEvent> {
    for (const event of events) {
      this.fold(event);
      yield event;
    }
  }

  private fold(event: SessionEvent): void {
    this.state = planLedgerProjection.apply(this.state, event);
    this.taskMeta = taskMetaProjection.apply(this.taskMeta, event);
  }

  /**
   * A comments side log's event (side-review.ts: a followed session's comments), folded into the review only, after
   * the events folded so far.
   */
  applySide(event: SessionEvent): void {
    this.state = { ...this.state, review: planCommentsProjection.apply(this.state.review, event) };
  }

  /** Takes the next event live: what it changed. */
  apply(event: SessionEvent): FoldsChange {
    const before = this.state;
    this.fold(event);
    const items = this.transcript ? this.transcript.apply(event) : [];
    return { plan: this.state.plan !== before.plan, ledger: this.state !== before, items };
  }

  /**
   * Keeps the folds current with `session`'s appends from now on (the caller has
   * folded the events it holds already): `listener` hears every event after the
   * folds took it, with what it changed.
   */
  follow(session: Session, listener?: (change: FoldsChange, event: SessionEvent) => void): Disposable {
    return session.subscribe((event) => {
      const change = this.apply(event);
      listener?.(change, event);
    });
  }
}
