// Our errors say what they are by a brand, not by their class. A lazily loaded bundle
// may carry its own copy of a class, and `instanceof` is false for an error another
// copy made (a provider bundle's ProviderError seen by the loop's copy). The brand's key
// is `Symbol.for` (the registry is per realm, so every bundle of a process shares it),
// its value the error's name, read from a getter on the prototype (subclasses keep it).
// Each error class extends `brandedError('<its name>')` and has one guard beside it
// (`isProviderError`, …): decisions use the guard, never `instanceof` of our classes
// (eslint.config.mjs forbids it).

const ERROR_BRAND: unique symbol = Symbol.for('agent-checklist.error-brand');

type ErrorClass = new (message?: string, options?: ErrorOptions) => Error;

/** The base of an error class branded `brand`: `class XError extends brandedError('XError')`. */
export function brandedError(brand: string): ErrorClass {
  return class extends Error {
    get [ERROR_BRAND](): string {
      return brand;
    }
  };
}

/** A guard for the errors branded `brand`, whichever copy of their class made them. */
export function errorGuard<T extends Error>(brand: string): (value: unknown) => value is T {
  return (value: unknown): value is T =>
    typeof value === 'object' && value !== null && (value as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] === brand;
}
