// The status bar item: `$(checklist) <done>/<total> · <first active>` (+n for the
// other active items) while a plan stands, the checklist icon replaced by a spinner
// while a turn runs, a Markdown tooltip listing the whole plan, hidden otherwise.
// Clicking it focuses the Plan view.
import * as vscode from 'vscode';
import type { TodoStatus } from '../core/domain-literals';
import { statusBarSummary, stripHeader } from '../core/plan/summaries';
import type { StandingPlan } from '../core/plan/todos-projection';
import { statusLabel } from './plan-tree';
import type { SessionController } from './session-controller';

export const STATUS_BAR_ITEM_ID = 'agentChecklist.plan';

const GLYPH: Record<TodoStatus, string> = { completed: '$(pass)', in_progress: '$(sync)', pending: '$(circle-large-outline)' };

/** The whole plan as a Markdown list with a codicon per item; model text is escaped, never markup. */
export function planTooltip(plan: NonNullable<StandingPlan>, running: boolean): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.appendMarkdown(`**${vscode.l10n.t('Plan')}**`);
  md.appendText(` · ${stripHeader(plan)}${running ? ` · ${vscode.l10n.t('the agent is working')}` : ''}`);
  md.appendMarkdown('\n\n');
  for (const item of plan) {
    md.appendMarkdown(`${GLYPH[item.status]} `);
    md.appendText(item.content);
    md.appendMarkdown(item.status === 'pending' ? '\n\n' : ` _(${statusLabel(item.status)})_\n\n`);
  }
  md.appendMarkdown(`_${vscode.l10n.t('Click to show the Plan view.')}_`);
  return md;
}

export class PlanStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];
  private shown = false;

  constructor(private readonly controller: SessionController) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Agent Checklist Plan');
    this.item.command = 'agentChecklist.focusPlan';
    this.subscriptions = [controller.onDidChangePlan(() => this.render()), controller.onDidChangeRun(() => this.render())];
    this.render();
  }

  /** What the item shows now (for the test API): its text, or null when hidden. */
  get text(): string | null {
    return this.shown ? this.item.text : null;
  }

  /** The tooltip's Markdown source (for the test API), or null when hidden. */
  get tooltip(): string | null {
    const tooltip = this.item.tooltip;
    if (!this.shown || tooltip === undefined) return null;
    return typeof tooltip === 'string' ? tooltip : tooltip.value;
  }

  private render(): void {
    const plan = this.controller.standingPlan;
    const summary = statusBarSummary(plan);
    if (summary === null || plan === null) {
      this.item.hide();
      this.shown = false;
      return;
    }
    const running = this.controller.runView.state === 'running';
    this.item.text = `${running ? '$(loading~spin)' : '$(checklist)'} ${summary}`;
    this.item.tooltip = planTooltip(plan, running);
    this.item.accessibilityInformation = { label: vscode.l10n.t('Plan: {0}', summary) };
    this.item.show();
    this.shown = true;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
