// grep's side of its worker thread (search-worker.ts): one thread per process, started
// when a tool set first gets grep (or at the first search) and shared by every search.
// It holds the process open only while a search is waiting (unref'd otherwise: it
// never keeps a CLI alive). A stopped search is told to the thread and answered at
// once; if the thread stops, what waits is rejected and the next search starts a new one.
import { brandedError } from '../../error-brand';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../worker-start';
import { type SearchAsk, type SearchRequest, searchReplySchema } from './search-messages';
import type { SearchResult } from './run-search';

class SearchThreadError extends brandedError('SearchThreadError') {}

/** The worker: the bundle beside this one, or under tsx its TypeScript entry. */
const newWorker = (): Worker => startWorker(__dirname, 'search-worker');

interface Waiting {
  resolve: (result: SearchResult) => void;
  reject: (error: Error) => void;
}

class SearchThread {
  private readonly worker = newWorker();
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly onStop: () => void) {
    this.worker.on('message', (raw: unknown) => this.settle(raw));
    this.worker.on('error', (error) => this.stop(`the search thread stopped: ${error.message}`));
    this.worker.on('exit', (code) => this.stop(`the search thread exited with code ${code}`));
    // After the listeners: adding a 'message' listener refs the thread again.
    this.worker.unref();
  }

  search(request: SearchRequest, signal: AbortSignal): Promise<SearchResult | 'stopped'> {
    if (signal.aborted) return Promise.resolve('stopped');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      const onAbort = (): void => {
        this.post({ stop: id });
        this.forget(id);
        resolve('stopped');
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal.removeEventListener('abort', onAbort);
      this.waiting.set(id, {
        resolve: (result) => (done(), resolve(result)),
        reject: (error) => (done(), reject(error)),
      });
      this.post({ id, request });
    });
  }

  private post(ask: SearchAsk): void {
    this.worker.postMessage(ask);
  }

  private forget(id: number): Waiting | undefined {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    return waiting;
  }

  private settle(raw: unknown): void {
    const reply = searchReplySchema.safeParse(raw);
    if (!reply.success) return;
    const waiting = this.forget(reply.data.id);
    if (waiting === undefined) return;
    if ('outcome' in reply.data) waiting.resolve({ ok: true, outcome: reply.data.outcome });
    else if ('invalidPattern' in reply.data) waiting.resolve({ ok: false, invalidPattern: reply.data.invalidPattern });
    else waiting.reject(new SearchThreadError(reply.data.error));
  }

  private stop(why: string): void {
    this.onStop();
    for (const waiting of this.waiting.values()) waiting.reject(new SearchThreadError(why));
    this.waiting.clear();
    void this.worker.terminate();
  }
}

let thread: SearchThread | null = null;

function sharedThread(): SearchThread {
  const current = (thread ??= new SearchThread(() => {
    if (thread === current) thread = null;
  }));
  return current;
}

/**
 * Starts the shared thread ahead of the first search (when a tool set gets grep), so
 * its start and its bundle's load run while the model thinks, not when it asks.
 */
export function warmSearchThread(): void {
  sharedThread();
}

/** Runs one search on the shared thread; 'stopped' as soon as `signal` aborts. */
export function searchOnThread(request: SearchRequest, signal: AbortSignal): Promise<SearchResult | 'stopped'> {
  return sharedThread().search(request, signal);
}
