// The user's plan edits of the shown session, as the session controller holds them:
// one PlanEditor per session this window WRITES (read-only and followed sessions get
// none: their writer is another window or program, which is the one to edit them).
// The editor lands edits on the shown session's live plan fold, so an edit applies
// to exactly the plan the surfaces show. A followed session's comments and resolves
// are the one exception: they go to its comments side log (shown-side-comments.ts).
import * as vscode from 'vscode';
import type { RevertDone } from '../../core/checkpoints/revert';
import {
  PlanEditor,
  type CheckDecision,
  type PlanEditOutcome,
  type PlanListEdit,
  type ReviewAppend,
} from '../../core/plan/plan-editor';
import type { TodoWritePolicy } from '../../core/plan/todo-write-rules';
import type { PlanEdit } from '../../core/plan/user-edit';
import type { UserEditOrigin } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import type { ShownSession } from './shown-session';
import type { ShownSideComments } from './shown-side-comments';

const refused = (message: string): PlanEditOutcome => ({ kind: 'refused', message });

/** What a queued edit resolves with when its session stops being shown before the step ended. */
const editNotLanded = (): string =>
  vscode.l10n.t('The session was closed before the edit could land; nothing was written.');

export class ShownPlanEditing {
  private editor: PlanEditor | null = null;
  private side: ShownSideComments | null = null;
  private shown = false;
  private closed = false;

  constructor(
    private readonly policy: () => TodoWritePolicy,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Another session is shown (or none): the previous editor's queued edits are refused. */
  show(shown: ShownSession | null): void {
    this.editor?.abandon(editNotLanded());
    this.shown = shown !== null;
    this.side = shown?.sideComments ?? null;
    this.editor =
      shown && !shown.opened.readOnly && !this.closed
        ? new PlanEditor(shown.opened.session, { policy: this.policy, plan: () => shown.planState })
        : null;
  }

  /** This window may comment on the shown session's plan items (it writes it, or keeps its comments beside it). */
  get canComment(): boolean {
    return this.editor !== null || (this.side !== null && !this.closed);
  }

  /** This window may edit the shown session's plan (it writes that session). */
  get canEdit(): boolean {
    return this.editor !== null;
  }

  /** The editor of `session` while it is the one shown (the turn's step-boundary hook flushes it). */
  editorOf(session: Session): PlanEditor | null {
    return this.editor?.session === session ? this.editor : null;
  }

  /**
   * A turn of the editor's session ended: edits queued in a step it never closed (a broken append) have no boundary
   * left.
   */
  turnEnded(editor: PlanEditor | null): void {
    editor?.flush();
    editor?.abandon(editNotLanded());
  }

  edit(edit: PlanEdit): Promise<PlanEditOutcome> {
    return this.land(edit.kind, (editor) => editor.submit(edit));
  }

  /** A whole list made from the plan as it lands (plan-work.ts: Start This Item, the plan file), from `origin`. */
  editList(edit: PlanListEdit, origin?: UserEditOrigin): Promise<PlanEditOutcome> {
    return this.land(origin?.kind ?? 'list', (editor) => editor.submitList(edit, origin));
  }

  /** A check set, removed or accepted on an item (issue 52), landing as an edit does. */
  decideCheck(decision: CheckDecision): Promise<PlanEditOutcome> {
    return this.land(decision.type, (editor) => editor.submitCheck(decision));
  }

  /** A comment or a resolve (plan review), made from the plan as it lands. */
  review(make: () => ReviewAppend | string): Promise<PlanEditOutcome> {
    if (this.editor === null && this.side !== null && !this.closed) return Promise.resolve(this.side.add(make));
    return this.land('review', (editor) => editor.submitReview(make));
  }

  private land(kind: string, submit: (editor: PlanEditor) => Promise<PlanEditOutcome>): Promise<PlanEditOutcome> {
    if (this.closed) return Promise.resolve(refused(vscode.l10n.t('Agent Checklist is shutting down.')));
    if (!this.shown)
      return Promise.resolve(refused(vscode.l10n.t('There is no session to edit yet: send a prompt first.')));
    const editor = this.editor;
    if (!editor)
      return Promise.resolve(
        refused(
          vscode.l10n.t('This session is shown read-only (another window or program writes it): edit its plan there.'),
        ),
      );
    return submit(editor).then((outcome) => {
      this.log.info(
        `user edit (${kind}) of ${editor.session.id}: ${outcome.kind}` +
          `${outcome.kind === 'refused' ? ` (${outcome.message})` : ''}`,
      );
      return outcome;
    });
  }

  /**
   * A revert applied to the workspace, logged on the shown session (core/checkpoints/revert.ts: changes/reverted, then
   * the item back to pending). The revert's module loads with the first revert (the one that applied `done`).
   */
  async recordRevert(item: string, done: RevertDone): Promise<PlanEditOutcome> {
    const editor = this.editor;
    if (!editor) return this.edit({ kind: 'status', content: item, status: 'pending' }); // refused, with the same words
    const { recordRevert } = await import('../../core/checkpoints/revert');
    return recordRevert(editor.session, editor, item, done);
  }

  /** The controller shuts down: queued edits are refused, later ones too. */
  close(): void {
    this.closed = true;
    this.show(null);
  }
}
