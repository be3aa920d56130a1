// The transcript's rows as the view keeps them: sorted by `order`, unique by id, each
// change an upsert found from the end (the live case) by binary search.
import type { HostMessage, StreamView } from '@core/protocol/messages';
import type { TranscriptItem } from '@core/protocol/transcript';

/** The step's assistant message is in the transcript: its live stream is done. */
export function isCommitted(items: readonly TranscriptItem[], stream: StreamView): boolean {
  // From the end: the stream's step is the latest, so this stops within a few items.
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.turn < stream.turn) return false;
    if ((item.kind === 'assistant' || item.kind === 'tool') && item.turn === stream.turn && item.step === stream.step)
      return true;
  }
  return false;
}

/**
 * Upserts by id, kept sorted by `order` (one order per id, and it never changes). Each item arrives whole
 * (the host never cuts a call across pages), so a known id is replaced. The usual
 * live case, items changed near the end or appended after it, costs a search from
 * the end and one copy of the array: no map of the whole list, no re-sort.
 */
export function upsertItems(items: readonly TranscriptItem[], incoming: readonly TranscriptItem[]): TranscriptItem[] {
  if (incoming.length === 0) return items as TranscriptItem[];
  const out = items.slice();
  for (const item of incoming) {
    const at = insertionPoint(out, item.order);
    if (out[at]?.order === item.order)
      out[at] = item; // the same item (an item's order never changes)
    else out.splice(at, 0, item);
  }
  return out;
}

/**
 * `items` with the answer row `id` (at `order`) given `markdown`; the same array when the page does not show that row.
 */
export function withMarkdown(
  items: TranscriptItem[],
  { id, order, markdown }: HostMessage<'markdown'>,
): TranscriptItem[] {
  const at = insertionPoint(items, order);
  const item = items[at];
  if (item?.kind !== 'assistant' || item.id !== id) return items;
  const out = items.slice();
  out[at] = { ...item, markdown };
  return out;
}

/** The first index whose order is >= `order` (binary search; items are sorted by order). */
function insertionPoint(items: readonly TranscriptItem[], order: number): number {
  let lo = 0;
  let hi = items.length;
  const last = items[hi - 1];
  if (last === undefined || last.order < order) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.order < order) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
