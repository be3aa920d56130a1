// The Markdown parser's worker thread (its own lazy bundle, dist/markdown-worker.js; see
// markdown-parser.ts): parses one answer per message and posts its tree back. It says
// `ready` once the parser is loaded, so a parse's deadline never counts the load.
import { parentPort } from 'node:worker_threads';
import * as z from 'zod/mini';
import { markdownTree } from './markdown-tree';

const requestSchema = z.strictObject({ id: z.number(), text: z.string() });
const port = parentPort;
if (port) {
  port.on('message', (message: unknown) => {
    const request = requestSchema.parse(message);
    port.postMessage({ id: request.id, tree: markdownTree(request.text) });
  });
  port.postMessage({ ready: true });
}
