// Our zod/mini in the process build (scripts/lean-zod.mjs): a main entry that uses
// zod/mini, beside a lazy entry that uses zod's compiler and JSON Schema generator,
// loads neither at start; without the plugin it does (the cause it removes). A zod
// whose files lack the lines the plugin removes fails, naming them.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { startupFiles } from '../../../scripts/bundle-check.mjs';

const root = path.resolve(__dirname, '../../..');

interface LeanZod {
  leanZod: esbuild.Plugin;
  leanCoreIndex(text: string): string;
  leanMiniExternal(text: string): string;
}
const leanZod = () => import(path.join(root, 'scripts/lean-zod.mjs')) as Promise<LeanZod>;

const MAIN = "import * as z from 'zod/mini';\nconsole.log(z.object({ a: z.string() }).safeParse({ a: 1 }).success);";
const LAZY = [
  "import { compile, toJSONSchema } from 'zod/v4/core';",
  "import * as z from 'zod/mini';",
  'const s = z.object({ a: z.string() });',
  'console.log(compile(s).safeParse({ a: 1 }).success, toJSONSchema(s));',
].join('\n');
const LEFT_OUT = /node_modules\/zod\/v4\/core\/(compile|to-json-schema|json-schema-processors|memoizer)\.js$/;

/** zod's compiler and generator modules with code in what the main entry loads at start (one build, split as the process build is). */
async function leftOutAtStart(plugins: esbuild.Plugin[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-zod-'));
  const src = path.join(root, 'extension/src/core');
  const files = Object.entries({ main: MAIN, lazy: LAZY }).map(([name, contents]) => {
    const file = path.join(src, `.lean-zod-${process.pid}-${name}.ts`);
    fs.writeFileSync(file, contents);
    return { in: file, out: name };
  });
  try {
    const { metafile } = await esbuild.build({
      entryPoints: files,
      bundle: true,
      write: false,
      outdir: dir,
      platform: 'node',
      format: 'esm',
      splitting: true,
      metafile: true,
      logLevel: 'silent',
      logOverride: { 'import-is-undefined': 'error' },
      absWorkingDir: root,
      plugins,
    });
    const main = Object.keys(metafile.outputs).find((o) => o.endsWith('/main.js'));
    assert.ok(main, Object.keys(metafile.outputs).join(', '));
    return startupFiles(metafile, main).flatMap((file) =>
      Object.entries(metafile.outputs[file]?.inputs ?? {})
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && LEFT_OUT.test(input))
        .map(([input]) => input),
    );
  } finally {
    for (const file of files) fs.rmSync(file.in, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('lean zod/mini (scripts/lean-zod.mjs)', () => {
  it("keeps zod's compiler and JSON Schema generator out of a main entry's start while a lazy entry uses them", async () => {
    assert.notDeepEqual(await leftOutAtStart([]), [], 'without the plugin the main entry loads them at start');
    assert.deepEqual(await leftOutAtStart([(await leanZod()).leanZod]), []);
  });

  it('fails, naming what is missing, on a zod whose files no longer hold the lines it removes', async () => {
    const { leanCoreIndex, leanMiniExternal } = await leanZod();
    assert.throws(() => leanCoreIndex('export * from "./core.js";\n'), /a re-export of \.\/compile\.js/);
    assert.throws(() => leanMiniExternal('export * from "./schemas.js";\n'), /toJSONSchema/);
  });
});
