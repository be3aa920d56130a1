// The one export of re2-wasm that grep uses, as an ES module of ours: a lazy entry of
// the build (dist/re2.js, LAZY_MODULES in scripts/lazy-bundles.mjs) that linear-regex.ts
// requires at the first pattern it compiles, so the named export survives code splitting (a split
// CommonJS package would reach the importer as a default export only).
export { RE2 } from 're2-wasm';
