// The one lifetime contract: every registration returns a Disposable and has an owner.
export interface Disposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** Owns disposables; disposing it disposes them in reverse order, once. */
export class DisposableStore implements Disposable {
  private items: Disposable[] = [];
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const item of this.items.reverse()) item.dispose();
    this.items = [];
  }
}

/**
 * The base of every adapter that owns registrations (listeners, emitters,
 * subscriptions, providers), in vscode-pull-request-github's `_register` style:
 * `this.register(x)` keeps `x` until the owner is disposed, and returns it, so a
 * field is declared and owned in one expression. Disposing disposes them in reverse
 * order, once; a registration after that is disposed at once. A subclass that
 * overrides dispose() calls super.dispose().
 */
export abstract class Owner implements Disposable {
  private readonly registrations = new DisposableStore();

  protected register<T extends Disposable>(item: T): T {
    return this.registrations.add(item);
  }

  dispose(): void {
    this.registrations.dispose();
  }
}
