// Claude Code's hidden plan in the editor. A shown session whose agent withheld its plan
// tools (core/import/plan-notice.ts) is explained where its plan would be: the Agent
// view's page gets the notice in the session view (session-view.ts), the Plan view's
// empty view shows it while context key `agentChecklist.planNotice` names it. Both offer
// Agent Checklist: Turn On Claude Code's Task List, which shows the exact change to
// Claude Code's user settings and writes it only once the user confirms (Turn On).
// (The context key names any agent's notice, its descriptor's `planToolOff.notice`;
// Codex's offers Agent Checklist: Turn On Codex's Plan Tool, codex-plan-tool-enable.ts.)
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import type { SessionController } from '../controller/session-controller';
import { onDidChangePlanToolConfig } from '../session/plan-tool-config';
import { planNoticeOf } from '../session/session-view';

const ENABLE_CLAUDE_CODE_TASKS_COMMAND = 'agentChecklist.enableClaudeCodeTasks';
const ENABLE_CODEX_PLAN_TOOL_COMMAND = 'agentChecklist.enableCodexPlanTool';
const PLAN_NOTICE_CONTEXT = 'agentChecklist.planNotice';

/** Keeps the Plan view's notice in step with the shown session, and registers the command. */
export class ClaudeCodeTasks extends Owner {
  private shown: string | undefined;

  constructor(private readonly controller: SessionController) {
    super();
    // After either command the notice is asked again (the configuration it reads changed).
    this.register(
      vscode.commands.registerCommand(ENABLE_CLAUDE_CODE_TASKS_COMMAND, async () => {
        const outcome = await (await import('./claude-code-tasks-enable')).enableClaudeCodeTasks();
        this.update();
        return outcome;
      }),
    );
    this.register(
      vscode.commands.registerCommand(ENABLE_CODEX_PLAN_TOOL_COMMAND, async () => {
        const outcome = await (await import('./codex-plan-tool-enable')).enableCodexPlanTool();
        this.update();
        return outcome;
      }),
    );
    this.register(controller.onDidChangeSession(() => this.update()));
    this.register(onDidChangePlanToolConfig(() => this.update()));
    // Only a session shown with the notice can lose it (its agent's first plan write).
    this.register(controller.onDidChangePlan(() => this.shown !== undefined && this.update()));
    this.register(toDisposable(() => void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, '')));
    this.update(true);
  }

  private update(force = false): void {
    const notice = planNoticeOf(this.controller.session)?.off.notice;
    if (notice === this.shown && !force) return;
    this.shown = notice;
    void vscode.commands.executeCommand('setContext', PLAN_NOTICE_CONTEXT, notice ?? '');
  }
}
