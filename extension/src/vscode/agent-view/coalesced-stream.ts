// The streaming text the Agent view's pages get, coalesced: the live stream changes
// with every token, the pages get at most one `stream` message per interval (what it
// is when the interval ends), and at once when it ends (null) or when something that
// must follow it is posted (flush: items, the run state, a page's `ready`).
import type { StreamView } from '../../core/protocol/messages';

export class CoalescedStream {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    /** The stream as it stands now (the controller's). */
    private readonly current: () => StreamView | null,
    private readonly post: (stream: StreamView | null) => void,
  ) {}

  /** The stream changed: null is posted at once (after any update still waiting), the rest within the interval. */
  changed(stream: StreamView | null): void {
    if (stream === null) {
      this.flush();
      this.post(null);
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Posts the stream as it stands now, if an update is waiting. */
  flush(): void {
    if (this.timer === undefined) return;
    this.cancel();
    this.post(this.current());
  }

  /** Drops the waiting update (another session is shown: its snapshot carries the stream; or shutting down). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
