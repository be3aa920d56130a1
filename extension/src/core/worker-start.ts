// Starting one of our worker threads (scripts/lazy-bundles.mjs, WORKER_MODULES): each is
// a bundle of its own beside the bundle that starts it (dist/<name>.js). Under tsx (the
// tests, the bench) there is no bundle: the TypeScript entry beside the caller is loaded
// through tsx's CommonJS hook in the new thread.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Whether this module runs from its TypeScript source (tsx), not from a built bundle. */
const FROM_SOURCE = __filename.endsWith('.ts');

/**
 * The worker `name` (its entry's file name without extension) from `dir`, the caller's
 * `__dirname`: `dir/<name>.js` when built, `dir/<name>.ts` through tsx from source.
 */
export function startWorker(dir: string, name: string, fromSource: boolean = FROM_SOURCE): Worker {
  if (!fromSource) return new Worker(join(dir, `${name}.js`));
  const entry = join(dir, `${name}.ts`);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true });
}
