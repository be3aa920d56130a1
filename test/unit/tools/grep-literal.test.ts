// A pattern of plain characters is matched as a substring, without RE2: it must match
// exactly the lines RE2 matches, before and after redaction. And a pattern RE2 refuses
// is refused with ripgrep too (rg starts before the pattern is compiled). Searched with
// runSearch, the engines' one entry, on the JavaScript engine (the one whose lines the
// literal test decides).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { createGrepTool } from '../../../extension/src/core/tools/grep/grep-tool';
import { compileLinear } from '../../../extension/src/core/tools/grep/linear-regex';
import { ripgrepLocator } from '../../../extension/src/core/tools/grep/ripgrep';
import { isPlainLiteral } from '../../../extension/src/core/tools/grep/required-literal';
import { runSearch } from '../../../extension/src/core/tools/grep/run-search';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { noRipgrep } from '../support/no-ripgrep';
import { ctx, tempWorkspace } from './support';

const LITERALS = [
  'ToolSetError',
  'a b',
  'é',
  'naïve café',
  '日本語',
  '😀x',
  '#!/usr/bin/env',
  'it\'s "quoted"',
  'a-b_c/d',
  'x',
];
/** Lines as a search has them: decoded from UTF-8, so never a lone surrogate. */
const LINES = [
  '',
  'class ToolSetError extends Error',
  'toolseterror',
  'a  b',
  'a b c',
  'cafe\u0301 naïve café',
  'e\u0301',
  'é',
  '日本語のテキスト',
  '😀x 😀',
  '#!/usr/bin/env node',
  `it's "quoted"`,
  'a-b_c/d',
];

/** A file of `text` in a workspace, and the numbers of its lines a search with the JavaScript engine matches. */
async function searchedFile(text: string): Promise<(pattern: string, secrets: string[]) => Promise<number[]>> {
  const ws = tempWorkspace();
  const file = ws.file('lines.txt', text);
  const root = await ws.workspace.realRoot();
  return async (pattern, secrets) => {
    const request = { root, start: fs.realpathSync(file), display: 'lines.txt', startKind: 'file' as const };
    const more = { pattern, includeIgnored: false, rg: null, secrets, maxMatches: 200 };
    const result = await runSearch(ws.workspace, { ...request, ...more });
    assert.ok(result.ok, pattern);
    return result.outcome.lines.map((line) => Number(/^lines\.txt:(\d+):/.exec(line)?.[1]));
  };
}

describe('grep: plain literals without RE2', () => {
  it('tells plain literals from patterns', () => {
    for (const literal of LITERALS) assert.equal(isPlainLiteral(literal), true, literal);
    for (const pattern of ['a.b', '^a', 'a$', 'a*', 'a+', 'a?', '(a)', '[a]', 'a{2}', 'a|b', '\\d', 'x\ud800'])
      assert.equal(isPlainLiteral(pattern), false, pattern);
  });

  it('matches the lines RE2 matches', async () => {
    const lines = await searchedFile(LINES.join('\n'));
    for (const literal of LITERALS) {
      const re2 = compileLinear(literal);
      const expected = LINES.flatMap((line, i) => (re2.test(line) ? [i + 1] : []));
      assert.deepEqual(await lines(literal, []), expected, literal);
    }
  });

  it('matches after redaction: never inside a secret', async () => {
    const lines = await searchedFile('password=hunter2-of-the-vault\nhunter and hunter2-of-the-vault\n');
    assert.deepEqual(await lines('hunter', ['hunter2-of-the-vault']), [2]);
    assert.deepEqual(
      await lines('redacted', ['hunter2-of-the-vault']),
      [1, 2],
      'the mark itself is found once redacted',
    );
  });

  it('a pattern RE2 refuses is refused with ripgrep as without it', async () => {
    const ws = tempWorkspace();
    ws.file('a.txt', 'aa ab\n');
    for (const pattern of ['(a)\\1', '(?<=a)b']) {
      const results: string[] = [];
      for (const locator of [ripgrepLocator(), noRipgrep]) {
        const registry = new ToolRegistry();
        registry.register(createGrepTool(ws.workspace, undefined, locator));
        results.push((await registry.execute('grep', JSON.stringify({ pattern }), ctx())).content);
      }
      assert.match(results[0]!, /^Error: invalid pattern: /);
      assert.equal(results[0], results[1]);
    }
  });
});
