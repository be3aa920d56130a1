// The items' checks of a followed or imported session: its log's events and its checks
// side log's (core/store/side-checks.ts, docs/checks.md "A followed agent's session")
// folded as one (item-checks.ts). A side event carries `logSeq`, the seq of the log's
// last event when it was written; it is folded right after that event, in side-log
// order, as if its seq were `logSeq + 0.5` (so the fold's "after the item's last change"
// compares it with the log's seqs: a result written after the write that completed the
// item counts for that completion). One whose event is not in the log (yet) is not
// folded. The log's seqs are stable: a followed log is a pure function of the agent's
// file, which the agent only appends to (core/import/import-log.ts).
import type { SessionEvent } from '../session/events';
import { itemChecksProjection, type ItemChecksState } from './item-checks';

/** The event types a checks side log holds. */
export const SIDE_CHECK_TYPES: ReadonlySet<SessionEvent['type']> = new Set([
  'plan/check-set',
  'plan/check-accepted',
  'check/result',
]);

/** Where a side event is folded: after the log's event of this seq (module header). */
function anchorOf(event: SessionEvent): number {
  const data = event.data as { logSeq?: number };
  return data.logSeq ?? 0;
}

/** The side event as the fold takes it, between the log's events `logSeq` and the next. */
export function sideAt(event: SessionEvent): SessionEvent {
  return { ...event, seq: anchorOf(event) + 0.5 };
}

/** The checks' fold fed the log's events one by one, the side log's merged in (module header). */
export class ChecksWithSide {
  private readonly side: SessionEvent[];
  private next = 0;
  private current: ItemChecksState;

  constructor(side: readonly SessionEvent[], initial: ItemChecksState = itemChecksProjection.init) {
    this.side = side
      .map((event, index) => ({ event, index }))
      .sort((a, b) => anchorOf(a.event) - anchorOf(b.event) || a.index - b.index)
      .map((s) => s.event);
    this.current = initial;
    this.flush(0);
  }

  apply(event: SessionEvent): void {
    this.current = itemChecksProjection.apply(this.current, event);
    this.flush(event.seq);
  }

  get state(): ItemChecksState {
    return this.current;
  }

  private flush(upTo: number): void {
    while (this.next < this.side.length && anchorOf(this.side[this.next]!) <= upTo) {
      this.current = itemChecksProjection.apply(this.current, sideAt(this.side[this.next]!));
      this.next++;
    }
  }
}

/** The checks' fold over `events` with `side` merged in (module header). */
export function foldChecksWithSide(events: Iterable<SessionEvent>, side: readonly SessionEvent[]): ItemChecksState {
  const merged = new ChecksWithSide(side);
  for (const event of events) merged.apply(event);
  return merged.state;
}
