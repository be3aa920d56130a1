// Comments name only source files that exist (issue 38): every word ending in .ts,
// .tsx or .mjs in a comment of extension/src or webview/src is a file of the
// repository, found by its name or, when it has folders, as the end of a file's path
// (a word after a placeholder, `<tool>/descriptor.ts`, or a pattern, `*.test.ts`, is
// not a file).
// Other agents' files (settings.json, AGENTS.md) are not ours to check, so only our
// source extensions are.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['extension/src', 'webview/src'];
const SEARCHED = ['extension', 'webview', 'scripts', 'test', 'bench'];
const rootFiles = (): string[] => fs.readdirSync(ROOT);

/** The words in `line`'s comment that name a source file. */
export function namedSourceFiles(line: string): string[] {
  const comment = /(?:\/\/|\/\*|^\s*\*)(.*)$/.exec(line)?.[1];
  if (comment === undefined) return [];
  return [...comment.matchAll(/[\w./-]+\.(?:tsx?|mjs)\b/g)]
    .map((m) => m[0].replace(/^\.\//, ''))
    .filter((word) => !word.startsWith('/') && !word.startsWith('.'));
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`);
}

function exists(word: string, repoFiles: readonly string[]): boolean {
  return repoFiles.some((file) => file === word || file.endsWith(`/${word}`));
}

describe('comments in extension/src and webview/src', () => {
  const repoFiles = [...rootFiles(), ...SEARCHED.flatMap(filesUnder)];

  it('finds a named file that is missing in a planted comment', () => {
    const words = namedSourceFiles('  // the rules live in plan/no-such-file.ts and tools/tool.ts');
    assert.deepEqual(words, ['plan/no-such-file.ts', 'tools/tool.ts']);
    assert.deepEqual(
      words.filter((w) => !exists(w, repoFiles)),
      ['plan/no-such-file.ts'],
    );
  });

  it('name only source files that exist', () => {
    const missing = SOURCE_DIRS.flatMap(filesUnder)
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => namedSourceFiles(line).map((word) => ({ word, where: `${file}:${i + 1}` }))),
      )
      .filter(({ word }) => !exists(word, repoFiles))
      .map(({ word, where }) => `${where} ${word}`);
    assert.deepEqual(missing, []);
  });
});
