// startWorker: a built worker is the `.js` beside its starter; from source, the `.ts`
// entry runs through tsx's hook in the new thread. Real threads on real files.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../extension/src/core/worker-start';

/** The first message `worker` posts; the thread is ended after it. */
function firstMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', (message: unknown) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('startWorker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'worker-start-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'echo-worker.js'), "require('node:worker_threads').parentPort.postMessage('built');\n");
  writeFileSync(
    join(dir, 'echo-worker.ts'),
    "import { parentPort } from 'node:worker_threads';\nconst from: string = 'source';\nparentPort?.postMessage(from);\n",
  );

  it('starts the built .js beside the caller', async () => {
    assert.equal(await firstMessage(startWorker(dir, 'echo-worker', false)), 'built');
  });

  it('starts the .ts entry through tsx when running from source', async () => {
    assert.equal(await firstMessage(startWorker(dir, 'echo-worker', true)), 'source');
  });

  it('runs from source under tsx by default', async () => {
    assert.equal(await firstMessage(startWorker(dir, 'echo-worker')), 'source');
  });
});
