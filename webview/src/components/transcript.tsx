/** @jsxRuntime automatic @jsxImportSource preact */
// The transcript: prompts (as text), answers (a safe Markdown subset: nothing from
// the model is ever parsed as HTML), collapsed reasoning, one row per tool call,
// pending approvals (on their call's row, or after the list), how each turn ended,
// and the text streaming in for the current step (each row: transcript-item.tsx).
// Rows are painted in blocks, and only the blocks near the view (transcript-window.ts).
import { Component } from 'preact';
import { useReducer, useState } from 'preact/hooks';
import type { ApprovalView, StreamView } from '@core/protocol/messages';
import type { TranscriptItem } from '@core/protocol/transcript';
import { format, useStrings } from '../i18n';
import { LinkButton } from './icon';
import { placeApprovals } from './approval';
import { ApprovalCard } from '../lazy-views';
import { OpenRows } from './disclosure';
import { Item, StreamingItem } from './transcript-item';
import { segmentsOf, transcriptWindow, type Block, type TranscriptWindow } from './transcript-window';

const NONE: readonly ApprovalView[] = [];
const NO_APPROVALS: ReadonlyMap<string, ApprovalView[]> = new Map();

/**
 * Rows are grouped in blocks by `order` span: an item's order never changes, so it
 * never moves to another block (a row keeps its expanded state when older pages are
 * prepended). With the host's orders (log seq × 1024 + sub) a span is 64 log lines.
 */
const BLOCK_SPAN = 65_536;

interface BlockProps {
  block: Block;
  /** The last block, where live updates land: never skipped by content-visibility. */
  live: boolean;
  window: TranscriptWindow;
  byCallId: ReadonlyMap<string, ApprovalView[]>;
  continueId: string | null;
}

/**
 * A block of rows that re-renders only when one of its items (a new
 * object for every change: the reducer keeps unchanged ones), the approvals or the
 * Continue row changed (a block that leaves the window unmounts). So a live update
 * costs one block's rows plus a pointer comparison per row, whatever the transcript's
 * length (bench: `follow`, live update).
 */
class ItemBlock extends Component<BlockProps> {
  override shouldComponentUpdate(next: BlockProps): boolean {
    const prev = this.props;
    if (next.live !== prev.live || next.byCallId !== prev.byCallId || next.continueId !== prev.continueId) return true;
    const [a, b] = [prev.block.items, next.block.items];
    if (a.length !== b.length) return true;
    for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return true;
    return false;
  }

  override componentDidMount() {
    this.props.window.watch(this.base as Element, this.props.block.key);
  }

  override componentWillUnmount() {
    this.props.window.unwatch(this.base as Element);
  }

  override render() {
    const { block, byCallId, continueId, live } = this.props;
    // A finished block is `content-visibility: auto` (styles.css): off screen, Chrome skips its
    // subtree's layout, prepaint, paint and hit-test, yet keeps it in the accessibility tree.
    // Until first rendered it takes its last measured height (or an estimate); then its last real one.
    return (
      <div
        class={live ? 'block' : 'block done'}
        role="none"
        style={live ? undefined : { containIntrinsicSize: `auto ${this.props.window.sizeOf(block)}px` }}
      >
        {block.items.map((item) => (
          <Item
            key={item.id}
            item={item}
            approvals={(item.kind === 'tool' && byCallId.get(item.callId)) || NONE}
            canContinue={item.id === continueId}
          />
        ))}
      </div>
    );
  }
}

/** Items (sorted by order) cut into blocks of one BLOCK_SPAN each, keyed by that span. */
function blocksOf(items: readonly TranscriptItem[]): Block[] {
  const out: Block[] = [];
  let from = 0;
  for (let i = 1; i <= items.length; i++) {
    const key = Math.floor(items[from]!.order / BLOCK_SPAN);
    if (i < items.length && Math.floor(items[i]!.order / BLOCK_SPAN) === key) continue;
    out.push({ key, items: items.slice(from, i) });
    from = i;
  }
  return out;
}

function lastBesidesCompactions(items: readonly TranscriptItem[]): TranscriptItem | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (items[i]!.kind !== 'compaction') return items[i];
  return undefined;
}

/** Approvals with no row of theirs in the list, after it. */
function UnplacedApprovals({ approvals }: { approvals: readonly ApprovalView[] }) {
  return (
    <div class="approvals">
      {approvals.map((a) => (
        <ApprovalCard key={a.id} approval={a} />
      ))}
    </div>
  );
}

export interface TranscriptProps {
  items: TranscriptItem[];
  stream: StreamView | null;
  cursor: number | null;
  running: boolean;
  approvals: readonly ApprovalView[];
  /** The session these items belong to (approvals of other sessions go after the list). */
  sessionId: string | null;
  /** Who writes the shown session when it is another program's (SessionView.writer): its empty transcript says so. */
  writer?: string | undefined;
}

export function Transcript({ items, stream, cursor, running, approvals, sessionId, writer }: TranscriptProps) {
  const s = useStrings();
  const [win] = useState(transcriptWindow);
  const [opened] = useState(() => new Set<string>());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  win.rerender = rerender as () => void;
  if (items.length === 0 && !stream && !running && approvals.length === 0) {
    return (
      <div class="transcript empty">
        <p>{writer ? format(s.emptyTranscriptExternal, writer) : s.emptyTranscript}</p>
      </div>
    );
  }
  // Only while approvals wait (rarely more than one): no pass over the items otherwise.
  // Continue: only on the latest turn end, a turn that stopped at the step limit, while nothing runs
  // (a compaction after it, e.g. Compact Conversation, still leaves it the latest).
  const last = lastBesidesCompactions(items);
  const continueId = !running && last?.kind === 'turn-end' && last.reason === 'max-steps' ? last.id : null;
  const placed = approvals.length
    ? placeApprovals(approvals, new Set(items.flatMap((i) => (i.kind === 'tool' ? [i.callId] : []))), sessionId)
    : { byCallId: NO_APPROVALS, rest: NONE };
  const blocks = blocksOf(items);
  win.blocks = blocks;
  return (
    <OpenRows.Provider value={opened}>
      <div class="transcript" ref={win.ref} onScroll={win.onScroll}>
        <div>
          {cursor !== null && (
            <LinkButton class="older" message={{ type: 'loadOlder', cursor }}>
              {s.showEarlier}
            </LinkButton>
          )}
          <div class="items" role="list" aria-label={s.transcript}>
            {segmentsOf(blocks, win.isShown, win.sizeOf).map((seg) =>
              'away' in seg ? (
                <div key={`away${seg.away}`} class="block away" role="none" style={{ height: `${seg.px}px` }} />
              ) : (
                <ItemBlock
                  key={seg.block.key}
                  block={seg.block}
                  live={seg.live}
                  window={win}
                  byCallId={placed.byCallId}
                  continueId={continueId}
                />
              ),
            )}
            {stream && <StreamingItem stream={stream} />}
          </div>
          {placed.rest.length > 0 && <UnplacedApprovals approvals={placed.rest} />}
          {running && !stream && <div class="working">{s.working}</div>}
        </div>
      </div>
    </OpenRows.Provider>
  );
}
