// The shown session as the Agent view's header and banners show it, and as Export Plan writes it.
import * as vscode from 'vscode';
import type { SessionView } from '../../core/protocol/messages';
import type { Session } from '../../core/session/session';
import type { OpenedSession } from './opened-session';
import type { SessionPreview } from './session-preview';
import { planNoticeOfLog, type PlanNotice } from '../../core/import/plan-notice';
import { FOLLOWED_AGENTS } from '../../core/import/followed-agents';
import { hasPlanVersion } from '../../core/plan/plan-history';
import { noticeHoldsKnown } from './plan-tool-config';
import { keptBeside } from '../../core/session/header';

/**
 * Its id and title; read-only, and who writes it when another program does (`writer`);
 * the other agent's own file it was made from (and whether its comments are kept beside it, read-only); why it has no
 * plan, when its agent withheld its plan tools. A large
 * session's preview shows as
 * opening (read-only until the open lands). Null when none is shown.
 */
export function sessionViewOf(
  opened: OpenedSession | null,
  writer: string | undefined,
  preview: SessionPreview | null,
): SessionView | null {
  if (preview) return { id: preview.id, title: preview.title, readOnly: true, opening: true };
  if (!opened) return null;
  const { session, readOnly } = opened;
  const view = { id: session.id, title: session.header.title ?? null, readOnly };
  const beside = readOnly && keptBeside(session.header);
  const agentFile = agentFileOf(opened);
  const notice = planNoticeOf(opened.session);
  const planNotice = notice && {
    agentId: notice.agent.id,
    text: vscode.l10n.t(notice.off.text),
    button: vscode.l10n.t(notice.off.action.label),
  };
  return {
    ...view,
    ...(writer === undefined ? {} : { writer }),
    ...(agentFile === undefined ? {} : { agentFile }),
    ...(planNotice === undefined ? {} : { planNotice }),
    ...(beside ? { commentsBeside: true as const } : {}),
  };
}

/** The other agent's own session file the session was made from (import, followAgents), if it was. */
export function agentFileOf(opened: OpenedSession | null): string | undefined {
  const source = opened?.session.header.source;
  return source?.kind === 'imported' ? source.file : undefined;
}

/**
 * The plan and its history as Markdown (Export Plan), each item's changes from the workspace's checkpoints; a followed
 * session's comments and checks from its side logs beside the log.
 */
export async function exportSessionMarkdown(opened: OpenedSession, checkpointsBase: string): Promise<string> {
  const { session, path: logPath } = opened;
  const cwd = session.header.cwd;
  // The export's fold and Markdown writer: a lazy module (dist/plan-export.js), loaded at the first export, as are
  // the checkpoints' shadow repository and the side logs' readers it reads.
  const { exportPlan, exportPlanMarkdown } = await import('../../core/presenters/plan-export');
  const { ShadowRepo } = await import('../../core/checkpoints/shadow-repo');
  const { sideCommentsOf } = await import('../../core/store/side-comments');
  const { checksOnSide, readSideChecks } = await import('../../core/store/side-checks');
  const checkpoints = cwd === undefined ? null : ShadowRepo.of(checkpointsBase, cwd);
  const side = {
    comments: sideCommentsOf(logPath, session.header),
    checks: checksOnSide(session.header) ? readSideChecks(logPath) : [],
  };
  const events = await session.loadEvents();
  return exportPlanMarkdown(await exportPlan(session.header, events, new Date(), checkpoints, side));
}

/**
 * Why `session` shows no plan, when its agent withheld its plan tools and it has no plan version
 * (core/import/plan-notice.ts).
 */
export function planNoticeOf(session: Session | null): PlanNotice | undefined {
  if (session === null || session.header.source?.kind !== 'imported') return undefined;
  const notice = planNoticeOfLog(session.header.source, hasPlanVersion(session.events), FOLLOWED_AGENTS);
  // A rule that reads the agent's configuration holds by its last answer (plan-tool-config.ts).
  return notice !== undefined && noticeHoldsKnown(notice) ? notice : undefined;
}
