// Projections are pure folds over the log. `apply` returns the SAME reference for
// events it ignores, so consumers skip work with Object.is. The same fold runs live
// (as a session subscriber) and over a stored log (replay); tests prove they agree.
import type { Disposable } from '../disposable';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';

export interface Projection<S> {
  readonly key: string;
  /** Bumped when the fold's meaning changes (cached states of older versions are void). */
  readonly stateVersion: number;
  readonly init: S;
  apply(state: S, event: SessionEvent): S;
}

export function fold<S>(projection: Projection<S>, events: Iterable<SessionEvent>): S {
  let state = projection.init;
  for (const event of events) state = projection.apply(state, event);
  return state;
}

/** A projection kept current by a session's appends; `onChange` fires only on a new state. */
export class LiveProjection<S> implements Disposable {
  private current: S;
  private readonly subscription: Disposable;
  private readonly listeners = new Set<(state: S, event: SessionEvent) => void>();

  constructor(
    readonly projection: Projection<S>,
    session: Session,
  ) {
    this.current = fold(projection, session.events);
    this.subscription = session.subscribe((event) => {
      const next = projection.apply(this.current, event);
      if (Object.is(next, this.current)) return;
      this.current = next;
      for (const listener of [...this.listeners]) listener(next, event);
    });
  }

  get state(): S {
    return this.current;
  }

  onChange(listener: (state: S, event: SessionEvent) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  dispose(): void {
    this.subscription.dispose();
    this.listeners.clear();
  }
}
