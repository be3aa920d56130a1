// A followed agent's hidden plan in the editor. A shown session whose agent withheld its
// plan tool (core/import/plan-notice.ts) is explained where its plan would be: the Agent
// view's page gets the notice in the session view (session-view.ts), the Plan view's
// empty view shows it while context key `agentChecklist.planNotice` names it (the
// descriptor's `planToolOff.notice`). Both offer the descriptor's `planToolOff.action`:
// the agents' Turn On commands registered here, each of which shows the exact change to
// the agent's own configuration and writes it only once the user confirms (Turn On).
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import type { SessionController } from '../controller/session-controller';
import { onDidChangePlanToolConfig } from '../session/plan-tool-config';
import { planNoticeOf } from '../session/session-view';

const ENABLE_CLAUDE_CODE_TASKS_COMMAND = 'agentChecklist.enableClaudeCodeTasks';
const ENABLE_CODEX_PLAN_TOOL_COMMAND = 'agentChecklist.enableCodexPlanTool';
const PLAN_NOTICE_CONTEXT = 'agentChecklist.planNotice';

/** Keeps the Plan view's notice in step with the shown session, and registers the Turn On commands. */
export class PlanToolNotice extends Owner {
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
