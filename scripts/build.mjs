// Bundles with esbuild: the extension host (cjs, node, `vscode` external), the CLI
// (cjs, node, with a shebang) and the webview (browser, iife). Source maps in dev;
// `--production` minifies. `--watch` rebuilds on change.
//
// Provider SDKs (and grep's regex engine) are not in extension.js or cli.js: each is
// its own bundle (dist/providers/<name>.js, dist/re2.js) and the code loads it with a
// dynamic `import('<package>')` at first use, which the build rewrites to
// `import('./providers/<name>.js')`, a path relative to the bundle (dist/); Node's
// import() of that CommonJS bundle finds its named exports (esbuild annotates them).
// Activation and a scripted CLI run load none of them. The build fails if a lazy package slips into a main bundle by a static import.
// The same holds for our own lazy modules (LAZY_MODULES: `agent-checklist mcp`'s server, dist/mcp.js, with the MCP SDK).
import * as esbuild from 'esbuild';
import { chmodSync, cpSync, existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

/**
 * Packages loaded only when used, each from its own bundle: package name -> its
 * bundle's path under dist/ and the exports the code uses (the rest is tree-shaken;
 * the code types its import as `Pick<typeof import(pkg), …>` of these). re2-wasm (grep's
 * engine) compiles its wasm when loaded, about 90 ms that activation should not pay;
 * its bundle sits beside dist/re2.wasm, which it loads from its own folder.
 */
const ERRORS = ['APIError', 'APIConnectionError', 'APIUserAbortError'];
export const LAZY_PACKAGES = {
  // Named exports only: a `default` does not survive Node's CommonJS interop of import().
  openai: { file: 'providers/openai', exports: ['OpenAI', ...ERRORS] },
  '@anthropic-ai/sdk': { file: 'providers/anthropic', exports: ['Anthropic', ...ERRORS] },
  're2-wasm': { file: 're2', exports: ['RE2'] },
};

/**
 * Our own modules loaded only when used, each its own bundle: the module -> its bundle's
 * path under dist/. `agent-checklist mcp` loads cli/mcp-stdio.ts (the MCP SDK's server
 * on stdio) with `await import('../mcp-stdio')` when it runs, so no other command pays
 * for the SDK. The MCP SDK may be in these bundles only.
 */
export const LAZY_MODULES = { 'extension/src/cli/mcp-stdio.ts': 'mcp' };
// By real path: esbuild's resolveDir is one (the bench builds in a folder of symlinks to the sources).
const LAZY_MODULE_FILES = new Map(Object.entries(LAZY_MODULES).map(([module, file]) => [realpathSync(module), file]));

/**
 * In a main bundle, `import('<lazy package or module>')` becomes an import() of its
 * bundle; a static import of one is an error, and so is any import of the MCP SDK.
 */
const lazyPackages = {
  name: 'lazy-packages',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/sdk(\/.*)?$/ }, (args) => ({
      errors: [{ text: `${args.path}: the MCP SDK is only in dist/mcp.js; use it from a LAZY_MODULES module (see scripts/build.mjs)` }],
    }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      const file = LAZY_MODULE_FILES.get(target) ?? LAZY_MODULE_FILES.get(`${target}.ts`);
      if (file === undefined) return undefined;
      if (args.kind !== 'dynamic-import') return { errors: [{ text: `${args.path} is loaded lazily: use \`await import('${args.path}')\` at the point of use (see scripts/build.mjs)` }] };
      return { path: `./${file}.js`, external: true };
    });
    const names = Object.keys(LAZY_PACKAGES).map((n) => n.replace(/[/@]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})(/.*)?$`) }, (args) => {
      const file = LAZY_PACKAGES[args.path]?.file;
      if (file === undefined) return { errors: [{ text: `${args.path}: import only the package root of a lazy package (type imports are fine)` }] };
      if (args.kind !== 'dynamic-import') return { errors: [{ text: `${args.path} is loaded lazily: use \`await import('${args.path}')\` at the point of use (see scripts/build.mjs)` }] };
      return { path: `./${file}.js`, external: true };
    });
  },
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };
const lazyBundles = [
  ...Object.entries(LAZY_PACKAGES).map(([name, { file, exports }]) => ({
    ...node,
    stdin: { contents: `export { ${exports.join(', ')} } from ${JSON.stringify(name)};`, resolveDir: '.', loader: 'js' },
    outfile: `dist/${file}.js`,
  })),
  ...Object.entries(LAZY_MODULES).map(([module, file]) => ({ ...node, entryPoints: [module], outfile: `dist/${file}.js` })),
];

/**
 * The test API (vscode/test-api.ts) is its own bundle, and only outside production:
 * extension.js requires dist/test-api.js at run time in ExtensionMode.Test only.
 */
const TEST_API = 'dist/test-api.js';
const testBundles = production ? [] : [{ ...node, entryPoints: ['extension/src/vscode/test-api.ts'], outfile: TEST_API, external: ['vscode'] }];
if (production) rmSync(TEST_API, { force: true });

const configs = [
  { ...node, entryPoints: ['extension/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [lazyPackages] },
  ...testBundles,
  { ...node, entryPoints: ['extension/src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [lazyPackages] },
  ...lazyBundles,
  {
    ...common,
    entryPoints: ['webview/src/main.tsx'],
    outfile: 'dist/webview/main.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    loader: { '.ttf': 'file' },
  },
];

function copyAssets() {
  mkdirSync('dist/webview', { recursive: true });
  if (existsSync('node_modules/@vscode/codicons/dist/codicon.css')) {
    cpSync('node_modules/@vscode/codicons/dist/codicon.css', 'dist/webview/codicon.css');
    cpSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/webview/codicon.ttf');
  }
  // grep's linear-time regex engine (re2-wasm) loads its wasm from beside the bundle.
  cpSync('node_modules/re2-wasm/build/wasm/re2.wasm', 'dist/re2.wasm');
  if (existsSync('extension/demo')) cpSync('extension/demo', 'dist/demo', { recursive: true });
}

if (watch) {
  copyAssets();
  for (const config of configs) await (await esbuild.context(config)).watch();
} else {
  await Promise.all(configs.map((config) => esbuild.build(config)));
  chmodSync('dist/cli.js', 0o755);
  copyAssets();
}
