// The webview's bundles (browser, ES modules, always minified). dist/webview/main.js
// is everything the page shows when it opens; each WEBVIEW_CHUNKS module is a chunk
// of its own, dist/webview/<name>.js, that the page fetches with `import()` from
// beside main.js when the user first needs it (webview/src/lazy-views.tsx). The page's
// one <script type="module"> carries the CSP nonce, and the chunks it imports inherit
// it, so the CSP stays `script-src 'nonce-…'` (vscode/agent-view/webview-html.ts).
//
// A chunk shares main's code instead of copying it: its imports of
// webview/src/chunk-api.ts and preact/jsx-runtime become imports of `./main.js`,
// which exports chunk-api (main.tsx: `export * from './chunk-api'`); one preact, so
// hooks work across chunks. The build fails when a chunk imports any other value, or
// when main imports a chunk's module other than by `import()`.
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/** Lazily loaded parts of the page: module -> its chunk's name under dist/webview/. */
export const WEBVIEW_CHUNKS = {
  'webview/src/components/approval-card.tsx': 'approval-card',
  'webview/src/components/child-panel.tsx': 'child-panel',
  'webview/src/components/markdown.tsx': 'markdown',
  'webview/src/components/plan-evidence.tsx': 'plan-evidence',
  'webview/src/components/plan-review-rows.tsx': 'plan-review-rows',
  'webview/src/components/plan-history.tsx': 'plan-history',
  'webview/src/components/plan-review.tsx': 'plan-first',
  'webview/src/components/plan-row-edit.tsx': 'plan-row-edit',
  'webview/src/components/plan-notice.tsx': 'plan-notice',
  'webview/src/components/tool-body.tsx': 'tool-body',
};
const CHUNK_API = 'webview/src/chunk-api.ts';

/**
 * Pages of their own (module -> dist/webview/<name>.js, with its CSS beside it): an
 * editor tab that never loads main.js (the Plan Board, vscode/board/), so main.js
 * does not grow with it. A page shares nothing with main at run time.
 */
export const WEBVIEW_PAGES = { 'webview/src/board/board-main.tsx': 'board' };

// By real path: the bench builds in a folder of symlinks to the sources.
const CHUNK_FILES = new Map(Object.entries(WEBVIEW_CHUNKS).map(([module, name]) => [realpathSync(module), name]));
const CHUNK_API_FILE = realpathSync(CHUNK_API);

/** The real path of the file a relative import names (as is, .ts or .tsx), or undefined. */
function realTarget(resolveDir, path) {
  const target = resolve(resolveDir, path);
  const file = [target, `${target}.ts`, `${target}.tsx`].find((candidate) => existsSync(candidate));
  return file === undefined ? undefined : realpathSync(file);
}

/** In main.js, `import('<chunk module>')` becomes `import('./<name>.js')`; a static import of one is an error. */
const mainPlugin = {
  name: 'webview-chunks',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const name = CHUNK_FILES.get(realTarget(args.resolveDir, args.path));
      if (name === undefined) return undefined;
      if (args.kind !== 'dynamic-import')
        return {
          errors: [
            {
              text: `${args.path} is a lazily loaded chunk: load it with import() (webview/src/lazy-views.tsx, scripts/webview-build.mjs)`,
            },
          ],
        };
      return { path: `./${name}.js`, external: true };
    });
  },
};

/** In a chunk, chunk-api and preact/jsx-runtime are main.js; nothing else of main may be imported. */
const chunkPlugin = {
  name: 'webview-chunk-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path === 'preact/jsx-runtime') return { path: './main.js', external: true };
      if (/^\.\.?\//.test(args.path) && realTarget(args.resolveDir, args.path) === CHUNK_API_FILE)
        return { path: './main.js', external: true };
      return {
        errors: [
          {
            text: `${args.path}: a webview chunk imports values only from ${CHUNK_API} (what main.js exports); add it there (scripts/webview-build.mjs)`,
          },
        ],
      };
    });
  },
};

/**
 * esbuild configs of main.js and every chunk; `common` is the build's shared options
 * (source maps, log level).
 */
export function webviewConfigs(common = {}) {
  const base = {
    ...common,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
  };
  return [
    {
      ...base,
      entryPoints: ['webview/src/main.tsx'],
      outfile: 'dist/webview/main.js',
      loader: { '.ttf': 'file' },
      plugins: [mainPlugin],
    },
    ...Object.entries(WEBVIEW_CHUNKS).map(([module, name]) => ({
      ...base,
      entryPoints: [module],
      outfile: `dist/webview/${name}.js`,
      plugins: [chunkPlugin],
    })),
    ...Object.entries(WEBVIEW_PAGES).map(([module, name]) => ({
      ...base,
      entryPoints: [module],
      outfile: `dist/webview/${name}.js`,
      plugins: [mainPlugin],
    })),
  ];
}
