// Projections are pure folds over the log. `apply` returns the SAME reference for
// events it ignores, so consumers skip work with Object.is. The same fold runs live
// (as a session subscriber) and over a stored log (replay); tests prove they agree.
import type { SessionEvent } from './events';

export interface Projection<S> {
  readonly init: S;
  apply(state: S, event: SessionEvent): S;
}

export function fold<S>(projection: Projection<S>, events: Iterable<SessionEvent>): S {
  let state = projection.init;
  for (const event of events) state = projection.apply(state, event);
  return state;
}
