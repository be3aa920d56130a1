// The status bar item: `$(checklist) <done>/<total> · <first active>` (+n for the
// other active items) while a plan stands, the checklist icon replaced by a spinner
// while a turn runs, a Markdown tooltip listing the whole plan, hidden otherwise.
// Clicking it focuses the Plan view. A plan-first proposal waiting for its decision
// reads `Plan proposed · <n> items` instead of the progress. An item in progress while the log has been
// silent for agentChecklist.stallMinutes (core/plan/plan-stall.ts decides) turns the
// item to the warning colours and the tooltip says since when; one timer, due when
// the stall would begin, is the only thing this adapter schedules. Flagged items (a
// completion that needs a second look: core/plan/plan-flags.ts) are counted in the
// tooltip and marked with a warning in its list.
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import type { TodoStatus } from '../../core/domain-literals';
import { flaggedItems, type FlaggedItem } from '../../core/plan/plan-flags';
import { planStall } from '../../core/plan/plan-stall';
import { planProgress, progressFraction, statusBarSummary, stripHeader } from '../../core/plan/summaries';
import { verifiedCount } from '../../core/plan/check-states';
import type { StandingPlan } from '../../core/plan/todos-projection';
import { flagWords } from '../plan-tree/plan-item-evidence';
import { statusLabel } from '../plan-tree/plan-tree';
import type { SessionController } from '../controller/session-controller';
import { onDidChangeSettings } from '../host/settings';
import { ShownSessionEvents } from '../controller/shown-session-events';

const STATUS_BAR_ITEM_ID = 'agentChecklist.plan';

const GLYPH: Record<TodoStatus, string> = {
  completed: '$(pass)',
  in_progress: '$(sync)',
  pending: '$(circle-large-outline)',
};

/** `14:05` (the UI language's clock) and how long ago, for the stall line. */
function stalledLine(since: string, nowMs: number): string {
  const time = new Intl.DateTimeFormat(vscode.env.language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(since),
  );
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000));
  return vscode.l10n.t('No log activity since {0} ({1} min), with an item in progress.', time, minutes);
}

/**
 * The whole plan as a Markdown list with a codicon per item (a warning and its words for a flagged one); model text is
 * escaped, never markup.
 */
function planTooltip(
  plan: NonNullable<StandingPlan>,
  running: boolean,
  stalled: string | null,
  flagged: readonly FlaggedItem[],
  verified = 0,
): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.appendMarkdown(`**${vscode.l10n.t('Plan')}**`);
  md.appendText(` · ${stripHeader(plan)}${running ? ` · ${vscode.l10n.t('the agent is working')}` : ''}`);
  md.appendMarkdown('\n\n');
  if (verified > 0) {
    // Items' checks (core/plan/check-states.ts): `3/5 · 2 verified`.
    md.appendMarkdown('$(verified) ');
    md.appendText(vscode.l10n.t('{0} · {1} verified', progressFraction(planProgress(plan)), verified));
    md.appendMarkdown('\n\n');
  }
  if (stalled !== null) {
    md.appendMarkdown('$(warning) ');
    md.appendText(stalled);
    md.appendMarkdown('\n\n');
  }
  if (flagged.length > 0) {
    md.appendMarkdown('$(warning) ');
    md.appendText(
      flagged.length === 1
        ? vscode.l10n.t('1 completed item needs a second look')
        : vscode.l10n.t('{0} completed items need a second look', flagged.length),
    );
    md.appendMarkdown('\n\n');
  }
  const flags = new Map(flagged.map((f) => [f.content, f.flag]));
  for (const item of plan) {
    const flag = flags.get(item.content);
    md.appendMarkdown(`${flag === undefined ? GLYPH[item.status] : '$(warning)'} `);
    md.appendText(item.content);
    if (item.status !== 'pending') md.appendMarkdown(` _(${statusLabel(item.status)})_`);
    if (flag !== undefined) md.appendText(` · ${flagWords(flag)}`);
    md.appendMarkdown('\n\n');
  }
  md.appendMarkdown(`_${vscode.l10n.t('Click to show the Plan view.')}_`);
  return md;
}

export interface PlanStatusBarOptions {
  /** agentChecklist.stallMinutes, read at each check. */
  stallMinutes: () => number;
}

export class PlanStatusBar extends Owner implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private shown = false;
  private stalledSince: string | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly controller: SessionController,
    private readonly options: PlanStatusBarOptions,
  ) {
    super();
    this.item = this.register(
      vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Left, 50),
    );
    this.item.name = vscode.l10n.t('Agent Checklist Plan');
    this.item.command = 'agentChecklist.focusPlan';
    this.register(toDisposable(() => clearTimeout(this.timer)));
    this.register(controller.onDidChangePlan(() => this.render()));
    this.register(controller.onDidChangeRun(() => this.render()));
    this.register(onDidChangeSettings(() => this.render()));
    // Any line ends a stall; a turn opening or closing starts or ends the watch.
    this.register(new ShownSessionEvents(controller)).onDidAppend((event) => {
      if (
        this.stalledSince !== null ||
        event.type === 'turn/start' ||
        event.type === 'turn/end' ||
        event.type.startsWith('plan/') ||
        event.type === 'check/result'
      )
        this.render();
    });
    this.render();
  }

  private render(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const plan = this.controller.standingPlan;
    const summary = statusBarSummary(plan);
    if (summary === null || plan === null) {
      this.item.hide();
      this.shown = false;
      this.stalledSince = null;
      return;
    }
    const session = this.controller.session;
    const now = Date.now();
    const stall = planStall(
      { plan, turnOpen: session?.openTurn != null, lastActivity: session?.lastEvent?.ts ?? null },
      now,
      this.options.stallMinutes(),
    );
    this.stalledSince = stall.stalled ? stall.since : null;
    // Due when the stall would begin; a line appended meanwhile only moves it later, so an early check just
    // reschedules.
    if (!stall.stalled && stall.checkAt !== null)
      this.timer = setTimeout(() => this.render(), Math.max(0, stall.checkAt - now) + 50);
    const running = this.controller.turns.runView.state === 'running';
    // Plan first: a proposal waiting for the user's decision says so instead of the progress.
    const proposed =
      this.controller.planState?.review?.stage === 'proposed'
        ? vscode.l10n.t('Plan proposed · {0} items', plan.length)
        : null;
    this.item.text =
      proposed !== null
        ? `$(checklist) ${proposed}`
        : `${stall.stalled ? '$(warning)' : running ? '$(loading~spin)' : '$(checklist)'} ${summary}`;
    const stalledText = stall.stalled ? stalledLine(stall.since, now) : null;
    const flagged = flaggedItems(this.controller.planLedger, this.controller.recordsToolCalls);
    const verified = verifiedCount(this.controller.checks.views());
    this.item.tooltip = planTooltip(plan, running, stalledText, flagged, verified);
    this.item.backgroundColor = stall.stalled ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.color = stall.stalled ? new vscode.ThemeColor('statusBarItem.warningForeground') : undefined;
    const label = proposed ?? vscode.l10n.t('Plan: {0}', summary);
    this.item.accessibilityInformation = { label: stalledText === null ? label : `${label}. ${stalledText}` };
    this.item.show();
    this.shown = true;
  }
}
