// A module loaded at its first use instead of at start: one of the lazy bundles
// (LAZY_MODULES in scripts/lazy-bundles.mjs) or a package only they need, loaded with
// CommonJS's synchronous require (the host's and the CLI's bundles, the worker threads'
// bundles and tsx's hook all have one). The require stays in the loading module, with
// the module's id as a literal, so that the bundler resolves it from there; this module
// holds what every such load shares: the type of the require and the one load per realm.

/**
 * CommonJS's require as a module declares it for the lazy modules it loads, each id typed
 * as its module: `declare const require: LazyRequire<{ './json-schema': JsonSchemaModule }>`.
 */
export type LazyRequire<Modules> = <Id extends keyof Modules & string>(id: Id) => Modules[Id];

/** The module `load` returns, loaded at the first call and the same module at every later one. */
export function lazyModule<M>(load: () => M): () => M {
  let loaded: { module: M } | undefined;
  return () => (loaded ??= { module: load() }).module;
}
