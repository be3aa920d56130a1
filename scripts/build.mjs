// Bundles with esbuild: the extension host (cjs, node, `vscode` external), the CLI
// (cjs, node, with a shebang) and the webview (browser, iife). Source maps in dev;
// `--production` minifies. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const configs = [
  { ...common, entryPoints: ['extension/src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  { ...common, entryPoints: ['extension/src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
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
