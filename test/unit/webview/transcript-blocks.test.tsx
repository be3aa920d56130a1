/** @jsxRuntime automatic @jsxImportSource preact */
// The transcript renders its rows in blocks by `order` span (transcript.tsx
// ItemBlock): an update re-renders only the block it lands in, and a row never moves
// to another block, so it keeps its state when older pages are prepended.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { Transcript } from '../../../webview/src/components/transcript';
import { click, mount } from './render';

const user = (seq: number, text = `prompt ${seq}`): TranscriptItem => ({
  kind: 'user',
  id: `e${seq}`,
  order: seq * 1024,
  turn: 1,
  text,
});
const answer = (seq: number, text: string): TranscriptItem => ({
  kind: 'assistant',
  id: `e${seq}`,
  order: seq * 1024,
  turn: 1,
  step: 1,
  text,
  reasoning: 'thinking',
  markdown: { kind: 'parsed', blocks: [{ t: 'p', c: [{ t: 'text', v: text }] }] },
});
const view = (items: TranscriptItem[]) => (
  <Transcript items={items} stream={null} cursor={null} running={false} approvals={[]} sessionId="s" />
);

describe('transcript blocks', () => {
  it('shows every row in order across blocks, and a changed item in any block', () => {
    const items = Array.from({ length: 300 }, (_, i) => user(i * 3 + 1));
    const page = mount(view(items));
    const rows = () => [...page.root.querySelectorAll('.item-user')].map((li) => li.textContent);
    assert.deepEqual(
      rows(),
      items.map((i) => (i.kind === 'user' ? i.text : '')),
    );
    const changed = items.slice();
    changed[5] = user(16, 'edited early');
    changed[299] = user(898, 'edited late');
    page.update(view(changed));
    assert.equal(rows()[5], 'edited early');
    assert.equal(rows()[299], 'edited late');
    page.unmount();
  });

  it('a row keeps its opened reasoning when an older page is prepended', () => {
    const recent = Array.from({ length: 100 }, (_, i) => answer(1000 + i, `answer ${i}`));
    const page = mount(view(recent));
    const reasoning = (text: string) =>
      [...page.root.querySelectorAll('.item-assistant')]
        .find((li) => li.textContent?.includes(text))
        ?.querySelector('.reasoning');
    const opened = reasoning('answer 7');
    assert.ok(opened);
    click(opened.querySelector('.disclosure-toggle'));
    assert.equal(opened.querySelector('.disclosure-toggle')?.getAttribute('aria-expanded'), 'true');
    const older = Array.from({ length: 37 }, (_, i) => answer(900 + i, `older ${i}`));
    page.update(view([...older, ...recent]));
    assert.equal(reasoning('answer 7'), opened, 'the same element: the row was not re-created');
    assert.equal(
      reasoning('answer 7')?.querySelector('.disclosure-toggle')?.getAttribute('aria-expanded'),
      'true',
      'still open',
    );
    assert.equal(reasoning('answer 7')?.querySelector('.disclosure-body')?.hasAttribute('hidden'), false);
    page.unmount();
  });
});
