// The plan history's views for the Agent view (core/protocol/plan-history-view.ts),
// presented from the history fold's versions: pure, one version at a time, so the
// host can post the whole list once and then each new version as it lands.
import type { TodoStatus } from '../domain-literals';
import type { PlanChangeView, PlanVersionView } from '../protocol/plan-history-view';
import { planDiffView } from './plan-diff-rows';
import { planView } from '../plan/plan-presenter';
import type { PlanChange } from '../plan/plan-changes';
import { driftEntries } from '../plan/plan-drift';
import type { PlanVersion } from '../plan/plan-history';
import { TODO_STATUSES } from '../plan/todo-schema';

const isStatus = (value: string | undefined): value is TodoStatus =>
  (TODO_STATUSES as readonly (string | undefined)[]).includes(value);

function planChangeView(change: PlanChange): PlanChangeView {
  switch (change.kind) {
    case 'status':
      // planChanges always sets both; a status it could not name reads as pending.
      return {
        kind: 'status',
        content: change.content,
        from: isStatus(change.from) ? change.from : 'pending',
        to: isStatus(change.to) ? change.to : 'pending',
      };
    case 'text':
      return { kind: 'text', content: change.content, from: change.from ?? '' };
    default:
      return { kind: change.kind, content: change.content };
  }
}

/** The view of the `number`-th version (1-based). */
export function planVersionView(version: PlanVersion, number: number): PlanVersionView {
  return {
    number,
    seq: version.seq,
    ts: version.ts,
    by: version.by,
    ...(version.origin ? { origin: version.origin } : {}),
    plan: planView(version.todos),
    changes: version.changes.map(planChangeView),
    diff: planDiffView(version.identified.before, version.identified.now, 'previous'),
    drift: driftEntries(version.todos, version.drift),
  };
}

/** Every version's view, in log order. */
export function planHistoryView(versions: readonly PlanVersion[]): PlanVersionView[] {
  return versions.map((v, i) => planVersionView(v, i + 1));
}
