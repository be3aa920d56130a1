// knip (npm run lint): no dead file and no unused export, in two passes over the same
// entry points. The whole repository: the product's entry points below plus the
// tests, the bench and the scripts. `--production`: the product's entry points only
// (marked `!`), so an export that only a test imports is reported too: tests go
// through the product's real entry points. The product's entry points are read from
// the build's own lists, so a new lazy module or webview chunk is one here too:
// extension.ts and cli/main.ts (the two main bundles), every LAZY_MODULES module
// (lazy bundles and worker threads), the page (webview/src/main.tsx) and its chunks.
import { LAZY_MODULES, MAIN_MODULES, WORKER_MODULES } from './scripts/lazy-bundles.mjs';
import { WEBVIEW_CHUNKS, WEBVIEW_PAGES } from './scripts/webview-build.mjs';

const PRODUCT_ENTRIES = [
  ...Object.keys(MAIN_MODULES),
  ...Object.keys(LAZY_MODULES),
  ...Object.keys(WORKER_MODULES),
  'webview/src/main.tsx',
  ...Object.keys(WEBVIEW_CHUNKS),
  ...Object.keys(WEBVIEW_PAGES),
];

export default {
  entry: [
    ...PRODUCT_ENTRIES.map((file) => `${file}!`),
    'test/**/*.test.{ts,tsx}',
    'test/integration/index.ts',
    'test/integration/installed/index.ts',
    'test/integration/test-api/test-api.ts',
    'test/e2e/**/*.{ts,mjs}',
    // Started as child processes or run by hand, by path.
    'bench/*-child.ts',
    'test/unit/tools/fixtures/bash-child.ts',
    'test/fixtures/agent-files/record.ts',
    'scripts/**/*.mjs',
  ],
  // Dead code and unused exports only: the packages (some are used by path or by the
  // tiers' tools, not imported) and the machine's binaries (bwrap, setpriv) are not its business.
  rules: {
    dependencies: 'off',
    devDependencies: 'off',
    optionalPeerDependencies: 'off',
    unlisted: 'off',
    binaries: 'off',
  },
  project: [
    'extension/src/**/*.{ts,tsx}!',
    'webview/src/**/*.{ts,tsx}!',
    'test/**/*.{ts,tsx,mjs}',
    'bench/**/*.{ts,mjs}',
    'scripts/**/*.mjs',
  ],
};
