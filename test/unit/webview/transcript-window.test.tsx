/** @jsxRuntime automatic @jsxImportSource preact */
// The windowed transcript (webview/src/components/transcript-window.ts): only the
// blocks near the screen hold their rows; each run of the other finished blocks is one
// empty placeholder as high as they were, and a row scrolled away and back opens as
// it was left.
// happy-dom lays nothing out, so the scroller's size and position are set on it here
// as a browser would report them, and the reader's scroll is a scroll event.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { Transcript } from '../../../webview/src/components/transcript';
import { segmentsOf, transcriptWindow, type Block } from '../../../webview/src/components/transcript-window';
import { click, fire, mount, text } from './render';

const ESTIMATED_ROW_PX = 36;

const block = (key: number, rows: number): Block => ({
  key,
  items: Array.from({ length: rows }, () => ({}) as TranscriptItem),
});

/**
 * The blocks (`rows[k]` rows each, at the estimated row height: 36 px a row, 8 px apart)
 * that a transcript window keeps whole once the screen and its two screens either side
 * span [from, to] px of the list; among keys 0-3.
 */
function keptWhole(rows: readonly number[], from: number, to: number): number[] {
  const w = transcriptWindow();
  w.blocks = rows.map((n, key) => block(key, n));
  const scroller = window.document.createElement('div');
  scroller.append(window.document.createElement('div'));
  w.ref(scroller);
  scroller.addEventListener('scroll', w.onScroll);
  const screen = (to - from) / 5;
  Object.defineProperty(scroller, 'clientHeight', { value: screen, configurable: true });
  Object.defineProperty(scroller, 'scrollTop', { value: from + 2 * screen, configurable: true });
  fire(scroller, new window.Event('scroll'));
  w.ref(null);
  return [0, 1, 2, 3].filter((key) => w.isShown(key));
}

describe('the blocks a transcript window keeps whole', () => {
  const rows = [3, 3, 3, 3]; // 108 px each: tops 0, 116, 232, 348

  it('are those reaching into the screen and its margins, with the gaps between blocks counted', () => {
    assert.deepEqual(keptWhole(rows, 150, 250), [1, 2]);
    assert.deepEqual(keptWhole(rows, 225, 231), [], 'only a gap: no block');
    assert.deepEqual(keptWhole(rows, -500, 0), [0], 'a range above the list reaches its first block');
    assert.deepEqual(keptWhole(rows, 400, 10_000), [3]);
    assert.deepEqual(keptWhole(rows, 0, 1e9), [0, 1, 2, 3]);
  });

  it('use each block its own height', () => {
    const tall = [28, 1, 1, 1]; // 1008 px, then 36 px each: tops 0, 1016, 1060, 1104
    assert.deepEqual(keptWhole(tall, 990, 1020), [0, 1]);
    assert.deepEqual(keptWhole(tall, 1055, 1110), [2, 3]);
  });

  it('are none when there are no blocks at all', () => {
    assert.deepEqual(keptWhole([], 0, 100), []);
  });
});

describe('segmentsOf', () => {
  const blocks = [block(0, 1), block(1, 1), block(2, 1), block(3, 1), block(4, 1), block(5, 1)];
  const size = (b: Block) => 10 * (b.key + 1);

  it('renders the shown blocks and the last whole, and each run of the others as one placeholder with its gaps', () => {
    const segments = segmentsOf(blocks, (key) => key === 2, size);
    assert.deepEqual(
      segments.map((s) => ('away' in s ? `away ${s.away}: ${s.px}` : `block ${s.block.key}${s.live ? ' live' : ''}`)),
      ['away 0: 38', 'block 2', 'away 3: 98', 'block 5 live'],
    );
  });

  it('renders every block whole when all are shown, and the live one even when none is', () => {
    assert.equal(segmentsOf(blocks, () => true, size).filter((s) => 'block' in s).length, 6);
    assert.deepEqual(
      segmentsOf(blocks, () => false, size).map((s) => ('away' in s ? s.px : 'live')),
      [10 + 20 + 30 + 40 + 50 + 4 * 8, 'live'],
    );
  });
});

