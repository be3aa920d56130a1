// The plan family of host messages (reducer.ts composes the families): the standing
// plan, with what it newly completed for the live region, and the plan history.
import type { HostMessageHandlers, PlanView } from '@core/protocol/messages';
import type { ViewState } from './view-state';

/** The plan's messages' effects on the view. */
export const planHandlers: Pick<HostMessageHandlers<ViewState>, 'plan' | 'planHistory' | 'planVersion'> = {
  plan: (view, message) => {
    // A plan message that completes nothing (its items' evidence or time changed) keeps the announcement standing.
    const completed = newlyCompleted(view.plan, message.plan);
    return {
      ...view,
      plan: message.plan,
      announcement: completed.length > 0 || message.plan === null ? { at: message.seq, completed } : view.announcement,
    };
  },
  planHistory: (view, message) => ({
    ...view,
    history: message.history,
    historyRevealed: message.reveal ? message.seq : view.historyRevealed,
  }),
  planVersion: (view, message) => {
    const history = view.history;
    // closed, or already in the whole list
    if (!history || history.some((v) => v.seq === message.version.seq)) return view;
    return { ...view, history: [...history, message.version] };
  },
};

/** Contents completed in `next` that were not completed in `previous` (a cleared plan completes nothing). */
function newlyCompleted(previous: PlanView | null, next: PlanView | null): string[] {
  if (!next) return [];
  const before = new Set(previous?.todos.filter((t) => t.status === 'completed').map((t) => t.content));
  return next.todos.filter((t) => t.status === 'completed' && !before.has(t.content)).map((t) => t.content);
}
