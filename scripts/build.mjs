// Bundles with esbuild: the process build (the extension host's and the CLI's code),
// the worker threads, and the webview (browser, ES modules: webview-build.mjs). Source
// maps in dev; `--production` minifies. `--watch` rebuilds on change.
//
// One copy of the core per process. The main bundles (dist/extension.js, dist/cli.js)
// and the modules they load lazily (LAZY_MODULES: providers with their SDKs, MCP, ACP,
// the bash run, zod's compiler, the tools' JSON Schema) are ONE esbuild build with code
// splitting: what two of them share is a chunk of its own (dist/chunk-<hash>.js) that
// both load, so a lazy module uses the loading bundle's modules (one ProviderError, one
// zod) instead of carrying copies. esbuild splits only to ES modules; each file is then
// turned into CommonJS (a second esbuild pass that reads the first pass's source maps),
// because VS Code loads `main` with require and two modules load with a synchronous
// require. Every `import()` of a module or package is a split point; grep's regex engine
// (re2-wasm, whose chunk loads dist/re2.wasm from beside it) is one of them.
// scripts/bundle-check.mjs then fails the build when a module is in two files, or a
// lazy-only package in what a main bundle loads at start. Worker threads are separate
// realms: each is a bundle of its own (WORKER_MODULES).
import * as esbuild from 'esbuild';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PROCESS_META, checkProcessBuild } from './bundle-check.mjs';
import { CJS_OPTIONS, CJS_RUNTIME, helperDefinitions, runtimeText, shareHelpers } from './cjs-runtime.mjs';
import { dedupePackages } from './dedupe-packages.mjs';
import { leanZod } from './lean-zod.mjs';
import { LAZY_MODULES, MAIN_MODULES, WORKER_MODULES, lazyPackages } from './lazy-bundles.mjs';
import { webviewConfigs } from './webview-build.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
/** The first pass's ES modules, turned into dist/'s CommonJS files by the second. */
const ESM_DIR = 'dist/.esm';
const SHEBANG = '#!/usr/bin/env node';

const common = { bundle: true, sourcemap: production ? false : 'linked', minify: production, legalComments: 'none' };
const node = { ...common, platform: 'node', target: 'node20', logLevel: 'info' };

const processConfig = {
  ...node,
  entryPoints: Object.entries({ ...MAIN_MODULES, ...LAZY_MODULES }).map(([module, out]) => ({ in: module, out })),
  format: 'esm',
  splitting: true,
  outdir: ESM_DIR,
  chunkNames: 'chunk-[hash]',
  external: ['vscode'],
  plugins: [lazyPackages, leanZod, dedupePackages()],
  // A name zod/mini's lean build leaves out (scripts/lean-zod.mjs) used by our code fails the build.
  logOverride: { 'import-is-undefined': 'error' },
  metafile: true,
  logLevel: 'warning',
};

const workerConfigs = Object.entries(WORKER_MODULES).map(([module, file]) => ({
  ...node,
  format: 'cjs',
  entryPoints: [module],
  outfile: `dist/${file}.js`,
}));

