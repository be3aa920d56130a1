// The built-in tools' implementations (built-in-runs.ts: each tool's module, such as
// list-files/list-files-tool.ts), loaded at the first tool set built (a turn, the CLI's
// run, the ACP agent), never at the host's activation: the descriptors (such as
// list-files/descriptor.ts, which the catalog, the presenters and the log's readers use)
// hold only each tool's name and arguments (such as list-files/list-files-signature.ts).
// A lazy module of the process build (dist/tool-runs.js, LAZY_MODULES in
// scripts/lazy-bundles.mjs), required synchronously because a descriptor's `create` is.
import { lazyModule, type LazyRequire } from '../lazy-module';

type ToolRunsModule = typeof import('./built-in-runs');
declare const require: LazyRequire<{ './built-in-runs': ToolRunsModule }>;

/** The implementations' module, loaded at the first call. */
export const toolRuns: () => ToolRunsModule = lazyModule(() => require('./built-in-runs'));
