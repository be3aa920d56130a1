// A followed agent's new session without a plan because its plan tool is off is shown
// as soon as it is seen, the way a plan write is (session-switcher.ts, under the same
// rules: agentChecklist.followExternal `latest`, never over a turn of ours or a pick
// still loading), so the Plan view's empty view and the Agent view explain why no plan
// shows (core/import/plan-notice.ts). A Claude Code session is not taken as one whose
// task list is off when Claude Code's user settings turn it on.
import { agentHomes } from '../../core/import/agent-session-files';
import { claudeSettingsFile, planNoticeOfLog, type PlanNotice } from '../../core/import/plan-notice';
import type { PlanWrite } from '../external-sessions/external-sessions';
import { codexPlanToolNow } from '../external-sessions/codex-plan-tool-state';
import { isOwnSession, listFolderSessions, type FolderSession } from './session-folders';

/** The session a new log is, when it has no plan and its agent's plan tool is off; undefined otherwise. */
export async function noticeSession(added: PlanWrite): Promise<FolderSession | undefined> {
  if (added.seq > 0) return undefined; // it has a plan: followed as a plan write
  const target = listFolderSessions([added.folder]).find((s) => s.path === added.path);
  const source = target?.header.source;
  if (target === undefined || isOwnSession(target) || source?.kind !== 'imported') return undefined;
  const codex = source.name === 'codex' ? await codexPlanToolNow() : undefined;
  const notice = planNoticeOfLog(source, false, codex);
  if (notice === undefined || (await claudeTasksOn(notice))) return undefined;
  return target;
}

async function claudeTasksOn(notice: PlanNotice): Promise<boolean> {
  if (notice !== 'claude-code-tasks-off') return false;
  const { claudeTasksChange, readClaudeSettings } = await import('../../core/import/claude-settings');
  try {
    const file = claudeSettingsFile(agentHomes(process.env).claudeConfigDir);
    return claudeTasksChange(readClaudeSettings(file)).kind === 'already-on';
  } catch {
    return false;
  }
}
