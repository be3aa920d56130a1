// The context window as one turn knows it (turn-run.ts): its size, lowered for the
// rest of the turn when a provider's "too long" shows it is smaller than we were told;
// the share of it past which the history is compacted before a request; and whether a
// compaction has had no successful request since (another "too long" then ends the turn).
import type { Session } from '../session/session';
import { hasSomethingToCompact } from './compaction';
import { promptSize } from './context-budget';
import { DEFAULT_COMPACT_THRESHOLD, learnedWindow, tooLongMessage } from './context-window';
import { isProviderError, type ModelRequest } from './provider';

export class TurnWindow {
  private justCompacted = false;

  /** `window`: 0 when unknown (nothing is compacted before a request then). */
  constructor(
    private readonly session: Session,
    private size: number,
    private readonly threshold = DEFAULT_COMPACT_THRESHOLD,
  ) {}

  get window(): number {
    return this.size;
  }

  /** The request passes the threshold and there is something to compact (not again before a request succeeds). */
  isFull(request: ModelRequest): boolean {
    return (
      this.size > 0 &&
      !this.justCompacted &&
      promptSize(this.session.events, request).tokens > this.threshold * this.size &&
      hasSomethingToCompact(this.session)
    );
  }

  compacted(): void {
    this.justCompacted = true;
  }

  /** A request succeeded. */
  answered(): void {
    this.justCompacted = false;
  }

  /** A failed request: a "too long" lowers the window and overflows when there is something to compact. */
  failureOf(error: unknown, request: ModelRequest): { failure: string | null; overflow: boolean } {
    const message = error instanceof Error ? error.message : String(error);
    const tooLong = isProviderError(error) && error.kind === 'context-overflow';
    if (!tooLong) return { failure: message, overflow: false };
    this.size = learnedWindow(this.size, error.contextLimit, promptSize(this.session.events, request).tokens);
    if (!this.justCompacted && hasSomethingToCompact(this.session)) return { failure: null, overflow: true };
    return { failure: tooLongMessage(this.size, this.justCompacted, message), overflow: false };
  }
}
