// One host open of a session log (bench/open.bench.ts), in a process of its own so
// its heap can be capped: the session list's open (openSessionAsync: streamed, the
// lock taken, the folds made while reading), the Agent view's folds (ShownSession)
// and the latest page's view as the snapshot posts it. Args: <sessions folder>
// <warm-up id> <id>; prints the measurement (Opened) as JSON.
import * as os from 'node:os';
import * as path from 'node:path';
import { planView } from '../extension/src/core/presenters/plan-view';
import { SessionStore } from '../extension/src/core/store/session-store';
import { openSessionAsync } from '../extension/src/vscode/session/opened-session';
import { readTranscriptPage, ShownSession } from '../extension/src/vscode/session/shown-session';
import { measure } from './open.bench';
import { now } from './stats';

const ignore = (): void => undefined;

async function openInHost(store: SessionStore, id: string): Promise<{ pageMs: number; items: number; keep: unknown; close: () => void }> {
  const t0 = now();
  const result = await openSessionAsync(store, ignore, id);
  if (!result.opened) throw new Error(result.error ?? `session ${id} not opened`);
  const shown = new ShownSession(result.opened, { plan: ignore, ledger: ignore, items: ignore, event: ignore }, path.join(os.tmpdir(), 'ac-open-checkpoints'));
  const page = readTranscriptPage(result.opened.path);
  const view = structuredClone({ items: page.items, cursor: page.cursor, plan: planView(shown.standingPlan) });
  const opened = result.opened;
  return {
    pageMs: now() - t0,
    items: view.items.length,
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
