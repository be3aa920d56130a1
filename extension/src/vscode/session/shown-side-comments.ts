// Comment on Item… and Resolve on a followed (or imported) session the window shows:
// the log is the follower's and a re-import rewrites it, so they go to its comments
// side log (core/store/side-comments.ts, docs/formats.md "Comments on a followed
// session") under that side log's own lock, and into the shown review. Only these two:
// every other edit of such a session stays refused. The side log is watched: what
// another window or the CLI's `comment` adds to it shows here too, folded after the
// side events this window has (each side event once, by its seq in the side log).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PlanEditOutcome, ReviewAppend } from '../../core/plan/plan-editor';
import type { SessionFolds } from '../../core/plan/session-folds';
import type { SessionEvent } from '../../core/session/events';
import { isSessionLockedError } from '../../core/store/lock';
import { appendSideComment, readSideComments, sideCommentsPath } from '../../core/store/side-comments';

/** How long after the first change of a burst the side log is read again. */
const SIDE_DEBOUNCE_MS = 50;

export class ShownSideComments implements vscode.Disposable {
  /** The seq of the last side event folded (side logs count their own seqs from 1). */
  private folded = 0;
  private watcher: fs.FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logPath: string,
    private readonly folds: SessionFolds,
    private readonly changed: () => void,
  ) {
    this.foldNew(readSideComments(logPath));
    this.watch();
  }

  /** Folds the side events past the last one folded; whether there were any. */
  private foldNew(events: readonly SessionEvent[]): boolean {
    const fresh = events.filter((event) => event.seq > this.folded);
    for (const event of fresh) this.folds.applySide(event);
    this.folded = Math.max(this.folded, ...fresh.map((event) => event.seq));
    return fresh.length > 0;
  }

  /** Watches the log's folder for its side log (which may not be there yet) and reads it again after a change. */
  private watch(): void {
    const side = path.basename(sideCommentsPath(this.logPath));
    try {
      this.watcher = fs.watch(path.dirname(this.logPath), { persistent: false }, (_event, name) => {
        if (name !== null && String(name) !== side) return;
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          if (this.watcher && this.foldNew(readSideComments(this.logPath))) this.changed();
        }, SIDE_DEBOUNCE_MS);
      });
      this.watcher.on('error', () => this.dispose());
    } catch {
      this.watcher = undefined; // no file events here: others' comments show when the session is opened again
    }
  }

  /** Appends `make()`'s comment or resolve (made from the review as it stands) to the side log. */
  add(make: () => ReviewAppend | string): PlanEditOutcome {
    const made = make();
    if (typeof made === 'string') return { kind: 'refused', message: made };
    try {
      const event =
        made.type === 'plan/comment'
          ? appendSideComment(this.logPath, made.type, made.data)
          : appendSideComment(this.logPath, made.type, made.data);
      // Others' events before it (not seen yet), then it: the side log's order.
      this.foldNew(readSideComments(this.logPath).filter((e) => e.seq < event.seq));
      this.foldNew([event]);
      this.changed();
      return { kind: 'applied', event };
    } catch (error) {
      if (!isSessionLockedError(error)) throw error;
      return {
        kind: 'refused',
        message: vscode.l10n.t('process {0} is adding a comment to this session; try again.', error.pid),
      };
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watcher?.close();
    this.watcher = undefined;
  }
}
