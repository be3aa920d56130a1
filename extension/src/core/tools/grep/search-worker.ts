// grep's worker thread (search-thread.ts starts it): every search of a workspace with
// this machine's paths runs here, so neither ripgrep's output nor the JavaScript
// engine's reads and matching are ever on the event loop of the extension host or the
// CLI. Its own bundle, dist/search-worker.js (scripts/lazy-bundles.mjs).
import { parentPort, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { Workspace } from '../workspace';
import { BlockingNodeWorkspaceFs } from './blocking-fs';
import { preloadLinearEngine } from './linear-regex';
import { runSearch } from './run-search';
import { searchAskSchema, type SearchReply, type SearchRequest } from './search-messages';

const running = new Map<number, AbortController>();

/** How long the engines may keep this thread without a turn of its loop: a stop is heard within it. */
const TURN_MS = 20;

/** Gives the loop a turn when TURN_MS have passed since the last (the JS engine's calls block). */
function turnEvery(ms: number): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = Date.now();
  };
}

async function search(port: MessagePort, id: number, request: SearchRequest): Promise<void> {
  const stop = new AbortController();
  running.set(id, stop);
  try {
    const workspace = new Workspace(request.root, new BlockingNodeWorkspaceFs());
    const result = await runSearch(workspace, request, stop.signal, turnEvery(TURN_MS));
    if (stop.signal.aborted) return;
    port.postMessage(
      (result.ok
        ? { id, outcome: result.outcome }
        : { id, invalidPattern: result.invalidPattern }) satisfies SearchReply,
    );
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies SearchReply);
  } finally {
    running.delete(id);
  }
}

/** Whether RE2 was loaded ahead of a pattern (preloadWhenIdle). */
let preloaded = false;

/**
 * Loads RE2 (its wasm compiled: tens of ms of this thread) while no search runs, so a
 * later regular expression does not wait for it. Never ahead of a search that is
 * waiting or running: a literal never needs RE2, and a regular expression's search
 * starts rg before it compiles the pattern, so the load runs while rg searches.
 */
function preloadWhenIdle(): void {
  if (preloaded || running.size > 0) return;
  preloaded = true;
  try {
    preloadLinearEngine();
  } catch {
    // Not here: the first regular expression compiled reports why.
  }
}

const port = parentPort;
if (port !== null) {
  const onAsk = (raw: unknown): void => {
    const ask = searchAskSchema.safeParse(raw);
    if (!ask.success) return;
    if ('stop' in ask.data) running.get(ask.data.stop)?.abort();
    else void search(port, ask.data.id, ask.data.request);
  };
  // Asks posted while this thread started (a model that asks at once) are taken first:
  // queued 'message' events would come after the preload below.
  for (let queued = receiveMessageOnPort(port); queued !== undefined; queued = receiveMessageOnPort(port))
    onAsk(queued.message);
  port.on('message', onAsk);
  // The thread is started when a tool set gets grep (search-thread.ts), while the model
  // thinks: RE2's wasm is compiled then, once, if no search came first.
  setImmediate(preloadWhenIdle);
}
