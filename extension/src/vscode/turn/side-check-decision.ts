// Set Check… / Remove Check / a Run Check's acceptance on a followed (or imported)
// session the window shows: the log is the follower's and a re-import rewrites it, so
// the decision goes to its checks side log (core/store/side-checks.ts) after the log's
// last event, naming the item by its text and id as the checks' fold knows it.
import * as vscode from 'vscode';
import type { ItemChecksState } from '../../core/plan/item-checks';
import type { CheckDecision, PlanEditOutcome } from '../../core/plan/plan-editor';
import type { Session } from '../../core/session/session';
import { isSessionLockedError } from '../../core/store/lock';
import { appendSideCheck } from '../../core/store/side-checks';

/** Appends `decision` to the checks side log of `logPath` (the session `session` shows). */
export function decideCheckOnSide(
  logPath: string,
  session: Session,
  state: ItemChecksState,
  decision: CheckDecision,
): PlanEditOutcome {
  const { item, itemId } = decision.data;
  const items = state.version?.items ?? [];
  const found = items.find((i) => i.itemId === itemId) ?? items.find((i) => i.content === item);
  if (found === undefined) return { kind: 'refused', message: vscode.l10n.t('the plan has no item "{0}"', item) };
  const named = { ...decision.data, item: found.content, itemId: found.itemId };
  try {
    const event =
      decision.type === 'plan/check-set'
        ? appendSideCheck(logPath, session.lastSeq, decision.type, named)
        : appendSideCheck(logPath, session.lastSeq, decision.type, { ...named, command: decision.data.command });
    return { kind: 'applied', event };
  } catch (error) {
    if (!isSessionLockedError(error)) throw error;
    return {
      kind: 'refused',
      message: vscode.l10n.t('process {0} is changing the checks of this session; try again.', error.pid),
    };
  }
}
