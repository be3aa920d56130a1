// The status bar item: `$(checklist) <done>/<total> · <first active>` while a plan
// stands, hidden otherwise. Clicking it focuses the Plan view.
import * as vscode from 'vscode';
import { planAsMarkdown } from '../core/plan/summaries';
import { statusBarSummary } from '../core/protocol/plan-view';
import type { SessionController } from './session-controller';

export const STATUS_BAR_ITEM_ID = 'agentChecklist.plan';

export class PlanStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscription: vscode.Disposable;
  private shown = false;

  constructor(private readonly controller: SessionController) {
    this.item = vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Agent Checklist Plan';
    this.item.command = 'agentChecklist.focusPlan';
    this.subscription = controller.onDidChangePlan(() => this.render());
    this.render();
  }

  /** What the item shows now (for the test API): its text, or null when hidden. */
  get text(): string | null {
    return this.shown ? this.item.text : null;
  }

  private render(): void {
    const plan = this.controller.standingPlan;
    const summary = statusBarSummary(plan);
    if (summary === null || plan === null) {
      this.item.hide();
      this.shown = false;
      return;
    }
    this.item.text = `$(checklist) ${summary}`;
    const tooltip = new vscode.MarkdownString(`**Plan**\n\n${planAsMarkdown(plan)}`);
    tooltip.isTrusted = false;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: `Plan: ${summary}` };
    this.item.show();
    this.shown = true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
