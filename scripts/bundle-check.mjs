// The build's checks over esbuild's metafile of the process build (scripts/build.mjs):
// no module of ours and no runtime dependency in two files that load into one process,
// and no lazy-only package in what a main bundle loads at start. Its own module so that
// a unit test can show each check failing (test/unit/cli/bundle-check.test.ts).
import { CJS_RUNTIME } from './cjs-runtime.mjs';
import { LAZY_ONLY } from './lazy-bundles.mjs';

/** The process build's metafile, written by the build for the bundle bench and tests (not packed). */
export const PROCESS_META = 'dist/process-meta.json';

/** A module counts where it contributes code: a type-only or tree-shaken input has 0 bytes there. */
function codeInputs(output) {
  return Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input);
}

/** Ours or a runtime dependency's (esbuild's own helpers and virtual modules are neither). */
function isModule(input) {
  return input.startsWith('extension/src/') || input.includes('node_modules/');
}

/** The package an input belongs to ('node_modules/zod'), or undefined for ours. */
function packageRoot(input) {
  const match = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1];
}

/**
 * One module in two shapes is two copies too: a package's CommonJS and ES builds of one
 * file (`dist/cjs/x.js` and `dist/esm/x.js`, `x.cjs` and `x.js`) loaded by two importers.
 */
function moduleKey(input) {
  const pkg = packageRoot(input);
  if (pkg === undefined) return input;
  const rest = input.slice(input.lastIndexOf(`node_modules/${pkg}/`) + `node_modules/${pkg}/`.length);
  const shape = rest.replace(/(^|\/)(cjs|esm|mjs|commonjs|module)(?=\/)/g, '$1*').replace(/\.(c|m)?js$/, '');
  return `${pkg}:${shape}`;
}

/**
 * Modules (ours or a dependency's) in more than one of `outputs` (metafile output paths
 * that load into one process), or in one output under two paths (two copies of a package,
 * or its CommonJS and ES builds). Each: the module and the files that carry it.
 */
export function duplicateModules(metafile, outputs) {
  const carriers = new Map();
  for (const output of outputs) {
    for (const input of codeInputs(metafile.outputs[output]).filter(isModule)) {
      const key = moduleKey(input);
      const seen = carriers.get(key) ?? new Map();
      seen.set(`${output}|${input}`, { output, input });
      carriers.set(key, seen);
    }
  }
  return [...carriers.entries()]
    .filter(([, seen]) => seen.size > 1)
    .map(([module, seen]) => ({
      module,
      bundles: [...seen.values()].map(({ output, input }) => `${output} (${input})`),
    }));
}

/** The output files `entry` loads at start: itself and what it imports statically, transitively. */
export function startupFiles(metafile, entry) {
  const files = new Set([entry]);
  for (const file of files) {
    for (const { path, kind, external } of metafile.outputs[file]?.imports ?? []) {
      if (!external && kind === 'import-statement') files.add(path);
    }
  }
  return [...files];
}

/**
 * The production build's start budgets (BENCHMARKS.md, issue 47), 1 KB = 1024 B: what the extension
 * host loads at activation (dist/extension.js, its chunks and the CommonJS helpers) and the webview's
 * first script (dist/webview/main.js; what first paint does not need is in its chunks).
 */
export const START_BUDGETS = { extension: 300 * 1024, webviewMain: 40 * 1024 };

/**
 * The bytes `entry` (a first-pass output, `dist/.esm/extension.js`) loads at start in the production
 * build: each of its startup files at its place under dist/, and dist/cjs-runtime.js, which every one
 * of them requires; `size` gives a dist/ file's bytes.
 */
export function startupBytes(metafile, entry, size) {
  const files = [
    ...startupFiles(metafile, entry).map((file) => file.replace('dist/.esm/', 'dist/')),
    `dist/${CJS_RUNTIME}`,
  ];
  return files.reduce((sum, file) => sum + size(file), 0);
}

/** Lazy-only packages (LAZY_ONLY) in what `entry` loads at start: each package and the file that holds it. */
export function lazyPackagesAtStart(metafile, entry) {
  return startupFiles(metafile, entry).flatMap((file) =>
    codeInputs(metafile.outputs[file])
      .map((input) => packageRoot(input))
      .filter((pkg) => pkg !== undefined && LAZY_ONLY.test(pkg))
      .map((pkg) => ({ pkg, file })),
  );
}

/** The build's verdict: error lines (empty when the build is sound). */
export function checkProcessBuild(metafile, mainOutputs) {
  const outputs = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'));
  const errors = duplicateModules(metafile, outputs).map(
    ({ module, bundles }) => `${module} is in two bundles of one process: ${bundles.join(', ')}`,
  );
  for (const main of mainOutputs) {
    const seen = new Set();
    for (const { pkg, file } of lazyPackagesAtStart(metafile, main)) {
      if (seen.has(pkg)) continue;
      seen.add(pkg);
      errors.push(`${pkg} is loaded at the start of ${main} (in ${file}): load it with import() from a lazy module`);
    }
  }
  return errors;
}
