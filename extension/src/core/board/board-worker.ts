// The plan board's worker thread (board-jobs.ts): the board's reads list folders and
// read logs' ends with synchronous calls, and its git runs start processes, so none of
// it runs on the extension host's event loop. Its own bundle, dist/board-worker.js
// (scripts/lazy-bundles.mjs). Each request gets one reply with its id.
import { parentPort } from 'node:worker_threads';
import { boardRequestSchema, runBoardJob, type BoardReply } from './board-jobs';

const port = parentPort;
if (port !== null) {
  port.on('message', (raw: unknown) => {
    const request = boardRequestSchema.safeParse(raw);
    if (!request.success) return;
    const { id, job } = request.data;
    runBoardJob(job).then(
      (reply) => port.postMessage({ id, ...reply } satisfies BoardReply),
      (error: unknown) =>
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies BoardReply),
    );
  });
}
