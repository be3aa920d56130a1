// The start budgets (scripts/bundle-check.mjs START_BUDGETS, BENCHMARKS.md): the production
// build (scripts/build.mjs --production, in a scratch folder linked to the sources, so
// dist/ keeps the development build) loads at most 300 KB at the extension's activation
// and its webview's main.js is at most 40 KiB. The count itself is shown on a made-up
// metafile: every file loaded at start and the CommonJS helpers, nothing loaded later.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProcessMetafile } from '../../../scripts/bundle-check.mjs';

const root = path.resolve(__dirname, '../../..');
const LINKED = ['extension', 'webview', 'node_modules', 'package.json', 'tsconfig.json'];

interface BundleCheck {
  START_BUDGETS: { extension: number; webviewMain: number };
  PROCESS_META: string;
  startupBytes(metafile: ProcessMetafile, entry: string, size: (file: string) => number): number;
}
const check = () => import(path.join(root, 'scripts/bundle-check.mjs')) as Promise<BundleCheck>;

const output = (imports: { path: string; kind: string }[]) => ({ bytes: 0, inputs: {}, imports });

describe('start budgets', () => {
  it('counts every file loaded at start and the CommonJS helpers, not what is imported later', async () => {
    const { startupBytes } = await check();
    const meta: ProcessMetafile = {
      outputs: {
        'dist/.esm/extension.js': output([
          { path: 'dist/.esm/chunk-A.js', kind: 'import-statement' },
          { path: 'dist/.esm/plan-check.js', kind: 'dynamic-import' },
        ]),
        'dist/.esm/chunk-A.js': output([{ path: 'dist/.esm/chunk-B.js', kind: 'import-statement' }]),
        'dist/.esm/chunk-B.js': output([]),
        'dist/.esm/plan-check.js': output([]),
      },
    };
    const sizes: Record<string, number> = {
      'dist/extension.js': 1000,
      'dist/chunk-A.js': 200,
      'dist/chunk-B.js': 30,
      'dist/plan-check.js': 5000,
      'dist/cjs-runtime.js': 4,
    };
    assert.equal(
      startupBytes(meta, 'dist/.esm/extension.js', (file) => sizes[file]!),
      1234,
    );
  });

  describe('the production build', () => {
    let dir: string;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-budgets-'));
      for (const name of LINKED) fs.symlinkSync(path.join(root, name), path.join(dir, name));
      const status = await new Promise<number | null>((resolve) =>
        spawn(process.execPath, [path.join(root, 'scripts/build.mjs'), '--production'], {
          cwd: dir,
          stdio: 'inherit',
        }).on('exit', resolve),
      );
      assert.equal(status, 0, 'the production build ran');
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('activation loads at most 300 KB (dist/extension.js, its chunks, dist/cjs-runtime.js)', async () => {
      const { START_BUDGETS, PROCESS_META, startupBytes } = await check();
      const meta = JSON.parse(fs.readFileSync(path.join(dir, PROCESS_META), 'utf8')) as ProcessMetafile;
      const bytes = startupBytes(meta, 'dist/.esm/extension.js', (file) => fs.statSync(path.join(dir, file)).size);
      assert.ok(bytes <= START_BUDGETS.extension, `${(bytes / 1024).toFixed(1)} KB at activation (budget 300 KB)`);
    });

    it("the webview's main.js is at most 40 KiB", async () => {
      const { START_BUDGETS } = await check();
      const bytes = fs.statSync(path.join(dir, 'dist/webview/main.js')).size;
      assert.ok(bytes <= START_BUDGETS.webviewMain, `dist/webview/main.js is ${bytes} B (budget 40,960 B)`);
    });
  });
});
