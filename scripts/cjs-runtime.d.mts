// Types of scripts/cjs-runtime.mjs for the TypeScript that imports it (the bundle bench, its unit test).

/** The shared helpers' file, at dist/'s root. */
export const CJS_RUNTIME: string;
/** Each helper esbuild writes, name -> its definition's text, as this esbuild writes it. */
export function helperDefinitions(): Map<string, string>;
/** dist/cjs-runtime.js's text: every helper, exported by its name. */
export function runtimeText(definitions?: Map<string, string>): string;
/** A converted file with its helper definitions replaced by a require of `runtimePath`. */
export function shareHelpers(code: string, runtimePath: string, definitions?: Map<string, string>): string;
