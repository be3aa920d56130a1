// The build's guard (scripts/lazy-bundles.mjs, the plugin every main bundle is built
// with): a lazy module is reachable from a main bundle only through `import()` or
// `require()`, which become a load of its own bundle beside the main one; a static
// import of it, or any import of a package only its bundle may hold, fails the build.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');

interface Guard {
  lazyPackages: esbuild.Plugin;
  LAZY_MODULES: Record<string, string>;
  LAZY_PACKAGES: Record<string, { file: string }>;
}

/** Bundles `contents` (as a file in extension/src/core/protocol/) the way build.mjs bundles extension.js. */
async function bundle(contents: string): Promise<{ code: string } | { errors: string[] }> {
  const { lazyPackages } = (await import(path.join(root, 'scripts/lazy-bundles.mjs'))) as Guard;
  try {
    const result = await esbuild.build({
      stdin: {
        contents,
        resolveDir: path.join(root, 'extension/src/core/protocol'),
        loader: 'ts',
        sourcefile: 'entry.ts',
      },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
      plugins: [lazyPackages],
    });
    return { code: result.outputFiles[0]?.text ?? '' };
  } catch (error) {
    return { errors: (error as esbuild.BuildFailure).errors.map((e) => e.text) };
  }
}

describe('lazy bundle guard (the build)', () => {
  it("fails the build on a static import of the Markdown parser module (its packages are the worker's only)", async () => {
    const out = await bundle(
      "import { markdownTree } from '../markdown/markdown-tree';\nconsole.log(markdownTree('x'));",
    );
    assert.ok('errors' in out, 'the build succeeded');
    assert.match(out.errors.join('\n'), /only in a lazy bundle/);
  });

  it('fails the build on any import of micromark, mdast-util-* or the MCP SDK', async () => {
    for (const pkg of [
      'micromark',
      'micromark-extension-gfm',
      'mdast-util-from-markdown',
      '@modelcontextprotocol/sdk/server/stdio.js',
    ]) {
      const out = await bundle(`import * as m from '${pkg}';\nconsole.log(m);`);
      assert.ok('errors' in out, `${pkg} was bundled`);
      assert.match(out.errors.join('\n'), /only in a lazy bundle/);
    }
  });

  it("the Agent view's answer presenter bundles none of the parser: it starts dist/markdown-worker.js", async () => {
    const out = await bundle(
      "import { AnswerPresenter } from '../markdown/answer-presenter';\nconsole.log(AnswerPresenter);",
    );
    assert.ok('code' in out, 'errors' in out ? out.errors.join('\n') : '');
    assert.match(out.code, /markdown-worker\.js/);
    assert.doesNotMatch(out.code, /micromark|fromMarkdown/);
  });

  it("turns the log reader's require of zod's compiler into a require of ./zod-compiler.js, bundling none of it", async () => {
    const out = await bundle(
      "import { rawEnvelopeReader } from '../session/events';\nconsole.log(rawEnvelopeReader.safeParse({}));",
    );
    assert.ok('code' in out, 'errors' in out ? out.errors.join('\n') : '');
    assert.match(out.code, /require\("\.\/zod-compiler\.js"\)/);
    assert.doesNotMatch(out.code, /generateFastpass|compileFn|ZodCompileUnsupportedError/);
  });

  it('every lazy bundle is packed into the VSIX (.vscodeignore lets it through), or the installed extension cannot load it', async () => {
    const { LAZY_MODULES, LAZY_PACKAGES } = (await import(path.join(root, 'scripts/lazy-bundles.mjs'))) as Guard;
    const kept = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .flatMap((l) => (l.startsWith('!') ? [l.slice(1).trim()] : []));
    const packed = (file: string) =>
      kept.some((k) => k === file || (k.endsWith('/**') && file.startsWith(k.slice(0, -2))));
    const bundles = [...Object.values(LAZY_MODULES), ...Object.values(LAZY_PACKAGES).map((p) => p.file)].map(
      (f) => `dist/${f}.js`,
    );
    assert.deepEqual(
      bundles.filter((b) => !packed(b)),
      [],
    );
    assert.equal(packed('dist/test-api.js'), false, 'the test API never ships');
  });
});
