// Bundles with esbuild: the extension host (cjs, node, `vscode` external), the CLI
// (cjs, node, with a shebang) and the webview (browser, ES modules: webview-build.mjs). Source maps in dev;
// `--production` minifies. `--watch` rebuilds on change.
//
// Provider SDKs (and grep's regex engine) are not in extension.js or cli.js: each is
// its own bundle (dist/providers/<name>.js, dist/re2.js) and the code loads it with a
// dynamic `import('<package>')` at first use, which the build rewrites to
// `import('./providers/<name>.js')`, a path relative to the bundle (dist/); Node's
// import() of that CommonJS bundle finds its named exports (esbuild annotates them).
// Activation and a scripted CLI run load none of them. The build fails if a lazy package slips into a main bundle by a static import.
// The same holds for our own lazy modules (LAZY_MODULES: `agent-checklist mcp`'s server, dist/mcp.js, with the MCP SDK;
// the Markdown parser's worker thread, dist/markdown-worker.js, which core/markdown/markdown-parser.ts starts at the first answer shown).
// What is lazy, and the plugin that enforces it, are in scripts/lazy-bundles.mjs.
import * as esbuild from 'esbuild';
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { LAZY_MODULES, LAZY_PACKAGES, lazyPackages } from './lazy-bundles.mjs';
import { webviewConfigs } from './webview-build.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20' };
const lazyBundles = [
  ...Object.entries(LAZY_PACKAGES).map(([name, { file, exports }]) => ({
    ...node,
    stdin: {
      contents: `export { ${exports.join(', ')} } from ${JSON.stringify(name)};`,
      resolveDir: '.',
      loader: 'js',
    },
    outfile: `dist/${file}.js`,
  })),
  ...Object.entries(LAZY_MODULES).map(([module, file]) => ({
    ...node,
    entryPoints: [module],
    outfile: `dist/${file}.js`,
  })),
];

const configs = [
  {
    ...node,
    entryPoints: ['extension/src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [lazyPackages],
  },
  {
    ...node,
    entryPoints: ['extension/src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    plugins: [lazyPackages],
  },
  ...lazyBundles,
  ...webviewConfigs(common), // main.js and its lazily loaded chunks (scripts/webview-build.mjs)
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
