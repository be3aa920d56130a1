// A followed agent's new session without a plan because its plan tool is off is shown
// as soon as it is seen, the way a plan write is (session-switcher.ts, under the same
// rules: agentChecklist.followExternal `latest`, never over a turn of ours or a pick
// still loading), so the Plan view's empty view and the Agent view explain why no plan
// shows (core/import/plan-notice.ts). A session is not taken as one whose plan tool is
// off when its agent's configuration turns it on now (plan-tool-config.ts).
import { FOLLOWED_AGENTS } from '../../core/import/followed-agents';
import { planNoticeOfLog } from '../../core/import/plan-notice';
import { noticeHoldsNow } from './plan-tool-config';
import { isOwnSession, listFolderSessions, type FolderSession, type PlanWrite } from './session-folders';

/** The session a new log is, when it has no plan and its agent's plan tool is off; undefined otherwise. */
export async function noticeSession(added: PlanWrite): Promise<FolderSession | undefined> {
  if (added.seq > 0) return undefined; // it has a plan: followed as a plan write
  const target = listFolderSessions([added.folder]).find((s) => s.path === added.path);
  const source = target?.header.source;
  if (target === undefined || isOwnSession(target) || source?.kind !== 'imported') return undefined;
  const notice = planNoticeOfLog(source, false, FOLLOWED_AGENTS);
  return notice !== undefined && (await noticeHoldsNow(notice)) ? target : undefined;
}
