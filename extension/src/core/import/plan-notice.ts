// Why a followed or imported session may show no plan although its agent worked: the
// agent did not offer its model a plan tool. Claude Code withholds TodoWrite and its
// Task tools from its newest models since 2.1.233 unless CLAUDE_CODE_ENABLE_TODO_TOOLS
// is set (in its environment, or in its settings' `env`); a session by such a build
// with no call of a plan tool is taken as one whose model was not offered them. Gemini
// CLI offers `write_todos` to its Gemini 2.x models only: a session with no call whose
// model is another (or, in one of our logs, which does not keep the model, any Gemini
// CLI session without a plan) is offered our `todo_write` through MCP instead. Codex
// offers `update_plan` since 0.152 only when its config.toml turns it on
// (core/codex-config.ts): a session by such a build with no call, while the config
// leaves the tool off by default, is one whose model was not offered it (a config that
// says `false` is the user's choice and gets no notice).
import * as path from 'node:path';
import type { SessionSource } from '../session/source';
import type { AgentSessionInfo } from './agent-plan';
import { CODEX_PLAN_TOOL_KEY, CODEX_PLAN_TOOL_OFF_SINCE, type CodexPlanTool } from '../codex-config';

/** The notices a session without a plan can carry (one per agent that can withhold its plan tool). */
export const PLAN_NOTICES = ['claude-code-tasks-off', 'gemini-no-plan-tool', 'codex-plan-tool-off'] as const;
export type PlanNotice = (typeof PLAN_NOTICES)[number];

/** The Claude Code build from which the plan tools are withheld unless turned on. */
export const CLAUDE_TASKS_WITHHELD_SINCE = '2.1.233';
export const CLAUDE_TODO_TOOLS_VARIABLE = 'CLAUDE_CODE_ENABLE_TODO_TOOLS';

/**
 * Whether dotted version `version` (e.g. `2.1.328`, a suffix after
 * `-` ignored) is at least `min`; false when it is not a version.
 */
export function versionAtLeast(version: string | undefined, min: string): boolean {
  const parts = (v: string): number[] | undefined => {
    const numbers = v.split('-')[0]!.split('.').map(Number);
    return numbers.every((n) => Number.isInteger(n) && n >= 0) ? numbers : undefined;
  };
  const have = version === undefined ? undefined : parts(version.trim());
  const want = parts(min)!;
  if (have === undefined) return false;
  for (let i = 0; i < Math.max(have.length, want.length); i++) {
    const [a, b] = [have[i] ?? 0, want[i] ?? 0];
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * From the agent's own file: its notice when its agent withheld the plan tools and the model called none
 * (`codexPlanTool`: what Codex's config says now; undefined when it could not be read).
 */
export function planNoticeOfFile(info: AgentSessionInfo, codexPlanTool?: CodexPlanTool): PlanNotice | undefined {
  if (info.agent === 'claude-code' && info.planCalls === 0 && versionAtLeast(info.version, CLAUDE_TASKS_WITHHELD_SINCE))
    return 'claude-code-tasks-off';
  if (
    info.agent === 'gemini-cli' &&
    info.planCalls === 0 &&
    info.model !== undefined &&
    !/^gemini-2\./.test(info.model)
  )
    return 'gemini-no-plan-tool';
  if (info.agent === 'codex' && info.planCalls === 0) return codexNotice(info.version, codexPlanTool);
  return undefined;
}

function codexNotice(version: string | undefined, codexPlanTool: CodexPlanTool | undefined): PlanNotice | undefined {
  return codexPlanTool === 'off-by-default' && versionAtLeast(version, CODEX_PLAN_TOOL_OFF_SINCE)
    ? 'codex-plan-tool-off'
    : undefined;
}

/** From one of our logs: the same rule on its header's source, `hasPlanVersion` standing for a plan call. */
export function planNoticeOfLog(
  source: SessionSource | undefined,
  hasPlanVersion: boolean,
  codexPlanTool?: CodexPlanTool,
): PlanNotice | undefined {
  if (source?.kind !== 'imported' || hasPlanVersion) return undefined;
  if (source.name === 'claude-code' && versionAtLeast(source.version, CLAUDE_TASKS_WITHHELD_SINCE))
    return 'claude-code-tasks-off';
  if (source.name === 'gemini-cli') return 'gemini-no-plan-tool';
  if (source.name === 'codex') return codexNotice(source.version, codexPlanTool);
  return undefined;
}

/** Claude Code's user settings file: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`. */
export function claudeSettingsFile(claudeConfigDir: string): string {
  return path.join(claudeConfigDir, 'settings.json');
}

/** The CLI's one-line warning for a notice (English; `settingsFile`: where the agent reads its settings or config). */
export function planNoticeWarning(notice: PlanNotice, info: AgentSessionInfo, settingsFile: string): string {
  switch (notice) {
    case 'claude-code-tasks-off':
      return (
        `warning: no plan: Claude Code ${info.version ?? ''} offers its model no task ` +
        `list (TodoWrite, TaskCreate) unless ${CLAUDE_TODO_TOOLS_VARIABLE}=1; add "env": ` +
        `{"${CLAUDE_TODO_TOOLS_VARIABLE}": "1"} to ${settingsFile} for its next sessions`
      );
    case 'gemini-no-plan-tool':
      return (
        `warning: no plan: Gemini CLI offers write_todos to Gemini 2.x models only, and this ` +
        `session's model is ${info.model ?? 'another'}; give Gemini CLI our todo_write through ` +
        `\`agent-checklist mcp\` (in the editor: Set Up for Another Agent…, Gemini CLI)`
      );
    case 'codex-plan-tool-off':
      return (
        `warning: no plan: Codex ${info.version ?? ''} offers its model no update_plan: its plan tool is off by ` +
        `default since ${CODEX_PLAN_TOOL_OFF_SINCE}; add [tools.update_plan] with enabled = true ` +
        `(${CODEX_PLAN_TOOL_KEY}) to ${settingsFile} for its next sessions`
      );
  }
}
