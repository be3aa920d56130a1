// Markdown parsed in the worker thread, through the real module (the worker loads
// markdown-worker.ts through tsx): an ordinary answer gets its tree; the hostile
// answers come back as plain text with the note once the deadline passes, and the
// host's event loop keeps running meanwhile (a 10 ms interval never waits long: the
// bound is generous, the strict 50 ms is the bench's).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MarkdownParser } from '../../../extension/src/core/markdown/markdown-parser';
import { markdownTree } from '../../../extension/src/core/markdown/markdown-tree';
import { PLAIN_TEXT_NOTE } from '../../../extension/src/core/markdown/plain-markdown';
import type { MdBlock } from '../../../extension/src/core/protocol/markdown-schema';

/** The answers; true where the parse cannot finish within the deadline on any machine (83 s on the host). */
const HOSTILE_ANSWERS: [string, string, boolean][] = [
  ['`*_` x 30,000', '*_'.repeat(30_000), true],
  ['20,000 nested [', '['.repeat(20_000), false],
  ['20,000 link references', `${'[a]'.repeat(20_000)}\n\n[a]: https://example.com\n`, false],
];

function noteOf(tree: MdBlock[]): string | undefined {
  const first = tree[0];
  if (first?.t !== 'p') return undefined;
  const em = first.c[0];
  if (em?.t !== 'em') return undefined;
  const text = em.c[0];
  return text?.t === 'text' ? text.v : undefined;
}

/** The longest wait between the ticks of a 10 ms interval while `work` runs. */
async function maxGapWhile<T>(work: Promise<T>): Promise<{ value: T; gap: number }> {
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => {
    const t = performance.now();
    gap = Math.max(gap, t - last);
    last = t;
  }, 10);
  try {
    const value = await work;
    return { value, gap: Math.max(gap, performance.now() - last) };
  } finally {
    clearInterval(tick);
  }
}

describe('MarkdownParser (worker thread with a deadline)', () => {
  const parser = new MarkdownParser();
  after(() => parser.dispose());

  it('parses an ordinary answer to the same tree as the host would, and caches it', async () => {
    const text = '# Title\n\nSome *emphasis* and a [link](https://example.com).\n\n- a\n- b\n';
    const parsed = await parser.parse(text);
    assert.equal(parsed.plain, false);
    assert.deepEqual(parsed.tree, markdownTree(text));
    assert.equal(parser.cached(text), parsed);
    assert.equal(parser.cached(`${text} `), undefined);
  });

  for (const [name, text, mustTimeOut] of HOSTILE_ANSWERS) {
    it(`presents ${name} (as plain text with the note past the deadline), the event loop free meanwhile`, async () => {
      const { value, gap } = await maxGapWhile(parser.parse(text));
      if (mustTimeOut) assert.equal(value.plain, true);
      assert.equal(noteOf(value.tree) === PLAIN_TEXT_NOTE, value.plain);
      assert.ok(gap < 200, `the event loop waited ${gap.toFixed(0)} ms`);
    });
  }

  it('restarts the worker after a deadline: the next answer is parsed', async () => {
    await parser.parse(`${'*_'.repeat(30_000)}x`);
    const parsed = await parser.parse('after **the** restart');
    assert.equal(parsed.plain, false);
    assert.deepEqual(parsed.tree, markdownTree('after **the** restart'));
  });

  it('queues answers one at a time, each with its own tree', async () => {
    const texts = ['one *a*', 'two **b**', 'three `c`'];
    const trees = await Promise.all(texts.map((t) => parser.parse(t)));
    assert.deepEqual(trees.map((p) => p.tree), texts.map((t) => markdownTree(t)));
  });
});
