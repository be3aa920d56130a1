// Claude Code's hidden plan in the editor. A shown session whose agent withheld its plan
// tools (core/import/plan-notice.ts) is explained where its plan would be: the Agent
// view's page gets the notice in the session view (session-view.ts), the Plan view's
// empty view shows it while context key `agentChecklist.planNotice` names it. Both offer
// Agent Checklist: Turn On Claude Code's Task List, which shows the exact change to
// Claude Code's user settings and writes it only once the user confirms (Turn On).
// (The context key names any notice: Gemini CLI's offers the MCP set-up instead.)
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import type { PlanNotice } from '../../core/import/plan-notice';
import type { SessionController } from '../controller/session-controller';
import { planNoticeOf } from '../session/session-view';

export const ENABLE_CLAUDE_CODE_TASKS_COMMAND = 'agentChecklist.enableClaudeCodeTasks';
export const PLAN_NOTICE_CONTEXT = 'agentChecklist.planNotice';

/** Keeps the Plan view's notice in step with the shown session, and registers the command. */
export class ClaudeCodeTasks extends Owner {
  private shown: PlanNotice | undefined;

  constructor(private readonly controller: SessionController) {
    super();
    this.register(
      vscode.commands.registerCommand(ENABLE_CLAUDE_CODE_TASKS_COMMAND, async () =>
        (await import('./claude-code-tasks-enable')).enableClaudeCodeTasks(),
      ),
    );
    this.register(controller.onDidChangeSession(() => this.update()));
    // Only a session shown with the notice can lose it (its agent's first plan write).
    this.register(controller.onDidChangePlan(() => this.shown !== undefined && this.update()));
    this.register(toDisposable(() => void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, '')));
    this.update(true);
  }

  private update(force = false): void {
    const notice = planNoticeOf(this.controller.session);
    if (notice === this.shown && !force) return;
    this.shown = notice;
    void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, notice ?? '');
  }
}
