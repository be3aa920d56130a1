// Issue 20's Markdown freezes, measured on the host's side: each hostile answer (and an
// ordinary 20 KB one) is parsed through MarkdownParser (the worker thread with its
// deadline), and a 10 ms interval on the host's event loop records the longest wait
// between its ticks meanwhile: the host's block time. Also the time until the answer's
// tree (or its plain-text fallback) is back. Nothing is asserted here.
import { MarkdownParser } from '../extension/src/core/markdown/markdown-parser';
import { now } from './stats';

export const MARKDOWN_CASES: [string, string][] = [
  [
    'ordinary 20 KB answer',
    '## Heading\n\nSome *emphasis*, `code` and a [link](https://example.com).\n\n- one\n- two\n\n'.repeat(240),
  ],
  ['`*_` × 10,000', '*_'.repeat(10_000)],
  ['`*_` × 30,000', '*_'.repeat(30_000)],
  ['20,000 nested `[`', '['.repeat(20_000)],
  ['20,000 link references', `${'[a]'.repeat(20_000)}\n\n[a]: https://example.com\n`],
];

export interface WorkerCase {
  name: string;
  /** The longest wait between ticks of a 10 ms interval on the host, minus the 10 ms period. */
  blockMs: number;
  /** parse() → its tree back. */
  doneMs: number;
  plain: boolean;
}

export async function markdownWorkerCases(): Promise<WorkerCase[]> {
  const parser = new MarkdownParser();
  const out: WorkerCase[] = [];
  for (const [name, text] of MARKDOWN_CASES) {
    await parser.parse(`warm *up* before ${name}`); // a case past the deadline replaced the worker: its successor starts here, not in the next case
    let last = now();
    let gap = 0;
    const tick = setInterval(() => {
      const t = now();
      gap = Math.max(gap, t - last);
      last = t;
    }, 10);
    const t0 = now();
    const parsed = await parser.parse(text);
    const doneMs = now() - t0;
    clearInterval(tick);
    out.push({ name, blockMs: Math.max(0, Math.max(gap, now() - last) - 10), doneMs, plain: parsed.kind === 'plain' });
  }
  await parser.dispose();
  return out;
}
