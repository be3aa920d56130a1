// Markdown parsed in the worker thread, through the real module (the worker loads
// markdown-worker.ts through tsx): an ordinary answer gets its tree; the hostile
// answers come back `plain` once the deadline passes (the host's event loop meanwhile is
// the bench's: bench `security`); a parse past its deadline replaces the worker, so the
// next answer is parsed; dispose stops the worker and what waits resolves `plain`.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MarkdownParser, type ParsedMarkdown } from '../../../extension/src/core/markdown/markdown-parser';
import { markdownTree } from '../../../extension/src/core/markdown/markdown-tree';

/** The answers; true where the parse cannot finish within the deadline on any machine (83 s on the host). */
const HOSTILE_ANSWERS: [string, string, boolean][] = [
  ['`*_` x 30,000', '*_'.repeat(30_000), true],
  ['20,000 nested [', '['.repeat(20_000), false],
  ['20,000 link references', `${'[a]'.repeat(20_000)}\n\n[a]: https://example.com\n`, false],
];

const parsed = (text: string): ParsedMarkdown => ({ kind: 'parsed', blocks: markdownTree(text) });

describe('MarkdownParser (worker thread with a deadline)', () => {
  const parser = new MarkdownParser();
  after(() => parser.dispose());

  it('parses an ordinary answer to the same tree as the host would, and caches it', async () => {
    const text = '# Title\n\nSome *emphasis* and a [link](https://example.com).\n\n- a\n- b\n';
    const result = await parser.parse(text);
    assert.deepEqual(result, parsed(text));
    assert.equal(parser.cached(text), result);
    assert.equal(parser.cached(`${text} `), undefined);
  });

  it('parses a long ordinary answer (20 KB of headings, lists and links) to its tree, not plain text', async () => {
    const text = '## Heading\n\nSome *emphasis*, `code` and a [link](https://example.com).\n\n- one\n- two\n\n'.repeat(
      240,
    );
    assert.deepEqual(await parser.parse(text), parsed(text));
  });

  for (const [name, text, mustTimeOut] of HOSTILE_ANSWERS) {
    it(`presents ${name}: its tree, or plain past the deadline`, async () => {
      const result = await parser.parse(text);
      if (mustTimeOut) assert.deepEqual(result, { kind: 'plain' });
      else if (result.kind === 'parsed') assert.deepEqual(result, parsed(text));
    });
  }

  it('replaces the worker after a deadline: the next answer is parsed', async () => {
    assert.deepEqual(await parser.parse(`${'*_'.repeat(30_000)}x`), { kind: 'plain' });
    assert.deepEqual(await parser.parse('after **the** restart'), parsed('after **the** restart'));
  });

  it('queues answers one at a time, each with its own tree', async () => {
    const texts = ['one *a*', 'two **b**', 'three `c`'];
    const results = await Promise.all(texts.map((t) => parser.parse(t)));
    assert.deepEqual(results, texts.map(parsed));
  });

  it('asked twice for one text while it is parsed, parses it once', async () => {
    const text = 'twice *asked*';
    assert.equal(parser.parse(text), parser.parse(text));
    assert.deepEqual(await parser.parse(text), parsed(text));
  });

  it('dispose stops the worker: a parse under way and the queue resolve plain', async () => {
    const own = new MarkdownParser();
    const stuck = own.parse(`${'*_'.repeat(30_000)}y`);
    const queued = own.parse('queued *behind*');
    await own.dispose();
    assert.deepEqual(await Promise.all([stuck, queued]), [{ kind: 'plain' }, { kind: 'plain' }]);
  });
});
