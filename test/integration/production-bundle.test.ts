// Test-only code never ships: the production build (`scripts/build.mjs --production`,
// what `npm run package` packs) contains none of the test API's names, nor the
// members the adapters once kept for it, and emits no test-api bundle, while this
// host (ExtensionMode.Test) got the API from dist/test-api.js, which only the
// integration harness writes (test/integration/test-api/). No webview bundle carries
// a `data-testid`: the tests find elements by role and accessible name. The Markdown
// parser is not in the main bundles either: it is in dist/markdown-worker.js, the
// worker thread that parses answers (test/integration/answer-markdown.test.ts).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentChecklistApi } from '../../extension/src/extension';
import { EXTENSION_ID, getApi } from './helpers';

/** Names of the API that the product itself never uses (session, run, webview … are ordinary words there). */
const ORDINARY = new Set(['session', 'sessions', 'run', 'webview']);
/** The public API (vscode/public-api.ts) rides on the same object in Test mode and ships: every one of its names, checked by the type. */
const PUBLIC: { [K in keyof AgentChecklistApi]: true } = { registerTool: true };
/**
 * Implementation names of the test module, and the members that production classes
 * kept only for it (AgentPages.onDidPostToView and its emitter, AgentWebviewProvider.onDidPost).
 * Not `testHooks`: extension.ts reads that export by name, in Test mode only.
 */
const INTERNALS = [
  'TreeRedraws',
  'VscodeObservers',
  'createTestApi',
  'snapshotPosted',
  'onDidPostToView',
  'onDidPost',
  'postedEmitter',
];
/** Strings only the Markdown parser has (character-entities, micromark's and mdast-util-gfm's token names). */
const MARKDOWN_MARKERS = ['AElig', 'htmlFlow', 'codeFencedFence', 'gfmFootnoteDefinition'];

/** The real build script in a scratch folder linked to the sources (dist/ keeps the development build). Async: the host stays responsive. */
async function productionBuild(root: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-it-prod-'));
  for (const name of ['extension', 'webview', 'node_modules', 'package.json', 'tsconfig.json'])
    fs.symlinkSync(path.join(root, name), path.join(dir, name));
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', 'build.mjs'), '--production'],
      { cwd: dir },
      (error, stdout, stderr) => (error ? reject(new Error(`production build failed: ${stdout}${stderr}`)) : resolve()),
    );
  });
  return dir;
}

describe('production bundle', () => {
  it('contains none of the test API names, no test-api bundle and no webview test id; this test host loaded the API from dist/test-api.js', async function () {
    this.timeout(120_000);
    const api = await getApi();
    const names = [
      ...Object.keys(api).filter((name) => !ORDINARY.has(name) && !Object.hasOwn(PUBLIC, name)),
      ...INTERNALS,
    ];
    assert.ok(
      names.includes('planTreeRows') && names.includes('statusBarText'),
      'the names come from the live API object',
    );
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    assert.ok(root);
    assert.ok(
      Object.keys(require.cache).some((file) => file === path.join(root, 'dist', 'test-api.js')),
      'this host required the test API from dist/test-api.js (the harness wrote it)',
    );

    const dir = await productionBuild(root);
    try {
      const dist = path.join(dir, 'dist');
      assert.ok(!fs.existsSync(path.join(dist, 'test-api.js')), 'the production build emits no test API bundle');
      // Every file of the process build (the main bundles, their chunks, the lazy entries); the parser only in its worker.
      for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'markdown-worker.js')) {
        const text = fs.readFileSync(path.join(dist, file), 'utf8');
        const found = names.filter((name) => text.includes(name));
        assert.deepEqual(found, [], `${file} (production) contains test API names`);
        assert.deepEqual(
          MARKDOWN_MARKERS.filter((m) => text.includes(m)),
          [],
          `${file} (production) contains the Markdown parser`,
        );
      }
      const webview = fs.readdirSync(path.join(dist, 'webview')).filter((file) => file.endsWith('.js'));
      assert.ok(webview.includes('main.js'), 'the production build emits the webview');
      assert.deepEqual(
        webview.filter((file) => fs.readFileSync(path.join(dist, 'webview', file), 'utf8').includes('data-testid')),
        [],
        'webview bundles (production) that contain data-testid',
      );
      const markdown = fs.readFileSync(path.join(dist, 'markdown-worker.js'), 'utf8');
      assert.deepEqual(
        MARKDOWN_MARKERS.filter((m) => !markdown.includes(m)),
        [],
        'the parser is in dist/markdown-worker.js (production)',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
