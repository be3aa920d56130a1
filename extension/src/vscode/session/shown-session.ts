// The session the surfaces show: its open log and the live folds over it
// (SessionFolds: the standing plan, its ledger, the transcript items). Each listener
// runs only for a new state; disposing stops the folds but leaves the log to its owner.
// The files each plan item changed are read here from the workspace's checkpoints
// (core/checkpoints/item-files.ts), once per pair of checkpoints; each answer is a
// ledger change for the surfaces.
import * as path from 'node:path';
import { EvidenceFilesCache, type ChangedFilesSource } from '../../core/checkpoints/item-files';
import type { PlanLedger } from '../../core/plan/plan-ledger';
import type { ChangedFile } from '../../core/protocol/item-evidence-view';
import type { PlanState, StandingPlan } from '../../core/plan/todos-projection';
import { Owner } from '../../core/disposable';
import { SessionFolds } from '../../core/plan/session-folds';
import type { TaskMetaByContent } from '../../core/plan/task-files/task-meta-fold';
import type { TranscriptItem } from '../../core/protocol/transcript';
import { IN_STEP_TYPES, TranscriptFolder, transcriptFromEvents } from '../../core/presenters/transcript-folder';
import type { SessionEvent } from '../../core/session/events';
import { readTailPage } from '../../core/store/tail-reader';
import type { OpenedSession } from './opened-session';
import { keptBeside } from '../../core/session/header';
import type { ShownSideComments } from './shown-side-comments';
import type * as SideCommentsModule from './shown-side-comments';
import { lazyModule, type LazyRequire } from '../../core/lazy-module';

declare const require: LazyRequire<{ './shown-side-comments': typeof SideCommentsModule }>;
/** A followed session's comments beside it, loaded when one is first shown. */
const sideComments = lazyModule(() => require('./shown-side-comments'));

/** Events per transcript page the Agent view gets. */
const PAGE_EVENTS = 200;

export interface TranscriptPage {
  items: TranscriptItem[];
  /** Byte offset for the page before; null at the start of the log. */
  cursor: number | null;
}

/**
 * The transcript page of the log's last PAGE_EVENTS events before byte `cursor`
 * (default: the end), widened back to the start of its first step so no tool call
 * is cut in two: each call's item is whole on one page, as its presenter made it.
 */
export function readTranscriptPage(file: string, cursor?: number): TranscriptPage {
  const page = readTailPage(file, PAGE_EVENTS, cursor);
  const events = page.events;
  let start = page.cursor;
  while (start !== null && events[0] && IN_STEP_TYPES.has(events[0].type)) {
    const before = readTailPage(file, PAGE_EVENTS, start);
    let i = before.events.length;
    while (i > 0 && IN_STEP_TYPES.has(before.events[i - 1]!.type)) i--;
    // i > 0: the event at i - 1 starts the step; take from there. i === 0: the whole page lies in the step.
    const take = before.events.slice(Math.max(0, i - 1));
    events.unshift(...take);
    start = i > 0 ? (before.starts[i - 1] ?? null) : before.cursor;
    if (i > 0) break;
  }
  return { items: transcriptFromEvents(events), cursor: start };
}

export interface ShownSessionListener {
  plan(plan: StandingPlan): void;
  /**
   * The plan's ledger changed (who added each item and when, its times, the turn's end, its subagents, the dropped
   * items).
   */
  ledger(ledger: PlanLedger): void;
  items(items: TranscriptItem[]): void;
  /** Every appended event, after the folds took it and before its transcript items. */
  event(event: SessionEvent): void;
}

/** The workspace's checkpoints, the shadow repository's code loaded at the first item whose changed files are asked. */
function checkpointsOf(base: string, cwd: string): ChangedFilesSource {
  return {
    workspace: path.resolve(cwd),
    changedFiles: async (from, to) =>
      (await import('../../core/checkpoints/shadow-repo')).ShadowRepo.of(base, cwd).changedFiles(from, to),
  };
}

export class ShownSession extends Owner {
  private readonly folds: SessionFolds;
  private readonly files: EvidenceFilesCache;
  private readonly repo: ChangedFilesSource | null;
  /** A followed or imported session's comments, in its side log (shown-side-comments.ts); null for our own. */
  readonly sideComments: ShownSideComments | null;

  constructor(
    readonly opened: OpenedSession,
    listener: ShownSessionListener,
    /** Where the workspaces' checkpoints are (the turn runner's shadow repositories). */
    checkpointsBase: string,
  ) {
    super();
    const session = opened.session;
    const cwd = session.header.cwd;
    this.repo = cwd === undefined ? null : checkpointsOf(checkpointsBase, cwd);
    let shown = true;
    this.register({ dispose: () => (shown = false) });
    this.files = new EvidenceFilesCache(() => {
      if (shown) listener.ledger(this.folds.ledger);
    });
    // The opened session's events are folded once (here, or while a large log was streamed open: the transcript
    // only learns the open turn's calls), then each append.
    this.folds = opened.takeFolds?.() ?? SessionFolds.over(session.events, { transcript: new TranscriptFolder() });
    const changed = () => shown && listener.ledger(this.folds.ledger);
    this.sideComments = keptBeside(session.header)
      ? this.register(new (sideComments().ShownSideComments)(opened.path, this.folds, changed))
      : null;
    this.register(
      this.folds.follow(session, (change, event) => {
        if (change.plan) listener.plan(this.folds.standingPlan);
        if (change.ledger) listener.ledger(this.folds.ledger);
        listener.event(event);
        if (change.items.length) listener.items(change.items);
      }),
    );
  }

  get standingPlan(): StandingPlan {
    return this.folds.standingPlan;
  }

  /** The standing plan with who wrote it (the model or the user). */
  get planState(): PlanState | null {
    return this.folds.planState;
  }

  get planLedger(): PlanLedger {
    return this.folds.ledger;
  }

  /** What the plan file last said of each item (core/plan/task-files/task-meta-fold.ts). */
  get tasks(): TaskMetaByContent {
    return this.folds.tasks;
  }

  /** The files item `content` changed (item-files.ts): null when unknown, undefined while they are read. */
  evidenceFiles(content: string): ChangedFile[] | null | undefined {
    return this.files.get(this.repo, this.folds.ledger.changes, content);
  }

  // dispose() (Owner) stops following the log; the log itself stays open: its owner closes it.
}
