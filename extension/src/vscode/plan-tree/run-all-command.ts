// Run All Items (agentChecklist.plan.runAll: the Plan view's title menu and the strip's
// row menu): the shown session's pending items one after another, each its own turn in
// the session's agent, started as Start This Item starts one (an item whose
// dependencies are met first). The rules are core's (core/plan/run-all-items.ts, as the
// CLI's `run --all`): the next item starts only if the last one ended completed with no
// flag; otherwise the run stops and a warning names the item and why (its flag, the
// turn's error, Stop). Stop of the running turn ends the whole run; so does showing
// another session. Items added meanwhile run too; removed ones are skipped. While it
// runs, the Plan view's message says where it is ("Running all items: 2 of 5"), and the
// running turn's view carries it (with the item's text) for the strip to paint.
// Refused, with the reason, while a turn or another run is under way.
//
// Resolves with the run's items (core's RunAllResult), undefined when nothing ran. Loaded
// with plan-work-run.ts at the first of the plan's work commands (plan-work-commands.ts).
import * as vscode from 'vscode';
import { oneLine } from '../../core/plan/one-line';
import { itemEvidence } from '../../core/plan/plan-flags';
import { runAllItems, type RunAllNow, type RunAllResult } from '../../core/plan/run-all-items';
import { readyItems } from '../../core/plan/task-files/ready-items';
import type { TurnEndReason } from '../../core/session/events';
import type { SessionController } from '../controller/session-controller';
import type { PlanNode } from './plan-tree-model';

/** An item's text in a notification: one line, bounded, with no link syntax a notification would follow. */
const MAX_ITEM_WORDS = 80;

export interface RunAllDeps {
  controller: SessionController;
  view: vscode.TreeView<PlanNode>;
  /** Starts item `content` as Start This Item does: its turn's end; undefined: it did not start (the user was told). */
  startItem: (content: string) => Promise<TurnEndReason | undefined>;
}

function warn(message: string): undefined {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0}', message));
  return undefined;
}

function itemWords(content: string): string {
  const line = oneLine(content).replace(/\]\(/g, '] (');
  return line.length <= MAX_ITEM_WORDS ? line : `${line.slice(0, MAX_ITEM_WORDS - 1)}…`;
}

/** The shown session as the run reads it. */
function nowOf(controller: SessionController): RunAllNow {
  const plan = controller.standingPlan;
  const ledger = controller.planLedger;
  const records = controller.recordsToolCalls;
  const now = new Date();
  return {
    plan,
    ready: readyItems(plan ?? [], controller.tasks),
    flagOf: (content) => itemEvidence(ledger, content, records, now)?.flag ?? null,
  };
}

/** The run's end in a notification: where it stopped and why, or how many items it completed (all of them). */
function tell(result: RunAllResult): void {
  const { stop, items } = result;
  if (stop !== undefined) {
    const why = stop.why ?? stop.outcome;
    const text = vscode.l10n.t('Run All Items stopped at item {0} ({1}): {2}', stop.n, itemWords(stop.content), why);
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0}', text));
    return;
  }
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Agent Checklist: Run All Items completed {0} items.', items.length),
  );
}

/** The sessions' controllers whose Run All Items is under way (one run per window). */
const running = new WeakSet<SessionController>();

export async function runAllItemsOf(deps: RunAllDeps): Promise<RunAllResult | undefined> {
  const { controller, view } = deps;
  if (running.has(controller)) return warn(vscode.l10n.t('Run All Items is running already.'));
  if (controller.turns.busy)
    return warn(vscode.l10n.t('a turn is running: wait for it to end or stop it, then run the items.'));
  const session = controller.session;
  const plan = controller.standingPlan ?? [];
  if (session === null || !plan.some((t) => t.status === 'pending'))
    return warn(vscode.l10n.t('the plan has no pending item to run.'));
  running.add(controller);
  try {
    const result = await runAllItems({
      now: () => nowOf(controller),
      runItem: async (_index, content) => {
        const turnEnd = await deps.startItem(content);
        return turnEnd === undefined ? { turnEnd: null, error: vscode.l10n.t('the item did not start') } : { turnEnd };
      },
      stopped: () => controller.session !== session,
      onProgress: (p) => {
        view.message = vscode.l10n.t('Running all items: {0} of {1}', p.at, p.of);
        controller.turns.showRunAll({ ...p, content: itemWords(p.content) });
      },
    });
    if (controller.session === session) tell(result);
    return result;
  } finally {
    running.delete(controller);
    view.message = '';
    controller.turns.showRunAll(undefined);
  }
}
