// The Markdown parser's worker thread (its own lazy bundle, dist/markdown-worker.js; see
// markdown-parser.ts): parses one answer per message and posts its tree back. It says
// `ready` once the parser is loaded and has parsed a small sample of every kind of
// block once (a fresh isolate runs the parser's code cold, several times slower), so a
// parse's deadline counts neither the load nor the warm-up.
import { parentPort } from 'node:worker_threads';
import * as z from 'zod/mini';
import { markdownTree } from './markdown-tree';
import { currentThreadId } from './thread-cpu';

const requestSchema = z.strictObject({ id: z.number(), text: z.string() });
const WARM_UP =
  '# Heading\n\nSome *emphasis*, **strong**, ~~gone~~, `code` and a [link](https://example.com) ' +
  '<b>raw</b>.\n\n> a quote\n\n1. one\n2. two\n\n- [x] done\n- [ ] not yet\n\n| a | b ' +
  '|\n|---|:-:|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n[ref]: https://example.com\n';
const port = parentPort;
if (port) {
  port.on('message', (message: unknown) => {
    const request = requestSchema.parse(message);
    port.postMessage({ id: request.id, tree: markdownTree(request.text) });
  });
  markdownTree(WARM_UP);
  // its thread id: the parent reads this thread's CPU time for the deadline
  port.postMessage({ ready: true, tid: currentThreadId() });
}