/** 20 blocks (keys 0–19) of 16 answers each, each with its reasoning: seq 4k, so 16 per 64-line block. */
const answers: TranscriptItem[] = Array.from({ length: 320 }, (_, i) => ({
  kind: 'assistant',
  id: `e${i * 4}`,
  order: i * 4 * 1024,
  turn: 1,
  step: 1,
  text: `answer ${i}`,
  reasoning: `thinking ${i}`,
  markdown: { kind: 'parsed', blocks: [{ t: 'p', c: [{ t: 'text', v: `answer ${i}` }] }] },
}));
const BLOCK_PX = 16 * ESTIMATED_ROW_PX;

/** The scroller as a browser would report it: `height` px on screen, scrolled to `top`, then its scroll event. */
function scrollTo(scroller: Element, top: number, height = 200): void {
  Object.defineProperty(scroller, 'clientHeight', { value: height, configurable: true });
  Object.defineProperty(scroller, 'scrollHeight', { value: 20 * (BLOCK_PX + 8), configurable: true });
  Object.defineProperty(scroller, 'scrollTop', { value: top, configurable: true, writable: true });
  fire(scroller, new window.Event('scroll'));
}

describe('the windowed transcript', () => {
  const view = () => (
    <Transcript items={answers} stream={null} cursor={null} running={false} approvals={[]} sessionId="s" />
  );
  const shown = (root: Element) => [...root.querySelectorAll('.item-assistant .assistant-text')].map((el) => text(el));

  it('holds every row until the scroller is measured, then only the blocks near the screen and the live one', () => {
    const page = mount(view());
    assert.equal(shown(page.root).length, 320, 'before any scroll: every row');
    const scroller = page.root.querySelector('.transcript')!;
    scrollTo(scroller, 0);
    // 200 px on screen and two screens either side: [-400, 600] reaches blocks 0 and 1 (576 px each).
    const rows = shown(page.root);
    assert.deepEqual(
      rows.slice(0, 32),
      answers.slice(0, 32).map((_, i) => `answer ${i}`),
    );
    assert.deepEqual(
      rows.slice(32),
      answers.slice(304).map((_, i) => `answer ${304 + i}`),
      'and the live block',
    );
    const away = [...page.root.querySelectorAll('.block.away')];
    assert.equal(away.length, 1, 'blocks 2–18 are one placeholder');
    assert.equal(away[0]!.childElementCount, 0);
    assert.equal(
      (away[0] as HTMLElement).style.height,
      `${17 * BLOCK_PX + 16 * 8}px`,
      'as high as the 17 blocks and the gaps between them',
    );
    page.unmount();
  });

  it('shows the rows the reader scrolls to, and drops those left far behind', () => {
    const page = mount(view());
    const scroller = page.root.querySelector('.transcript')!;
    scrollTo(scroller, 0);
    scrollTo(scroller, 10 * (BLOCK_PX + 8));
    const rows = shown(page.root);
    assert.ok(!rows.includes('answer 0'), 'block 0 is far above: gone');
    assert.ok(rows.includes('answer 160') && rows.includes('answer 175'), 'block 10, on screen, is whole');
    assert.ok(rows.includes('answer 319'), 'the live block stays');
    page.unmount();
  });

  it('opens a row scrolled away and back as the reader left it', () => {
    const page = mount(view());
    const scroller = page.root.querySelector('.transcript')!;
    scrollTo(scroller, 0);
    const toggle = () => page.root.querySelector('.item-assistant .reasoning .disclosure-toggle');
    click(toggle());
    assert.equal(toggle()?.getAttribute('aria-expanded'), 'true');
    scrollTo(scroller, 12 * (BLOCK_PX + 8));
    assert.ok(!shown(page.root).includes('answer 0'), 'the row left the DOM');
    scrollTo(scroller, 0);
    assert.equal(shown(page.root)[0], 'answer 0');
    assert.equal(toggle()?.getAttribute('aria-expanded'), 'true', 'still open');
    assert.equal(text(page.root.querySelector('.reasoning-text')), 'thinking 0');
    page.unmount();
  });
});
