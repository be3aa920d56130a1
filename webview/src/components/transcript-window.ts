// The transcript's scroller: it follows new output while the reader is at the end, and
// it keeps in the DOM only the blocks of rows near the screen (a windowed list, as VS
// Code's own lists and its chat view are). Each run of the other finished blocks is
// one empty placeholder as high as they last were, so the scroll height, the scrollbar
// and the reader's place are those of the whole transcript, and the DOM stays a few
// blocks long whatever the session's length. Why: with every page of a 10,000-event
// session in the page, each live update cost the browser work in proportion to the
// rows it held (layout, paint, layerize, hit test, and content-visibility's own
// bookkeeping per block), even off screen (bench `live`, every page loaded, read from
// the end: 1.4-2x the empty session's latency before). What it costs: rows far off
// screen are out of the accessibility tree (as in any windowed list), and a selection
// or focus in a row is lost once the reader scrolls that row far away.
import type { TranscriptItem } from '@core/protocol/transcript';

export interface Block {
  key: number;
  items: readonly TranscriptItem[];
}

/** A collapsed row's height plus the gap (px): the size of a block never measured. */
const ESTIMATED_ROW_PX = 36;
/** The list's gap between blocks (px; styles.css `.items`). */
const GAP_PX = 8;
/** Screens above and below the visible one whose blocks are kept in the DOM. */
const MARGIN_SCREENS = 2;

/**
 * The first and the last key of the blocks that reach into [from, to] (px from the
 * list's top), laid out one after the other `gap` px apart with the heights `size`
 * gives; [Infinity, -Infinity] when none does. Linear in the blocks, no DOM read.
 */
function keysInView(
  blocks: readonly Block[],
  size: (block: Block) => number,
  gap: number,
  from: number,
  to: number,
): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  let top = 0;
  for (const block of blocks) {
    const bottom = top + size(block);
    if (bottom >= from && top <= to) {
      if (lo === Infinity) lo = block.key;
      hi = block.key;
    }
    top = bottom + gap;
  }
  return [lo, hi];
}

/**
 * What the list renders: a block whole (the last is the live one), or one placeholder `px` high for a run of blocks.
 */
export type Segment = { block: Block; live: boolean } | { away: number; px: number };

/**
 * `blocks` as the list renders them: each block `isShown` whole (and the last, always),
 * every run of the others one placeholder as high as the run was, the gaps between its
 * blocks included, so every block below it stays where it was.
 */
export function segmentsOf(
  blocks: readonly Block[],
  isShown: (key: number) => boolean,
  size: (block: Block) => number,
): Segment[] {
  const out: Segment[] = [];
  let run: { away: number; px: number } | null = null;
  blocks.forEach((block, i) => {
    const live = i === blocks.length - 1;
    if (!live && !isShown(block.key)) {
      if (run) run.px += GAP_PX + size(block);
      else out.push((run = { away: block.key, px: size(block) }));
      return;
    }
    run = null;
    out.push({ block, live });
  });
  return out;
}

/** One per Transcript (made by useState; see transcriptWindow). */
export interface TranscriptWindow {
  /** The blocks of the last render (Transcript sets them). */
  blocks: readonly Block[];
  /** Re-renders the Transcript (set by it): called when the blocks kept whole changed. */
  rerender: () => void;
  /** A block's last measured height, or an estimate from its rows. */
  sizeOf: (block: Block) => number;
  /** Whether block `key` is kept whole (every block until the scroller is measured). */
  isShown: (key: number) => boolean;
  ref: (el: HTMLDivElement | null) => void;
  onScroll: (event: Event) => void;
  watch: (block: Element, key: number) => void;
  unwatch: (block: Element) => void;
}

/**
 * `ref` goes on the scroller, whose first child holds everything; each block calls
 * `watch` when mounted and `unwatch` when gone. One ResizeObserver on the scroller, its
 * content and every block: it runs in the frame right after the browser's own layout,
 * so following the end and measuring a block cost no layout of their own. (Scrolling
 * right after each render read scrollHeight, which forced a style and layout pass of
 * the transcript for every message.)
 */
export function transcriptWindow(): TranscriptWindow {
  const sizes = new Map<number, number>();
  const keys = new Map<Element, number>();
  let shown: [number, number] | null = null;
  let end = true;
  let top = 0;
  let scroller: HTMLDivElement | null = null;
  let observer: ResizeObserver | undefined;
  const sizeOf = (block: Block): number => sizes.get(block.key) ?? block.items.length * ESTIMATED_ROW_PX;
  // Which blocks the screen and its margins reach (the list's offset in the scroller, tens of px, is left to the
  // margin).
  const check = (): void => {
    const el = scroller;
    if (!el?.clientHeight) return;
    const margin = MARGIN_SCREENS * el.clientHeight;
    const next = keysInView(w.blocks, sizeOf, GAP_PX, el.scrollTop - margin, el.scrollTop + el.clientHeight + margin);
    if (shown?.[0] === next[0] && shown[1] === next[1]) return;
    shown = next;
    w.rerender();
  };
  const w: TranscriptWindow = {
    blocks: [],
    rerender: () => {},
    sizeOf,
    isShown: (key) => !shown || (key >= shown[0] && key <= shown[1]),
    ref: (el) => {
      observer?.disconnect();
      scroller = el;
      if (!el) return;
      // `window.`: the unit tests' DOM (happy-dom) has it on its window, not as a global.
      observer = new window.ResizeObserver((entries) => {
        for (const entry of entries) {
          const key = keys.get(entry.target);
          if (key !== undefined) sizes.set(key, entry.borderBoxSize[0]!.blockSize);
        }
        if (end) el.scrollTop = el.scrollHeight;
        check();
      });
      for (const target of [el, el.firstElementChild!, ...keys.keys()]) observer.observe(target);
    },
    // Only the reader scrolling up stops the following. A scroll down (ours, or theirs) never does:
    // its event comes a frame later, when new rows may already have grown the content under it.
    onScroll: (event) => {
      const el = event.currentTarget as HTMLDivElement;
      if (el.scrollTop < top || !end) end = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      top = el.scrollTop;
      check();
    },
    watch: (block, key) => {
      keys.set(block, key);
      observer?.observe(block);
    },
    unwatch: (block) => {
      keys.delete(block);
      observer?.unobserve(block);
    },
  };
  return w;
}
