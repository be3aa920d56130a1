// Test-only code never ships: the extension's bundle (extension/src/extension.ts, as
// scripts/build.mjs bundles it) takes no module from test/ and holds none of the
// names of the integration tests' API (test/integration/test-api/), nor the members
// production classes once kept only for it. The integration tier checks the real
// `--production` build the same way (test/integration/production-bundle.test.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const TEST_API_DIR = 'test/integration/test-api';
/** API names that are ordinary words in the product too. `testHooks` is the export extension.ts requires by name in Test mode. */
const ORDINARY = new Set(['session', 'sessions', 'run', 'webview', 'testHooks']);
/** Members production code kept only for the tests, removed (issues 21, 47). */
const REMOVED = ['onDidPostToView', 'onDidPost', 'postedEmitter', 'liveAdapters'];

/** The test API's method names (its interface) and every name its modules export. */
function testApiNames(): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(TEST_API_DIR).filter((f) => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(TEST_API_DIR, file), 'utf8');
    for (const [, name] of text.matchAll(/^export (?:class|function|const|interface|type) (\w+)/gm))
      if (name) names.add(name);
    const api = /export interface AgentChecklistTestApi \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    for (const [, name] of api.matchAll(/^ {2}(\w+)\(/gm)) if (name) names.add(name);
  }
  return [...names].filter((name) => !ORDINARY.has(name));
}

describe('the extension bundle', () => {
  it('takes nothing from test/ and holds no name of the test API', async () => {
    const result = await esbuild.build({
      entryPoints: ['extension/src/extension.ts'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: 'out/no-test-code-test/extension.js',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(
      inputs.some((f) => f.endsWith('extension/src/vscode/status/plan-status-bar.ts')),
      'the adapters are in it (the metafile is read right)',
    );
    assert.deepEqual(
      inputs.filter((f) => f.startsWith('test/')),
      [],
      'modules from test/',
    );
    const code = result.outputFiles.find((f) => f.path.endsWith('extension.js'))?.text ?? '';
    const names = [...testApiNames(), ...REMOVED];
    assert.ok(
      names.includes('statusBarText') && names.includes('VscodeObservers') && names.includes('planTreeRows'),
      `the test API's names are read (${names.length})`,
    );
    assert.deepEqual(
      names.filter((name) => code.includes(name)),
      [],
      'test API names in the bundle',
    );
  });
});
