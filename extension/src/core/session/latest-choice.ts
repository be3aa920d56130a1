// Which session a window shows is the latest choice made (a session picked from the
// list, New Session, a followed external write), not the one that happens to finish
// last. Some choices take time before they can show anything (a picked log is read in
// chunks; a new session first waits for the running turn to stop), so a later choice
// can finish first. Each choice gets an AbortSignal that aborts as soon as a later one
// is made: its reads stop early, and what it opened anyway is disposed, never shown.
import { brandedError } from '../error-brand';

/** The reason a choice's signal aborts: a later choice was made, or the window closed. */
class ChoiceSupersededError extends brandedError('ChoiceSupersededError') {
  override name = 'ChoiceSupersededError';
}

export class LatestChoice {
  /** The choice still finishing; undefined once it landed or was superseded. */
  private pendingChoice: AbortController | undefined;
  private closed = false;

  /**
   * Makes a choice: the one still finishing, if any, is superseded (its signal aborts). Aborted at once after close().
   */
  make(): AbortSignal {
    this.pendingChoice?.abort(new ChoiceSupersededError('a later choice was made'));
    const choice = new AbortController();
    if (this.closed) choice.abort(new ChoiceSupersededError('closed'));
    this.pendingChoice = this.closed ? undefined : choice;
    return choice.signal;
  }

  /** A choice was made and has neither landed nor been superseded. */
  get pending(): boolean {
    return this.pendingChoice !== undefined;
  }

  /**
   * Lands the choice `signal` belongs to: `show(opened)` when no later choice was made
   * meanwhile, else `opened` is disposed. True when it was shown.
   */
  land<T extends { dispose(): void } | null>(signal: AbortSignal, opened: T, show: (opened: T) => void): boolean {
    if (signal.aborted || this.pendingChoice?.signal !== signal) {
      opened?.dispose();
      return false;
    }
    this.pendingChoice = undefined;
    show(opened);
    return true;
  }

  /**
   * The choice `signal` belongs to ended without landing (it failed):
   * it is no longer pending. No-op once it landed or was superseded.
   */
  drop(signal: AbortSignal): void {
    if (this.pendingChoice?.signal === signal) this.pendingChoice = undefined;
  }

  /** A choice to keep what shows (a prompt sent to it): the one still finishing is superseded. */
  keep(): void {
    this.drop(this.make());
  }

  /** A choice that shows at once: supersedes the one still finishing and shows `opened`. */
  now<T extends { dispose(): void } | null>(opened: T, show: (opened: T) => void): void {
    this.land(this.make(), opened, show);
  }

  /** The window closes: the choice still finishing is superseded, and every later one too. */
  close(): void {
    this.closed = true;
    this.pendingChoice?.abort(new ChoiceSupersededError('closed'));
    this.pendingChoice = undefined;
  }
}
