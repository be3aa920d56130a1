// Types of scripts/bundle-check.mjs for the TypeScript that imports it (the bundle bench, the tests of the process build).

/** The part of esbuild's metafile the check reads: each output's inputs and imports. */
export interface ProcessMetafile {
  outputs: Record<
    string,
    {
      bytes: number;
      inputs: Record<string, { bytesInOutput: number }>;
      imports: { path: string; kind: string; external?: boolean }[];
    }
  >;
}

/** The process build's metafile, written by the build for the bundle bench and tests (not packed). */
export const PROCESS_META: string;
/** The output files `entry` loads at start: itself and what it imports statically, transitively. */
export function startupFiles(metafile: ProcessMetafile, entry: string): string[];
/** Modules in more than one of `outputs`, or in one output under two paths: each with the files that carry it. */
export function duplicateModules(metafile: ProcessMetafile, outputs: string[]): { module: string; bundles: string[] }[];
/** The production build's start budgets in bytes: activation's files, and the webview's main.js. */
export const START_BUDGETS: { extension: number; webviewMain: number };
/** The bytes `entry` (`dist/.esm/…`) loads at start in the production build, dist/cjs-runtime.js counted; `size` gives a dist/ file's bytes. */
export function startupBytes(metafile: ProcessMetafile, entry: string, size: (file: string) => number): number;
/** Lazy-only packages in what `entry` loads at start: each package and the file that holds it. */
export function lazyPackagesAtStart(metafile: ProcessMetafile, entry: string): { pkg: string; file: string }[];
/** The build's verdict: error lines (empty when the build is sound). */
export function checkProcessBuild(metafile: ProcessMetafile, mainOutputs: string[]): string[];
