// The built-in tools' implementations (built-in-runs.ts: each tool's module, such as
// list-files/list-files-tool.ts), loaded at the first tool set built (a turn, the CLI's
// run, the ACP agent), never at the host's activation: the descriptors (such as
// list-files/descriptor.ts, which the catalog, the presenters and the log's readers use)
// hold only each tool's name and arguments (such as list-files/list-files-signature.ts).
// A lazy module of the process build (dist/tool-runs.js, LAZY_MODULES in
// scripts/lazy-bundles.mjs), required synchronously because a descriptor's `create` is.
type ToolRunsModule = typeof import('./built-in-runs');
/** CommonJS's require (the host's bundles and tsx), declared for this one module. */
declare const require: (id: './built-in-runs') => unknown;
let runs: ToolRunsModule | undefined;

/** The implementations' module, loaded at the first call. */
export function toolRuns(): ToolRunsModule {
  runs ??= require('./built-in-runs') as ToolRunsModule;
  return runs;
}
