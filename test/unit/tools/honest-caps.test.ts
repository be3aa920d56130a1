// Caps that tell the truth: a tool that stops early says so and how far it got, and
// never answers "No matches" for files it did not look at. Real trees on disk.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { createGrepTool, grepCutText, MAX_GREP_MATCHES } from '../../../extension/src/core/tools/grep/grep-tool';
import { ripgrepLocator } from '../../../extension/src/core/tools/grep/ripgrep';
import { noRipgrep } from '../support/no-ripgrep';
import { createListFilesTool } from '../../../extension/src/core/tools/list-files/list-files-tool';
import {
  MAX_LISTED_ENTRIES,
  MAX_WALKED_ENTRIES,
} from '../../../extension/src/core/tools/list-files/list-files-signature';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { errorResult } from '../../../extension/src/core/tools/tool';
import { ctx, tempWorkspace, type TempWorkspace } from './support';
import { LIST_STOPPED_MESSAGE, listCutText, listWalkCutText } from '../support/tool-texts';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `count` files below `root/dir`, `perFolder` to a subfolder, named so the walk meets them in order. */
function manyFiles(root: string, dir: string, count: number, perFolder: number, content: (i: number) => string): void {
  for (let i = 0; i < count; i++) {
    const folder = path.join(root, dir, `s${pad(Math.floor(i / perFolder), 3)}`);
    if (i % perFolder === 0) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `f${pad(i % perFolder, 4)}`), content(i));
  }
}

for (const [engine, locator] of [
  ['ripgrep', ripgrepLocator()],
  ['the JavaScript engine', noRipgrep],
] as const) {
  describe(`grep caps matches, not files searched (${engine})`, () => {
    const ws = tempWorkspace();
    const total = 30_000;
    before(() => manyFiles(ws.root, 'tree', total, 1000, (i) => (i === total - 1 ? 'the needle\n' : 'hay\n')));
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, locator));
    const grep = async (args: object): Promise<string> =>
      (await registry.execute('grep', JSON.stringify(args), ctx())).content;

    it('30,000 files, the last one matching: it is found', async () => {
      assert.equal(await grep({ pattern: 'needle' }), 'tree/s029/f0999:1: the needle');
    });

    it('when the match cap is reached, that is the cut it says', async () => {
      const lines = (await grep({ pattern: '^hay' })).split('\n');
      assert.equal(lines.length, MAX_GREP_MATCHES + 1);
      assert.equal(lines.at(-1), grepCutText(MAX_GREP_MATCHES));
    });
  });
}

describe('list_files with a glob caps the matches shown and, apart, the entries examined', () => {
  const call = async (ws: TempWorkspace, args: object, signal?: AbortSignal): Promise<string> => {
    const registry = new ToolRegistry();
    registry.register(createListFilesTool(ws.workspace));
    return (await registry.execute('list_files', JSON.stringify(args), ctx(signal))).content;
  };

  it('a stopped glob walk says it was stopped, not that no file matches', async () => {
    const ws = tempWorkspace();
    ws.file('src/a.ts', '');
    const stop = new AbortController();
    stop.abort();
    assert.equal(await call(ws, { glob: '*.ts' }, stop.signal), errorResult(LIST_STOPPED_MESSAGE).content);
  });

  it('120 matches among 5,000 entries: all 120, no cut', async () => {
    const ws = tempWorkspace();
    manyFiles(ws.root, 'src', 5000, 500, () => '');
    for (let i = 0; i < 120; i++) ws.file(`src/s${pad(i % 10, 3)}/m${pad(i, 3)}.ts`, '');
    const lines = (await call(ws, { glob: '*.ts' })).split('\n');
    assert.equal(lines.length, 120);
    assert.ok(
      lines.every((l) => /^src\/s\d{3}\/m\d{3}\.ts$/.test(l)),
      lines.join('\n'),
    );
  });

  it(`exactly ${MAX_LISTED_ENTRIES} matches then other entries: no cut claimed; one more match: the cut is said`, async () => {
    const ws = tempWorkspace();
    for (let i = 0; i < MAX_LISTED_ENTRIES; i++) ws.file(`a/m${pad(i, 4)}.ts`, '');
    ws.file('b/other.txt', '');
    const exact = (await call(ws, { glob: '*.ts' })).split('\n');
    assert.equal(exact.length, MAX_LISTED_ENTRIES);
    assert.ok(!exact.includes(listCutText(MAX_LISTED_ENTRIES)));
    ws.file('b/one-more.ts', '');
    const over = (await call(ws, { glob: '*.ts' })).split('\n');
    assert.equal(over.length, MAX_LISTED_ENTRIES + 1);
    assert.equal(over.at(-1), listCutText(MAX_LISTED_ENTRIES));
  });

  it(`stopped by the work bound (${MAX_WALKED_ENTRIES} entries examined): the matches so far, how many, and "results are partial"`, async () => {
    const ws = tempWorkspace();
    // root: a/ and b/; a/ holds 100 folders of 1,000 files (a.ts first in 99 of them); b/ holds 21 more matches.
    manyFiles(ws.root, 'a', 100_000, 1000, () => '');
    for (let i = 0; i < 99; i++) ws.file(`a/s${pad(i, 3)}/a.ts`, '');
    for (let i = 0; i < 21; i++) ws.file(`b/m${pad(i, 2)}.ts`, '');
    const lines = (await call(ws, { glob: '*.ts' })).split('\n');
    assert.equal(lines.at(-1), listWalkCutText(MAX_WALKED_ENTRIES, 99));
    assert.match(lines.at(-1)!, /stopped after examining 100,000 entries: 99 matches so far, results are partial/);
    assert.equal(lines.length, 100);
    assert.ok(!lines.some((l) => l.startsWith('b/')));
  });
});