/** Every .js file under `dir`, recursively, as paths relative to it. */
function jsFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return jsFiles(dir, path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** The second pass: each first-pass file as CommonJS at its place under dist/ (the CLI's with its shebang). */
async function toCommonJs() {
  const files = jsFiles(ESM_DIR);
  const pass = (entries, banner) =>
    esbuild.build({
      ...node,
      bundle: false,
      ...CJS_OPTIONS,
      // Every converted file is loaded with require (import() becomes one: CJS_OPTIONS),
      // never by Node's ES module loader: no annotation of its exports for Node's CommonJS
      // lexer (what the node platform adds to each file). import() of a converted file
      // must see its ES exports (its `default` too), as the first pass meant: a require
      // gives that object, Node's import() of CommonJS does not.
      entryPoints: entries.map((file) => join(ESM_DIR, file)),
      outbase: ESM_DIR,
      outdir: 'dist',
      logLevel: 'warning',
      // Production: minified after its helpers are shared (sharedHelpers).
      ...(production ? { minify: false, write: false } : {}),
      ...(banner ? { banner: { js: banner } } : {}),
    });
  const results = await Promise.all([pass(files.filter((f) => f !== 'cli.js')), pass(['cli.js'], SHEBANG)]);
  if (production) await sharedHelpers(results.flatMap((result) => result.outputFiles));
  chmodSync('dist/cli.js', 0o755);
}

/** Production: each converted file with esbuild's helpers from dist/cjs-runtime.js (scripts/cjs-runtime.mjs), minified. */
async function sharedHelpers(outputFiles) {
  const definitions = helperDefinitions();
  const minified = async (text) =>
    (await esbuild.transform(text, { ...CJS_OPTIONS, minify: true, target: 'node20', legalComments: 'none' })).code;
  writeFileSync(join('dist', CJS_RUNTIME), await minified(runtimeText(definitions)));
  await Promise.all(
    outputFiles.map(async ({ path, text }) => {
      const fromDist = relative(resolve('dist'), path).split(sep).join('/');
      const runtime = `${'../'.repeat(fromDist.split('/').length - 1) || './'}${CJS_RUNTIME}`;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await minified(shareHelpers(text, runtime, definitions)));
    }),
  );
}

/** Fails the build on a second copy of a module in one process, or a lazy-only package loaded at start. */
function checkBundles(metafile) {
  const mains = Object.values(MAIN_MODULES).map((out) => `${ESM_DIR}/${out}.js`);
  const errors = checkProcessBuild(metafile, mains);
  if (errors.length > 0) throw new Error(`bundle check:\n${errors.map((e) => `  ${e}`).join('\n')}`);
  writeFileSync(PROCESS_META, JSON.stringify(metafile));
}

/** Removes the last build's process files, so no stale chunk stays beside the new ones. */
function cleanProcessFiles() {
  rmSync(ESM_DIR, { recursive: true, force: true });
  if (!existsSync('dist')) return;
  for (const file of readdirSync('dist')) if (/^chunk-.*\.js(\.map)?$/.test(file)) rmSync(join('dist', file));
  rmSync(join('dist', CJS_RUNTIME), { force: true });
}

async function finishProcessBuild(metafile) {
  checkBundles(metafile);
  await toCommonJs();
  rmSync(ESM_DIR, { recursive: true, force: true });
}

function copyAssets() {
  mkdirSync('dist/webview', { recursive: true });
  if (existsSync('node_modules/@vscode/codicons/dist/codicon.css')) {
    cpSync('node_modules/@vscode/codicons/dist/codicon.css', 'dist/webview/codicon.css');
    cpSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/webview/codicon.ttf');
  }
  // grep's linear-time regex engine (re2-wasm) loads its wasm from beside its chunk (dist/'s root).
  cpSync('node_modules/re2-wasm/build/wasm/re2.wasm', 'dist/re2.wasm');
  // SQLite (node-sqlite3-wasm: opencode's database) loads its wasm from beside its bundle (dist/opencode-db.js, the follower's worker).
  cpSync('node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm', 'dist/node-sqlite3-wasm.wasm');
  if (existsSync('extension/demo')) cpSync('extension/demo', 'dist/demo', { recursive: true });
}

const finishOnEnd = {
  name: 'finish-process-build',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length === 0) await finishProcessBuild(result.metafile);
    });
  },
};

cleanProcessFiles();
if (watch) {
  copyAssets();
  await (await esbuild.context({ ...processConfig, plugins: [...processConfig.plugins, finishOnEnd] })).watch();
  for (const config of [...workerConfigs, ...webviewConfigs(common)]) await (await esbuild.context(config)).watch();
} else {
  const [processResult] = await Promise.all([
    esbuild.build(processConfig),
    ...workerConfigs.map((config) => esbuild.build(config)),
    ...webviewConfigs(common).map((config) => esbuild.build(config)), // main.js and its lazy chunks
  ]);
  await finishProcessBuild(processResult.metafile);
  copyAssets();
}
