// The build's own check (scripts/bundle-check.mjs): one copy of each module per
// process. Shown failing on deliberate duplicates built by esbuild, and passing on the
// real build's metafile (dist/process-meta.json).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');

interface Check {
  checkProcessBuild(metafile: esbuild.Metafile, mains: string[]): string[];
  duplicateModules(metafile: esbuild.Metafile, outputs: string[]): { module: string; bundles: string[] }[];
}

const check = () => import(path.join(root, 'scripts/bundle-check.mjs')) as Promise<Check>;
const dedupe = async () =>
  (
    (await import(path.join(root, 'scripts/dedupe-packages.mjs'))) as { dedupePackages(root: string): esbuild.Plugin }
  ).dedupePackages(root);

/** Builds each `entries` source (a file beside the core) as a bundle of its own (or with splitting), as the build resolves packages. */
async function separateBundles(entries: Record<string, string>, splitting = false): Promise<esbuild.Metafile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
  const src = path.join(root, 'extension/src/core');
  const files = Object.entries(entries).map(([name, contents]) => {
    const file = path.join(src, `.bundle-check-${process.pid}-${name}.ts`);
    fs.writeFileSync(file, contents);
    return { in: file, out: name };
  });
  try {
    const result = await esbuild.build({
      entryPoints: files,
      bundle: true,
      write: false,
      outdir: dir,
      platform: 'node',
      format: 'esm',
      splitting,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: root,
      plugins: [await dedupe()],
    });
    return result.metafile;
  } finally {
    for (const file of files) fs.rmSync(file.in, { force: true });
  }
}

const USES_LITERALS = "import { TURN_END_KINDS } from './domain-literals';\nconsole.log(TURN_END_KINDS);";

describe('bundle check (scripts/bundle-check.mjs)', () => {
  it('fails on a module of ours in two bundles of one process, naming the module and both bundles', async () => {
    const metafile = await separateBundles({ main: USES_LITERALS, lazy: USES_LITERALS });
    const errors = (await check()).checkProcessBuild(metafile, []);
    const line = errors.find((e) => e.startsWith('extension/src/core/domain-literals.ts is in two bundles'));
    assert.ok(line, errors.join('\n'));
    assert.match(line, /main\.js/);
    assert.match(line, /lazy\.js/);
  });

  it('passes the same two entries built with code splitting (the module in one shared chunk)', async () => {
    const metafile = await separateBundles({ main: USES_LITERALS, lazy: USES_LITERALS }, true);
    assert.deepEqual((await check()).checkProcessBuild(metafile, []), []);
  });

  it("fails on a package's CommonJS and ES builds of one file in one process", async () => {
    const input = (file: string) => ({ [file]: { bytesInOutput: 10 } });
    const metafile = {
      inputs: {},
      outputs: {
        'dist/a.js': {
          imports: [],
          exports: [],
          bytes: 20,
          inputs: {
            ...input('node_modules/pkg/dist/cjs/index.js'),
            ...input('node_modules/pkg/dist/esm/index.js'),
          },
        },
      },
    } as unknown as esbuild.Metafile;
    const found = (await check()).duplicateModules(metafile, ['dist/a.js']);
    assert.deepEqual(
      found.map((d) => d.module),
      ['pkg:dist/*/index'],
    );
  });

  it('fails on a lazy-only package loaded at the start of a main bundle, and passes it behind import()', async () => {
    const staticSdk = await separateBundles(
      { main: "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nconsole.log(Client);" },
      true,
    );
    const mainOut = Object.keys(staticSdk.outputs).find((f) => f.endsWith('main.js'))!;
    assert.match(
      (await check()).checkProcessBuild(staticSdk, [mainOut]).join('\n'),
      /@modelcontextprotocol\/sdk is loaded at the start of/,
    );
    const lazySdk = await separateBundles(
      { main: "void import('@modelcontextprotocol/sdk/client/index.js').then((m) => console.log(m.Client));" },
      true,
    );
    const lazyMain = Object.keys(lazySdk.outputs).find((f) => f.endsWith('main.js'))!;
    assert.deepEqual((await check()).checkProcessBuild(lazySdk, [lazyMain]), []);
  });

  it('passes the real build: no module in two files, nothing lazy-only at the start of dist/extension.js or dist/cli.js', async () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, 'dist/process-meta.json'), 'utf8')) as esbuild.Metafile;
    const mains = ['dist/.esm/extension.js', 'dist/.esm/cli.js'];
    assert.ok(mains.every((main) => main in metafile.outputs));
    assert.deepEqual((await check()).checkProcessBuild(metafile, mains), []);
  });
});
