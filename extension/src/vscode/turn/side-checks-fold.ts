// A followed (or imported) session's checks: its log's fold with its checks side log's
// events (core/plan/side-checks.ts, core/store/side-checks.ts). Required by
// shown-checks.ts when such a session is shown (a lazy module, LAZY_MODULES in
// scripts/lazy-bundles.mjs), so a window that never shows one does not load them.
import type { ItemChecksState } from '../../core/plan/item-checks';
import { foldChecksWithSide } from '../../core/plan/side-checks';
import type { SessionEvent } from '../../core/session/events';
import { readSideChecks } from '../../core/store/side-checks';

/** The checks of the log at `logPath` (its `events`) with its side log's. */
export function foldWithSide(events: readonly SessionEvent[], logPath: string): ItemChecksState {
  return foldChecksWithSide(events, readSideChecks(logPath));
}
