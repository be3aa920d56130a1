// What a large session shows while its log is still being read (openSessionAsync
// streams a log over 8 MiB): its title and the plan its log's last bytes decide, read
// from the end at a bounded cost. Its latest transcript page is read from the log's
// end as any session's (SessionController.page). The surfaces show it as opening: no
// prompt, edit or ledger until the open lands and replaces it.
import type { StandingPlan } from '../../core/plan/todos-projection';
import { readHeader, type SessionStore } from '../../core/store/session-store';
import { readRecentPlan } from '../../core/store/tail-reader';

export interface SessionPreview {
  id: string;
  title: string | null;
  path: string;
  /** The standing plan, when the log's last PLAN_BYTES decide it; undefined: shown once the open lands. */
  plan: StandingPlan | undefined;
}

/** How far back the preview reads for the plan: a synchronous read on the host, so bounded. */
const PLAN_BYTES = 1 << 20;

/** The preview of session `id`, or null when its log cannot be read so (the open then says why). */
export function readSessionPreview(store: SessionStore, id: string): SessionPreview | null {
  const path = store.pathOf(id);
  try {
    const header = readHeader(path);
    return { id, title: header.title ?? null, path, plan: readRecentPlan(path, PLAN_BYTES) };
  } catch {
    return null;
  }
}
