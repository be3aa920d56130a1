// The standing plan's view with its items' checks (issue 52): each item's `itemId` and
// its check's state as the host decides it (core/plan/check-states.ts), and the verified
// count, so the strip paints `verified`, `check failed: exit N`… and `3/5 · 2 verified`
// without deriving any of it. Pure: the checks' fold and the options the states need.
import { itemCheckViews, verifiedCount, type CheckOptions } from '../plan/check-states';
import type { ItemChecksState } from '../plan/item-checks';
import type { PlanView } from '../protocol/plan-view';

/** `view` with its items' ids and checks where the checks' latest version has the same items; else as it was. */
export function checkedPlanView(view: PlanView, state: ItemChecksState, options: CheckOptions = {}): PlanView {
  const items = state.version?.items ?? [];
  if (items.length !== view.todos.length || items.some((item, i) => item.content !== view.todos[i]?.content))
    return view;
  const checks = itemCheckViews(state, options);
  const verified = verifiedCount(checks);
  return {
    ...view,
    todos: view.todos.map((todo, i) => {
      const check = checks[i] ?? null;
      const itemId = items[i]?.itemId;
      return {
        ...todo,
        ...(itemId === undefined ? {} : { itemId }),
        ...(check === null ? {} : { check: { command: check.command, state: check.state, exitCode: check.exitCode } }),
      };
    }),
    ...(verified > 0 ? { verified } : {}),
  };
}
