/** @jsxRuntime automatic @jsxImportSource preact */
// Answers are parsed on the host (micromark + GFM, linear time) into a sanitized
// tree, and the real webview components paint it: a hostile answer of 20,000
// backticks renders at once (the old inline regex was cubic: not done in 300 s), GFM
// tables and task lists render, raw HTML stays text, depth is bounded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownTree } from '../../../extension/src/core/markdown/markdown-tree';
import { mdBlockSchema } from '../../../extension/src/core/protocol/markdown-schema';
import { Markdown } from '../../../webview/src/components/markdown';
import { Transcript } from '../../../webview/src/components/transcript';
import { mount } from './render';

const MAX_MARKDOWN_DEPTH = 24;

function assistant(text: string) {
  return {
    kind: 'assistant' as const,
    id: 'e2',
    order: 2048,
    turn: 1,
    step: 1,
    text,
    reasoning: '',
    markdown: { kind: 'parsed' as const, blocks: markdownTree(text) },
  };
}

describe('Markdown answers: host tree, webview components', () => {
  for (const n of [2000, 20_000]) {
    it(`${n} backticks render through the real transcript in linear time`, () => {
      const answer = `${'`'.repeat(n)} a ${'`'.repeat(n - 1)}b\n\n${'`'.repeat(n)}`;
      const start = Date.now();
      const item = assistant(answer);
      const page = mount(
        <Transcript items={[item]} stream={null} cursor={null} running={false} approvals={[]} sessionId="s1" />,
      );
      const ms = Date.now() - start;
      console.log(`# ${n} backticks: parsed and rendered in ${ms} ms`);
      const shown = page.root.querySelector('.assistant-text')?.textContent ?? '';
      assert.ok(shown.includes('a') && shown.length >= 2 * n, 'the answer is on the page');
      assert.ok(ms < 20_000, `took ${ms} ms`);
      page.unmount();
    });
  }

  it('renders GFM tables and task lists; raw HTML and unsafe links stay text; images load nothing', () => {
    const blocks = markdownTree(
      '| name | n |\n|:--|--:|\n| **a** | 1 |\n\n- [x] done\n- [ ] todo\n\n<img src=x onerror=alert(1)> <b>bold?</b>\n\n![alt text](https://x/y.png) [j](javascript:alert(1))',
    );
    assert.equal(mdBlockSchema.safeParse(blocks[0]).success, true, 'the tree passes the protocol schema');
    const page = mount(<Markdown blocks={blocks} />);
    const table = page.root.querySelector('table');
    assert.deepEqual(
      [...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent),
      ['name', 'n'],
    );
    assert.equal(table?.querySelector('td strong')?.textContent, 'a');
    assert.equal(table?.querySelector('td:last-child')?.getAttribute('style'), 'text-align: right;');
    const boxes = [...page.root.querySelectorAll('li.md-task input[type="checkbox"]')] as unknown as HTMLInputElement[];
    assert.deepEqual(
      boxes.map((b) => b.checked),
      [true, false],
    );
    assert.equal(page.root.querySelectorAll('img, b, script, [onerror]').length, 0);
    assert.ok((page.root.textContent ?? '').includes('<img src=x onerror=alert(1)> <b>bold?</b>'));
    assert.ok((page.root.textContent ?? '').includes('alt text j (javascript:alert(1))'));
    assert.equal(page.root.querySelectorAll('a').length, 0);
    page.unmount();
  });

  it('bounds nesting: 10,000 quote levels are plain text, 100 are cut to the depth limit', () => {
    const deep = `${'>'.repeat(10_000)} deep`;
    assert.deepEqual(markdownTree(deep), [{ t: 'p', c: [{ t: 'text', v: deep }] }]);
    const blocks = markdownTree(`${'> '.repeat(90)}still deep`);
    let depth = 0;
    for (let b = blocks[0]; b?.t === 'quote'; b = b.c[0]) depth++;
    assert.ok(depth <= MAX_MARKDOWN_DEPTH + 1, `depth ${depth}`);
    const page = mount(<Markdown blocks={blocks} />);
    assert.ok((page.root.textContent ?? '').includes('still deep'));
    page.unmount();
  });
});
