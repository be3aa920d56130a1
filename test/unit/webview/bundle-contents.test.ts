// What the webview bundles are made of (esbuild's metafiles of the configs
// scripts/webview-build.mjs gives scripts/build.mjs): no zod and no presenter, the
// host presents and validates. A value import of a protocol schema (messages.ts,
// transcript.ts, tool-view.ts, plan-view.ts, markdown-schema.ts) drags zod/mini and
// the presenters back in, and fails here; type imports are erased and are fine. Nor
// the English string table (core/protocol/strings.ts): every string comes from the
// host, localized, in the snapshot. The lazily loaded chunks carry only their own
// modules and import from main.js only what it exports. And no test hook: the tests
// find the page's elements by role and accessible name (test/unit/webview/roles.ts),
// so the page carries no `data-testid` in any build.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { WEBVIEW_CHUNKS, WEBVIEW_PAGES, webviewConfigs } from '../../../scripts/webview-build.mjs';

interface Bundle {
  /** The output's name under dist/webview/ (main.js, <chunk>.js). */
  name: string;
  /** Source files with bytes in the output, /-separated. */
  inputs: string[];
  exports: string[];
  code: string;
}

async function bundles(): Promise<Bundle[]> {
  const out: Bundle[] = [];
  for (const config of webviewConfigs({ logLevel: 'silent' })) {
    const name = String(config.outfile).split('/').pop() ?? '';
    const result = await esbuild.build({
      ...config,
      write: false,
      metafile: true,
      outfile: `out/bundle-contents-test/${name}`,
    });
    const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith(`/${name}`))?.[1];
    assert.ok(output, `${name} is an output (the metafile is read right)`);
    const code = result.outputFiles.find((f) => f.path.endsWith(`/${name}`))?.text ?? '';
    const inputs = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file.replace(/\\/g, '/'));
    out.push({ name, inputs, exports: output.exports, code });
  }
  return out;
}

/** The names a chunk imports from ./main.js (`import{a as b,c}from"./main.js"`, minified). */
function importedFromMain(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/main\.js"/g)) {
    for (const part of (match[1] ?? '').split(',')) names.push(part.trim().split(/\s+as\s+/)[0] ?? '');
  }
  return names;
}

describe('the webview bundle', () => {
  it('carries no zod, no presenter, no host fold and no string table, only the protocol leaf modules it paints from', async () => {
    const main = (await bundles()).find((b) => b.name === 'main.js');
    assert.ok(main);
    const inputs = main.inputs;
    assert.ok(
      inputs.some((f) => f.endsWith('webview/src/app.tsx')),
      'the app is in the bundle (the metafile is read right)',
    );
    assert.ok(
      inputs.some((f) => f.includes('node_modules/preact/')),
      'preact is in it',
    );
    const zod = inputs.filter((f) => f.includes('node_modules/zod/'));
    assert.deepEqual(zod, [], 'no zod: the webview checks type and seq (host-message-check.ts)');
    const host = inputs.filter(
      (f) =>
        f.includes('extension/src/') &&
        !/extension\/src\/core\/(protocol\/host-message-check|domain-literals|text-template|plan\/summaries|plan\/one-line)\.ts$/.test(
          f,
        ),
    );
    assert.deepEqual(host, [], 'no presenter, schema, fold or string table of the host');
  });

  it('loads the rarely opened parts as chunks that share main.js instead of copying it', async () => {
    const all = await bundles();
    const main = all.find((b) => b.name === 'main.js');
    assert.ok(main);
    assert.deepEqual(
      all.map((b) => b.name).sort(),
      ['main.js', ...[...Object.values(WEBVIEW_CHUNKS), ...Object.values(WEBVIEW_PAGES)].map((n) => `${n}.js`)].sort(),
    );
    for (const [module, name] of Object.entries(WEBVIEW_CHUNKS)) {
      const chunk = all.find((b) => b.name === `${name}.js`);
      assert.ok(chunk);
      assert.deepEqual(chunk.inputs, [module], `${name}.js is its module alone (no second preact, nothing of main)`);
      assert.ok(!main.inputs.includes(module), `${module} is not in main.js`);
      assert.ok(main.code.includes(`import("./${name}.js")`), `main.js loads ./${name}.js with import()`);
      const missing: string[] = importedFromMain(chunk.code).filter((n) => !main.exports.includes(n));
      assert.ok(
        importedFromMain(chunk.code).length > 0,
        `${name}.js imports from ./main.js (the pattern is read right)`,
      );
      assert.deepEqual(missing, [], `${name}.js imports only what main.js exports`);
    }
  });

  it('builds each page of its own (the Plan Board) without zod, the host, or main.js', async () => {
    const all = await bundles();
    for (const [module, name] of Object.entries(WEBVIEW_PAGES)) {
      const page = all.find((b) => b.name === `${name}.js`);
      assert.ok(page);
      assert.ok(page.inputs.includes(module), `${name}.js is built from ${module}`);
      assert.ok(!page.code.includes('./main.js'), `${name}.js does not load main.js`);
      assert.deepEqual(
        page.inputs.filter((f) => f.includes('node_modules/zod/')),
        [],
        'no zod: the host checks what it posts',
      );
      const host = page.inputs.filter(
        (f) => f.includes('extension/src/') && !/extension\/src\/core\/(domain-literals|text-template)\.ts$/.test(f),
      );
      assert.deepEqual(host, [], 'no presenter, schema or string table of the host');
    }
  });

  it('carries no test id in main.js or any chunk (tests find elements by role and accessible name)', async () => {
    const all = await bundles();
    assert.ok(
      all.some((b) => b.name === 'main.js' && b.code.includes('aria-label')),
      'the page is read (its aria-labels are there)',
    );
    assert.deepEqual(
      all.filter((b) => b.code.includes('data-testid')).map((b) => b.name),
      [],
      'bundles with a data-testid',
    );
  });
});
