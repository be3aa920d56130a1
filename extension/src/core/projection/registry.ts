// The projections a host keeps live for a session, by key.
import type { Disposable } from '../disposable';
import type { Session } from '../session/session';
import { LiveProjection, type Projection } from './projection';

export class ProjectionRegistry {
  private readonly projections = new Map<string, Projection<unknown>>();

  register<S>(projection: Projection<S>): Disposable {
    if (this.projections.has(projection.key)) throw new Error(`a projection named ${projection.key} is already registered`);
    this.projections.set(projection.key, projection as Projection<unknown>);
    return { dispose: () => this.projections.delete(projection.key) };
  }

  get(key: string): Projection<unknown> | undefined {
    return this.projections.get(key);
  }

  keys(): string[] {
    return [...this.projections.keys()];
  }

  /** Live instances of every registered projection over one session. */
  attach(session: Session): Map<string, LiveProjection<unknown>> {
    return new Map([...this.projections].map(([key, p]) => [key, new LiveProjection(p, session)]));
  }
}
