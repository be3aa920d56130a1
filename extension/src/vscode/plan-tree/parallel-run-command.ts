// What runs Run Items in Parallel… in the window (parallel-commands.ts says where it is
// and how its arguments come), loaded at the first use. The pending items whose
// dependencies are met (and whose branch from an earlier run is gone) are offered,
// all picked; then the agent (ours or a configured ACP agent) and how many run at once
// (3 unless changed, at most 8). A workspace that is not a git repository is refused
// with the reason; uncommitted changes to tracked files are named, with "Run from
// HEAD" offered (the user's changes stay untouched). The run is core's
// runItemsInParallel, the loop the CLI's `run --parallel` drives; its progress is in a
// notification and the Plan view's message; the notification's Cancel (Stop) ends the
// whole run, as showing another session does. Resolves with each item's result.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { PlanEditor } from '../../core/plan/plan-editor';
import { readyItems } from '../../core/plan/task-files/ready-items';
import { SessionStore } from '../../core/store/session-store';
import { checkRepo } from '../../core/worktrees/item-worktree';
import {
  DEFAULT_PARALLEL,
  MAX_PARALLEL,
  runItemsInParallel,
  type ParallelItem,
  type ParallelItemResult,
} from '../../core/worktrees/parallel-run';
import { agentPicks } from '../acp-agents/choose-agent';
import type { SessionController } from '../controller/session-controller';
import { childRunner } from './parallel-children';
import type { ParallelCommandDeps } from './parallel-commands';
import { openItemRun } from './plan-item-branch';

export { closeBranch } from './item-branch-close';

let running = false;

function warn(message: string): undefined {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0}', message));
  return undefined;
}

/** The items offered: pending, their dependencies met, no branch left from an earlier run. */
function offered(controller: SessionController): ParallelItem[] {
  const plan = controller.standingPlan ?? [];
  return readyItems(plan, controller.tasks)
    .filter((i) => openItemRun(controller.planLedger.itemRuns, plan[i]!.content) === null)
    .map((i) => ({ n: i + 1, content: plan[i]!.content }));
}

async function chooseItems(ready: ParallelItem[], given: unknown): Promise<ParallelItem[] | undefined> {
  if (Array.isArray(given)) return ready.filter((item) => given.includes(item.n));
  const picks = ready.map((item) => ({ label: `${item.n}. ${item.content}`, picked: true, item }));
  const chosen = await vscode.window.showQuickPick(picks, {
    title: vscode.l10n.t('Run Items in Parallel: the items'),
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return chosen?.map((pick) => pick.item);
}

async function chooseAgent(deps: ParallelCommandDeps, given: unknown): Promise<string | undefined> {
  if (typeof given === 'string') return given;
  const pick = await vscode.window.showQuickPick(agentPicks(deps.providers, deps.cwd()), {
    title: vscode.l10n.t('Run Items in Parallel: who works on each item?'),
    matchOnDescription: true,
  });
  return pick?.id;
}

async function chooseLimit(given: unknown): Promise<number | undefined> {
  if (typeof given === 'number') return given;
  const valid = (text: string): boolean => /^[1-9]\d*$/.test(text.trim()) && Number(text) <= MAX_PARALLEL;
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Run Items in Parallel: how many at once?'),
    value: String(DEFAULT_PARALLEL),
    validateInput: (t) => (valid(t) ? null : vscode.l10n.t('A number from 1 to {0}.', MAX_PARALLEL)),
  });
  return text === undefined || !valid(text) ? undefined : Number(text.trim());
}

/** The repository and HEAD to run from, or undefined (refused with the reason, or the user did not run from HEAD). */
async function repoToRun(root: string, fromHead: boolean): Promise<{ top: string; head: string } | undefined> {
  const clean = await checkRepo(root, fromHead);
  if (clean.ok) return clean;
  const anyway = await checkRepo(root, true);
  if (!anyway.ok) return warn(clean.why);
  const runFromHead = vscode.l10n.t('Run from HEAD');
  const asked = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Agent Checklist: {0}. Run from HEAD leaves your changes where they are, and out of the worktrees.',
      clean.why.replace(/, or run from HEAD anyway with --from-head.*$/, ''),
    ),
    { modal: true },
    runFromHead,
  );
  return asked === runFromHead ? anyway : undefined;
}

export async function runParallel(
  deps: ParallelCommandDeps,
  [itemsArg, agentArg, limitArg, fromHeadArg]: unknown[],
): Promise<ParallelItemResult[] | undefined> {
  const { controller, view } = deps;
  if (running) return warn(vscode.l10n.t('Run Items in Parallel is running already.'));
  if (controller.turns.busy) return warn(vscode.l10n.t('a turn is running: wait for it to end or stop it first.'));
  const session = controller.session;
  const logPath = controller.logPath;
  const ready = offered(controller);
  if (session === null || logPath === null || !controller.planEditing.canEdit || ready.length === 0)
    return warn(vscode.l10n.t('the plan has no pending item ready to run.'));
  const repo = await repoToRun(deps.cwd(), fromHeadArg === true);
  if (repo === undefined) return undefined;
  const items = await chooseItems(ready, itemsArg);
  if (items === undefined || items.length === 0) return undefined;
  const agent = await chooseAgent(deps, agentArg);
  if (agent === undefined) return undefined;
  const limit = await chooseLimit(limitArg);
  if (limit === undefined) return undefined;
  running = true;
  const abort = new AbortController();
  const switched = controller.onDidChangeSession(() => controller.session !== session && abort.abort());
  try {
    const title = vscode.l10n.t('Run Items in Parallel');
    const where = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
    return await vscode.window.withProgress(where, async (progress, token) => {
      token.onCancellationRequested(() => abort.abort());
      let started = 0;
      let ended = 0;
      const say = (): void => {
        const text = vscode.l10n.t('{0} of {1} items running, {2} done', started - ended, items.length, ended);
        view.message = text;
        progress.report({ message: text });
      };
      const store = new SessionStore(path.dirname(logPath));
      const children = childRunner(deps, { store, parentSession: session.id, agent, signal: abort.signal });
      const results = await runItemsInParallel(
        {
          parent: session,
          editor: new PlanEditor(session, { policy: () => ({ allowParallelInProgress: true }) }),
          repo,
          base: deps.worktreesBase,
          newChild: (item, place) => children.create(item, place),
          runChild: (item, place, child) => children.run(item, place, child),
          onStart: () => (started++, say()),
          onEnd: () => (ended++, say()),
        },
        items,
        limit,
      );
      tell(results);
      return results;
    });
  } finally {
    running = false;
    switched.dispose();
    view.message = '';
  }
}

function tell(results: readonly ParallelItemResult[]): void {
  const failed = results.filter((r) => r.outcome !== 'completed');
  if (failed.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Checklist: {0} items done, each on its own branch.', results.length),
    );
    return;
  }
  const lines = failed.map((r) => `${r.n}. ${r.content}: ${r.outcome}${r.why === undefined ? '' : ` (${r.why})`}`);
  warn(vscode.l10n.t('{0} of {1} items did not end completed: {2}', failed.length, results.length, lines.join('; ')));
}
