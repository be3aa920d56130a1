// Merge Item's Branch and Discard Item's Branch in the window (parallel-commands.ts says
// where they are): core's mergeItemBranch / discardItemBranch on the workspace's
// repository, as the CLI's `merge` / `discard` run them, then `item-run/closed` on the
// shown session's log. Discard asks first. A conflict aborts the merge (nothing changed)
// and the warning names the files. Refused, with the reason, while a turn runs.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { discardItemBranch, mergeItemBranch, type BranchOutcome } from '../../core/worktrees/item-branch';
import { gitText } from '../../core/worktrees/worktree-git';
import type { ParallelCommandDeps } from './parallel-commands';
import { openItemRun } from './plan-item-branch';

const itemArgSchema = z.union([
  z.string().check(z.minLength(1)),
  z.number().check(z.int(), z.minimum(1)),
  z.object({ kind: z.literal('item'), own: z.literal(true), item: z.object({ content: z.string() }) }),
]);

function warn(message: string): undefined {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0}', message));
  return undefined;
}

/** The item's text: a tree node's (else the selection's), its 1-based number, or the text itself. */
function contentOf(deps: ParallelCommandDeps, arg: unknown): string | null {
  const parsed = itemArgSchema.safeParse(arg ?? deps.view.selection[0]);
  if (!parsed.success) return null;
  const given = parsed.data;
  if (typeof given === 'number') return deps.controller.standingPlan?.[given - 1]?.content ?? null;
  return typeof given === 'string' ? given : given.item.content;
}

/** Merges or discards the item's branch; the outcome, or undefined when nothing was tried. */
export async function closeBranch(
  deps: ParallelCommandDeps,
  how: 'merge' | 'discard',
  arg: unknown,
  yes = false,
): Promise<BranchOutcome | undefined> {
  const { controller } = deps;
  const session = controller.session;
  const content = contentOf(deps, arg);
  if (session === null || content === null) return warn(vscode.l10n.t('choose an item of the plan.'));
  if (controller.turns.busy) return warn(vscode.l10n.t('a turn is running: wait for it to end or stop it first.'));
  const run = openItemRun(controller.planLedger.itemRuns, content);
  if (run === null) return warn(vscode.l10n.t('the item {0} has no branch.', content));
  if (how === 'discard' && !yes) {
    const discard = vscode.l10n.t('Discard');
    const asked = await vscode.window.showWarningMessage(
      vscode.l10n.t('Discard the branch {0} and its worktree? The work on it is lost.', run.branch),
      { modal: true },
      discard,
    );
    if (asked !== discard) return undefined;
  }
  let top: string;
  try {
    top = await gitText(deps.cwd(), ['rev-parse', '--show-toplevel']);
  } catch {
    return warn(vscode.l10n.t('{0} is not in a git repository.', deps.cwd()));
  }
  const branch = { n: run.n, content, branch: run.branch, worktree: run.worktree };
  const outcome = how === 'merge' ? await mergeItemBranch(top, branch) : await discardItemBranch(top, branch);
  if (!outcome.ok) {
    const text =
      how === 'merge'
        ? vscode.l10n.t("cannot merge the item's branch {0}: {1}", run.branch, outcome.why)
        : vscode.l10n.t("cannot discard the item's branch {0}: {1}", run.branch, outcome.why);
    warn(text);
    return outcome;
  }
  session.append('item-run/closed', { childSession: run.childSession, how: how === 'merge' ? 'merged' : 'discarded' });
  void vscode.window.showInformationMessage(
    how === 'merge'
      ? vscode.l10n.t('Agent Checklist: merged {0}.', run.branch)
      : vscode.l10n.t('Agent Checklist: discarded {0}.', run.branch),
  );
  return outcome;
}
