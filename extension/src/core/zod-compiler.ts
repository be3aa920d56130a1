// zod's schema compiler (z.compile), its own bundle: dist/zod-compiler.js (LAZY_MODULES
// in scripts/lazy-bundles.mjs), which activation and short reads never need;
// zod-compile-when-hot.ts `require`s this module the first time a schema turns hot (a
// long replay). The bundle carries its own copy of zod's core; the
// compiler reads a schema only through its definition and clones it with the schema's
// own constructor, and a rejection falls back to the schema's own runtime parser, so
// the compiled clone behaves as one made in the main bundle. Imported from zod's core
// index: the process build's zod/mini leaves the compiler out (scripts/lean-zod.mjs),
// so that only this lazy entry's chunks carry it.
export { compile } from 'zod/v4/core';
