// One host open of a session log (bench/open.bench.ts), in a process of its own so
// its heap can be capped: the session list's open (openSessionAsync: previewed from
// the log's tail, then streamed, the lock taken, the folds made while reading), the
// latest page's view as the preview's snapshot posts it (the page is painted then),
// and the Agent view's folds (ShownSession) once the open lands. Args: <sessions
// folder> <warm-up id> <id>; prints the measurement (Opened) as JSON.
import * as os from 'node:os';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { StandingPlan } from '../extension/src/core/plan/todos-projection';
import { planView } from '../extension/src/core/plan/plan-presenter';
import { SessionStore } from '../extension/src/core/store/session-store';
import { openSessionAsync } from '../extension/src/vscode/session/session-opening';
import { readTranscriptPage, ShownSession } from '../extension/src/vscode/session/shown-session';
import { measure } from './open.bench';
import { now } from './stats';

const ignore = (): void => undefined;

async function openInHost(
  store: SessionStore,
  id: string,
): Promise<{ pageMs: number; items: number; keep: unknown; close: () => void }> {
  const t0 = now();
  const painted: { ms: number; items: number; plan: StandingPlan | undefined }[] = [];
  const result = await openSessionAsync(store, ignore, id, undefined, (preview) => {
    const tail = readTranscriptPage(preview.path);
    const view = structuredClone({ items: tail.items, cursor: tail.cursor, plan: planView(preview.plan ?? null) });
    painted.push({ ms: now() - t0, items: view.items.length, plan: preview.plan });
  });
  if (!result.opened) throw new Error(result.error ?? `session ${id} not opened`);
  const shown = new ShownSession(
    result.opened,
    { plan: ignore, ledger: ignore, items: ignore, event: ignore },
    path.join(os.tmpdir(), 'ac-open-checkpoints'),
  );
  const page = painted[0];
  if (page === undefined) throw new Error(`session ${id} was not previewed`);
  if (page.plan !== undefined && !isDeepStrictEqual(page.plan, shown.standingPlan))
    throw new Error('the preview showed another plan than the opened session');
  const opened = result.opened;
  return {
    pageMs: page.ms,
    items: page.items,
    keep: shown,
    close: () => {
      shown.dispose();
      opened.dispose();
    },
  };
}

async function main(): Promise<void> {
  const [dir, warmId, id] = process.argv.slice(2);
  if (!dir || !warmId || !id) throw new Error('usage: open-host-child <sessions folder> <warm-up id> <id>');
  const store = new SessionStore(dir);
  (await openInHost(store, warmId)).close();
  let close = ignore;
  const opened = await measure(async () => {
    const o = await openInHost(store, id);
    close = o.close;
    return o;
  });
  close();
  process.stdout.write(JSON.stringify(opened));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
