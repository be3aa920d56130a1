// Comment on Item… and Resolve on a followed (or imported) session the window shows:
// the log is the follower's and a re-import rewrites it, so they go to its comments
// side log (core/store/side-comments.ts, docs/formats.md "Comments on a followed
// session") under that side log's own lock, and into the shown review. Only these two:
// every other edit of such a session stays refused.
import * as vscode from 'vscode';
import type { PlanEditOutcome, ReviewAppend } from '../../core/plan/plan-editor';
import type { SessionFolds } from '../../core/plan/session-folds';
import { isSessionLockedError } from '../../core/store/lock';
import { appendSideComment, readSideComments } from '../../core/store/side-comments';

export class ShownSideComments {
  constructor(
    private readonly logPath: string,
    private readonly folds: SessionFolds,
    private readonly changed: () => void,
  ) {
    for (const event of readSideComments(logPath)) folds.applySide(event);
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
      this.folds.applySide(event);
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
}
