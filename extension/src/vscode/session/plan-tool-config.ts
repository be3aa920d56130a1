// What a followed agent's own configuration says of its plan tool now, for the host's
// notice (session-view.ts planNoticeOf), when the agent's rule reads it (its
// descriptor's `planToolOff.leftOff`, core/import/followed-agent.ts). What reads it is
// loaded at the first question, never at the host's start. Until an agent's first answer,
// its notice is not shown; each answer that differs from the last is told
// (onDidChangePlanToolConfig), so the notice follows the file.
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { PlanNotice } from '../../core/import/plan-notice';
import type { Session } from '../../core/session/session';

const known = new Map<string, boolean | undefined>();
const reading = new Map<string, Promise<void>>();
const changes = new vscode.EventEmitter<void>();

/** Fires when what an agent's configuration says changed (a notice may come or go). */
export const onDidChangePlanToolConfig = changes.event;

/** `listener` runs when an answer changed while `shown()` is a followed session (its notice may come or go). */
export function onPlanToolConfigChange(shown: () => Session | null, listener: () => void): vscode.Disposable {
  return changes.event(() => {
    if (shown()?.header.source?.kind === 'imported') listener();
  });
}

/** Whether `notice` holds by the last answer (true when its rule reads no configuration); asks again. */
export function noticeHoldsKnown(notice: PlanNotice): boolean {
  if (notice.off.leftOff === undefined) return true;
  refresh(notice);
  return known.get(notice.agent.id) === true;
}

/** Whether `notice` holds once the agent's configuration has been read (again, if it changed). */
export async function noticeHoldsNow(notice: PlanNotice): Promise<boolean> {
  if (notice.off.leftOff === undefined) return true;
  await refresh(notice);
  return known.get(notice.agent.id) === true;
}

function refresh({ agent, off }: PlanNotice): Promise<void> {
  const pending = reading.get(agent.id);
  if (pending !== undefined) return pending;
  const read = (async () => {
    const now = await off.leftOff?.(agent.home(process.env, os.homedir()));
    if (known.has(agent.id) && known.get(agent.id) === now) return;
    known.set(agent.id, now);
    changes.fire();
  })()
    .catch(() => undefined)
    .finally(() => reading.delete(agent.id));
  reading.set(agent.id, read);
  return read;
}
