// The architecture map (docs/architecture.md) names only files that exist: every
// path in backticks that names a file (it has an extension) or a folder (a trailing
// slash) is found from the repository, extension/src, extension/src/core,
// extension/src/vscode or webview/src, or as the end of a source path (the map names
// a file within the folder it is talking about). Build outputs (`dist/…`),
// placeholders (`<tool>`) and globs are not files and are skipped; neither are event
// types (`turn/start`), which have neither.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAP = 'docs/architecture.md';
const BASES = ['', 'extension/src', 'extension/src/core', 'extension/src/vscode', 'webview/src'];
const SOURCE_DIRS = ['extension/src', 'webview/src', 'test', 'scripts', 'bench', 'docs'];

/** The backticked words of `text` that name a file (an extension) or a folder (a trailing slash). */
export function namedPaths(text: string): string[] {
  const words = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!.replace(/[(),:;]+$/, ''));
  return words
    .filter((word) => /\.(?:ts|tsx|mjs|cjs|json|md)$/.test(word) || /^[\w.-]+\/(?:[\w.-]+\/)*$/.test(word))
    .filter((word) => !word.startsWith('dist/') && !/[<>*{}]/.test(word) && !word.startsWith('@'));
}

/** Every file and folder of the repository's sources, as `/relative/path` (folders with a trailing slash). */
function sourcePaths(): string[] {
  const paths = fs.readdirSync(ROOT).map((name) => `/${name}`);
  for (const dir of SOURCE_DIRS) {
    const full = path.join(ROOT, dir);
    if (!fs.existsSync(full)) continue;
    for (const name of fs.readdirSync(full, { recursive: true, encoding: 'utf8' })) {
      const isDir = fs.statSync(path.join(full, name)).isDirectory();
      paths.push(`/${dir}/${name}${isDir ? '/' : ''}`);
    }
  }
  return paths;
}

/** Found from one of the map's bases, or as the end of a source path (a path the map gives within its folder). */
function exists(named: string, paths: readonly string[]): boolean {
  if (BASES.some((base) => fs.existsSync(path.join(ROOT, base, named)))) return true;
  return paths.some((p) => p.endsWith(`/${named}`));
}

describe('the architecture map', () => {
  it('names only files and folders that exist', () => {
    const text = fs.readFileSync(path.join(ROOT, MAP), 'utf8');
    const named = namedPaths(text);
    assert.ok(named.length > 50, `the map's paths are found (${named.length})`);
    const paths = sourcePaths();
    const missing = [...new Set(named.filter((p) => !exists(p, paths)))];
    assert.deepEqual(missing, [], `${MAP} names what does not exist:\n  ${missing.join('\n  ')}`);
  });

  for (const [tree, next, key] of [
    ['core', 'vscode', 'coreLayers'],
    ['vscode', 'cli', 'vscodeLayers'],
  ] as const) {
    it(`lists ${tree}'s folders in its code tree in the order of eslint-zones.json's ${key}, bottom-up`, () => {
      const text = fs.readFileSync(path.join(ROOT, MAP), 'utf8');
      const zones = JSON.parse(fs.readFileSync(path.join(ROOT, 'eslint-zones.json'), 'utf8')) as unknown;
      assert.ok(typeof zones === 'object' && zones !== null && key in zones);
      const layerList = (zones as Record<string, unknown>)[key];
      assert.ok(Array.isArray(layerList), `${key} is a list`);
      const layers = layerList.flat().filter((f): f is string => typeof f === 'string' && f !== '');
      const section = text.slice(text.indexOf(`\n  ${tree}/ `), text.indexOf(`\n  ${next}/ `));
      const listed = [...section.matchAll(/^ {4}([\w-]+)\/ /gm)].map((m) => m[1]);
      assert.ok(layers.length > 5, 'the layers are read');
      // Folders of one layer may come in any order among themselves.
      const rank = (folder: string | undefined): number =>
        layerList.findIndex((layer) => Array.isArray(layer) && layer.includes(folder));
      assert.deepEqual([...listed].sort(), [...layers].sort(), `every ${tree} folder is in the tree, once`);
      const ranks = listed.map(rank);
      assert.deepEqual(
        ranks,
        [...ranks].sort((a, b) => a - b),
        `the tree's order: ${listed.join(', ')}`,
      );
    });
  }

  it('finds a path that is missing', () => {
    const paths = sourcePaths();
    assert.deepEqual(
      namedPaths('`core/nowhere/gone.ts` and `gone-too.ts` but `core/session/events.ts`').filter(
        (p) => !exists(p, paths),
      ),
      ['core/nowhere/gone.ts', 'gone-too.ts'],
    );
  });
});
