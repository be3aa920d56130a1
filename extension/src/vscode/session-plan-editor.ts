// The user's plan edits of the shown session, as the session controller holds them:
// one PlanEditor per session this window WRITES (read-only and followed sessions get
// none: their writer is another window or program, which is the one to edit them).
// The editor lands edits on the shown session's live plan fold, so an edit applies
// to exactly the plan the surfaces show.
import * as vscode from 'vscode';
import { PlanEditor, type PlanEditOutcome } from '../core/plan/plan-editor';
import type { TodoWritePolicy } from '../core/plan/todo-write-tool';
import type { ShownSession } from './shown-session';

export function shownPlanEditor(shown: ShownSession, policy: () => TodoWritePolicy): PlanEditor | null {
  if (shown.opened.readOnly) return null;
  return new PlanEditor(shown.opened.session, { policy, plan: () => shown.planState });
}

const refused = (message: string): PlanEditOutcome => ({ kind: 'refused', message });

export const noSessionToEdit = (): PlanEditOutcome => refused(vscode.l10n.t('There is no session to edit yet: send a prompt first.'));

export const readOnlyPlan = (): PlanEditOutcome =>
  refused(vscode.l10n.t('This session is shown read-only (another window or program writes it): edit its plan there.'));

export const shuttingDownEdit = (): PlanEditOutcome => refused(vscode.l10n.t('Agent Checklist is shutting down.'));

/** What a queued edit resolves with when its session stops being shown before the step ended. */
export const editNotLanded = (): string => vscode.l10n.t('The session was closed before the edit could land; nothing was written.');
