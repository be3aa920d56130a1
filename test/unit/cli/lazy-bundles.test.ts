// The build's guards: the plugin every process entry is built with (scripts/lazy-bundles.mjs:
// a lazy module is reachable only through `import()` or a synchronous `require()`, which
// becomes a require of its entry's file; a static import of one fails the build), and the
// packing rule: every file the build writes for a process is in the VSIX, the test API never.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');

interface Guard {
  lazyPackages: esbuild.Plugin;
}

/** Bundles `contents` (as a file in extension/src/core/protocol/) with the build's plugin, as one CommonJS file. */
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

describe('lazy module guard (the build)', () => {
  it('fails the build on a static import of a lazy module', async () => {
    const out = await bundle("import { compile } from '../zod-compiler';\nconsole.log(compile);");
    assert.ok('errors' in out, 'the build succeeded');
    assert.match(out.errors.join('\n'), /is loaded lazily/);
  });

  it("the Agent view's answer presenter bundles none of the parser: it starts dist/markdown-worker.js", async () => {
    const out = await bundle(
      "import { AnswerPresenter } from '../markdown/answer-presenter';\nconsole.log(AnswerPresenter);",
    );
    assert.ok('code' in out, 'errors' in out ? out.errors.join('\n') : '');
    assert.match(out.code, /"markdown-worker"/);
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
});

/** Whether .vscodeignore packs `file` (its rules in order, the last that matches wins; `*` within a folder). */
function packed(file: string): boolean {
  const rules = fs
    .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const matches = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\u0000/g, '.*')}$`,
    ).test(file);
  let keep = true;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    if (matches(negated ? rule.slice(1) : rule)) keep = negated;
  }
  return keep;
}

describe('packing (.vscodeignore)', () => {
  it('packs every file the build writes for the extension host and the CLI, and never the test API', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(root, 'dist/process-meta.json'), 'utf8')) as {
      outputs: Record<string, unknown>;
    };
    const written = Object.keys(meta.outputs)
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.replace('dist/.esm/', 'dist/'));
    assert.ok(written.includes('dist/providers/openai.js') && written.some((f) => /^dist\/chunk-/.test(f)));
    const workers = ['dist/markdown-worker.js', 'dist/agent-follow-worker.js', 'dist/git-worker.js'];
    assert.deepEqual(
      [...written, ...workers, 'dist/re2.wasm', 'dist/node-sqlite3-wasm.wasm'].filter((file) => !packed(file)),
      [],
    );
    assert.equal(packed('dist/test-api.js'), false, 'the test API never ships');
    assert.equal(packed('dist/extension.js.map'), false);
    assert.equal(packed('dist/process-meta.json'), false);
  });
});
