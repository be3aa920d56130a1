// Plan review in the window (issue 51; docs/surfaces.md): Comment on Item… (the Plan
// tree's item context menu and the strip row's menu), Resolve Comment (a comment row's
// button in the strip, or the item's menu: a pick of its open comments) and Send
// Comments (the Plan view's title and the strip while a comment is unresolved).
// Registered at start; what runs them (plan-review-run.ts) loads at the first one.
//
// Arguments: a tree node from a menu (else the tree's selection), or the item's text
// (the strip, tests, other extensions); a string after it skips the input box. Resolve
// Comment takes a comment's seq. Each resolves with its outcome.
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';
import type { SessionController } from '../controller/session-controller';
import { registerLazyCommands } from '../host/lazy-commands';
import type { PlanNode } from './plan-tree-model';

export const PLAN_REVIEW_COMMANDS = {
  commentItem: 'agentChecklist.plan.commentItem',
  resolveComment: 'agentChecklist.plan.resolveComment',
  sendComments: 'agentChecklist.plan.sendComments',
} as const;

/** Context key: the shown session's plan has an unresolved comment (Send Comments shows). */
const UNRESOLVED_COMMENTS_CONTEXT = 'agentChecklist.planHasUnresolvedComments';
/** Context key: the window may comment on the shown plan's items (its own session, or a followed one's side log). */
const COMMENTABLE_CONTEXT = 'agentChecklist.planCommentable';

export interface PlanReviewCommandDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
  /** The plan-first proposal this window's turn waits on (Send Comments rejects it). */
  planReview: PendingPlanReview;
}

export function registerPlanReviewCommands(deps: PlanReviewCommandDeps): vscode.Disposable {
  const c = PLAN_REVIEW_COMMANDS;
  const { controller } = deps;
  let unresolved: boolean | undefined;
  let commentable: boolean | undefined;
  const updateContext = (): void => {
    const now = unresolvedCommentsMessage(controller.planLedger.review) !== null;
    if (now !== unresolved) void vscode.commands.executeCommand('setContext', UNRESOLVED_COMMENTS_CONTEXT, now);
    unresolved = now;
    const can = controller.planEditing.canComment;
    if (can !== commentable) void vscode.commands.executeCommand('setContext', COMMENTABLE_CONTEXT, can);
    commentable = can;
  };
  updateContext();
  return vscode.Disposable.from(
    controller.onDidChangeLedger(updateContext),
    controller.onDidChangeSession(updateContext),
    registerLazyCommands(() => import('./plan-review-run'), {
      [c.commentItem]: (m, arg, text) => m.commentItem(deps, arg, text),
      [c.resolveComment]: (m, arg) => m.resolveComment(deps, arg),
      [c.sendComments]: (m) => m.sendComments(deps),
    }),
  );
}
