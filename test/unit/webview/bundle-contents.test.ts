// What the webview bundle is made of (esbuild's metafile of webview/src/main.tsx,
// bundled as scripts/build.mjs bundles it): no zod and no presenter, the host
// presents and validates. A value import of a protocol schema (messages.ts,
// transcript.ts, tool-view.ts, plan-view.ts, markdown-schema.ts) drags zod/mini and
// the presenters back in, and fails here; type imports are erased and are fine. Nor
// the English string table (core/protocol/strings.ts): every string comes from the
// host, localized, in the snapshot.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

async function bundledInputs(): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: ['webview/src/main.tsx'],
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out/bundle-contents-test',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.ttf': 'file' },
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined);
  assert.ok(output, 'the bundle has an entry output');
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file.replace(/\\/g, '/'));
}

describe('the webview bundle', () => {
  it('carries no zod, no presenter and no host fold, only the protocol leaf modules it paints from', async () => {
    const inputs = await bundledInputs();
    assert.ok(inputs.some((f) => f.endsWith('webview/src/app.tsx')), 'the app is in the bundle (the metafile is read right)');
    assert.ok(inputs.some((f) => f.includes('node_modules/preact/')), 'preact is in it');
    const zod = inputs.filter((f) => f.includes('node_modules/zod/'));
    assert.deepEqual(zod, [], 'no zod: the webview checks type and seq (host-message-check.ts)');
    const host = inputs.filter((f) => f.includes('extension/src/') && !/extension\/src\/core\/(protocol\/host-message-check|domain-literals|text-template|plan\/summaries|plan\/one-line)\.ts$/.test(f));
    assert.deepEqual(host, [], 'no presenter, schema, fold or string table of the host');
  });
});
