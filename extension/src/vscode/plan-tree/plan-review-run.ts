// What runs plan review's commands (plan-review-commands.ts says what they do and how
// their arguments come), loaded at the first one.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';
import { commentOn, listComments } from '../../core/plan/plan-comments';
import type { PlanEditOutcome } from '../../core/plan/plan-editor';
import { MAX_COMMENT_CHARS } from '../../core/session/review-events';
import type { PlanReviewCommandDeps } from './plan-review-commands';

/** The item a command acts on: a tree node's (validated: anyone can run a command with anything) or its text. */
const itemArgSchema = z.union([
  z.string().check(z.minLength(1)),
  z.object({ kind: z.literal('item'), own: z.literal(true), item: z.object({ content: z.string() }) }),
]);

function itemContent(deps: PlanReviewCommandDeps, arg: unknown): string | null {
  const given = arg === undefined || arg === null || (typeof arg === 'object' && '$focusedTreeItem' in arg);
  const parsed = itemArgSchema.safeParse(given ? deps.view.selection[0] : arg);
  if (!parsed.success) return null;
  return typeof parsed.data === 'string' ? parsed.data : parsed.data.item.content;
}

/** Shows a refusal; resolves with the outcome. */
function told(outcome: PlanEditOutcome): PlanEditOutcome {
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: nothing was recorded: {0}', outcome.message));
  return outcome;
}

const noItem = (): string => vscode.l10n.t('the plan has no such item now.');

/** Comment on Item…: a plan/comment on the item, on the version standing when it lands. */
export async function commentItem(
  deps: PlanReviewCommandDeps,
  arg: unknown,
  text?: unknown,
): Promise<PlanEditOutcome | null> {
  const content = itemContent(deps, arg);
  if (content === null) return null;
  const typed =
    typeof text === 'string'
      ? text
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Agent Checklist: Comment on Item'),
          prompt: vscode.l10n.t('Your comment on “{0}”; Send Comments sends the open ones to the agent.', content),
          ignoreFocusOut: true,
          validateInput: (value) =>
            value.trim() === ''
              ? vscode.l10n.t('A comment needs some text.')
              : value.trim().length > MAX_COMMENT_CHARS
                ? vscode.l10n.t('A comment has at most {0} characters.', MAX_COMMENT_CHARS)
                : null,
        });
  const comment = typed?.trim();
  if (!comment) return null;
  const { controller } = deps;
  return told(
    await controller.planEditing.review(() => {
      const ledger = controller.planLedger;
      const data = commentOn(ledger.review, ledger.plan?.seq, content, comment.slice(0, MAX_COMMENT_CHARS));
      return data === null ? noItem() : { type: 'plan/comment', data };
    }),
  );
}

/** Resolve Comment: the comment at `arg` (its seq), or one the user picks of the item's open comments. */
export async function resolveComment(deps: PlanReviewCommandDeps, arg: unknown): Promise<PlanEditOutcome | null> {
  const { controller } = deps;
  const open = listComments(controller.planLedger.review).filter((c) => c.state !== 'resolved');
  let seq = typeof arg === 'number' ? arg : undefined;
  if (seq === undefined) {
    const content = itemContent(deps, arg);
    const mine = open.filter((c) => content === null || c.item === content);
    const picked = await vscode.window.showQuickPick(
      mine.map((c) => ({ label: c.text, description: c.item ?? '', seq: c.seq })),
      {
        title: vscode.l10n.t('Agent Checklist: Resolve Comment'),
        placeHolder: vscode.l10n.t('The comment to resolve'),
      },
    );
    seq = picked?.seq;
  }
  if (seq === undefined) return null;
  const commentSeq = seq;
  return told(
    await controller.planEditing.review(() =>
      open.some((c) => c.seq === commentSeq)
        ? { type: 'plan/comment-resolved', data: { commentSeq } }
        : vscode.l10n.t('no open comment {0}.', commentSeq),
    ),
  );
}

/**
 * Send Comments: the unresolved comments in one message (core/plan/comments-message.ts): the rejection's feedback
 * while this window's turn waits on a proposed plan, else the next prompt (an ACP agent's too). Resolves with what it
 * did.
 */
export async function sendComments(deps: PlanReviewCommandDeps): Promise<'rejected' | 'sent' | 'none'> {
  const { controller, planReview } = deps;
  const message = unresolvedCommentsMessage(controller.planLedger.review);
  if (message === null) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Checklist: no comment is unresolved.'));
    return 'none';
  }
  if (planReview.waiting?.sessionId === controller.session?.id && controller.planState?.review?.stage === 'proposed') {
    await vscode.commands.executeCommand('agentChecklist.rejectPlan', message);
    return 'rejected';
  }
  await vscode.commands.executeCommand('agentChecklist.sendPrompt', message);
  return 'sent';
}
