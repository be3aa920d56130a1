// The production build's shared CommonJS helpers (scripts/cjs-runtime.mjs): a converted
// file keeps its meaning with its helpers taken from the shared file instead of its own.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { CJS_RUNTIME, runtimeText, shareHelpers } from '../../../scripts/cjs-runtime.mjs';

const CJS = { format: 'cjs', platform: 'neutral', supported: { 'dynamic-import': false } } as const;

describe('shared CommonJS helpers (the production build)', () => {
  it('replaces every helper definition of a converted file by one require, with the same exports', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cjs-runtime-'));
    const write = (file: string, esm: string) => {
      const { code } = esbuild.transformSync(esm, CJS);
      const shared = shareHelpers(code, `./${CJS_RUNTIME}`);
      assert.doesNotMatch(shared, /var __(export|toCommonJS|toESM|copyProps) =/);
      fs.writeFileSync(path.join(dir, file), shared);
    };
    fs.writeFileSync(path.join(dir, CJS_RUNTIME), runtimeText());
    write('b.js', 'export const b = 2; export default "bee";');
    write('a.js', 'import bee, * as ns from "./b.js"; export * from "./b.js"; export const a = 1; export { bee, ns };');
    write('c.js', 'export const later = () => import("./a.js");');
    const c = (await import(path.join(dir, 'c.js'))) as { later: () => Promise<Record<string, unknown>> };
    const a = await c.later();
    assert.deepEqual([a.a, a.b, a.bee, (a.ns as { b: number }).b], [1, 2, 'bee', 2]);
  });

  it('leaves a file without helpers as it is', () => {
    assert.equal(
      shareHelpers('"use strict";\nconsole.log(1);\n', `./${CJS_RUNTIME}`),
      '"use strict";\nconsole.log(1);\n',
    );
  });
});
