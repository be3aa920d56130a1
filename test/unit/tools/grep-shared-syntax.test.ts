// Patterns ripgrep and RE2 read alike (shared-syntax.ts): for them a line rg reports is
// shown without RE2's check, so the grammar must be one where rg's lines are RE2's.
// Checked here against both engines: every pattern of the grammar compiles in RE2, and
// rg run on a file of awkward lines reports exactly the lines RE2 matches; and grep with
// rg still checks a line that is not as rg read it (CRLF, redacted).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { createGrepTool } from '../../../extension/src/core/tools/grep/grep-tool';
import { compileLinear } from '../../../extension/src/core/tools/grep/linear-regex';
import { ripgrepLocator } from '../../../extension/src/core/tools/grep/ripgrep';
import { sharedSyntax } from '../../../extension/src/core/tools/grep/shared-syntax';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { Redactor } from '../../../extension/src/core/tools/tool-env';
import { noRipgrep } from '../support/no-ripgrep';
import { ctx, tempWorkspace } from './support';

const SHARED = [
  'export const [A-Z_]+_TOOL_NAME',
  'a.b',
  '^import ',
  'end;$',
  '^$',
  'x+y*z?',
  '[^a-z0-9]x',
  '[é_]+ü',
  '\\.\\*\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\',
  'a-b & c ~ d # e',
  '日本.語',
];
const NOT_SHARED = [
  '\\d+',
  '\\w',
  '\\bword\\b',
  '\\<x',
  'a|b',
  '(ab)+',
  '(?i)abc',
  'a{2}',
  'a**',
  'a*?',
  '*a',
  'a^b',
  'a$b',
  '[[:alpha:]]',
  '[a&&b]',
  '[a--b]',
  '[a-]',
  '[z-a]',
  '[]',
  '[^]',
  '[abc',
  '\\p{L}',
  '\\/',
  'x\ud800',
];
const LINES = [
  '',
  'export const GREP_TOOL_NAME = "grep";',
  'export const grep_TOOL_NAME',
  'a.b axb a\nb',
  'import x from "y";',
  '  import x',
  'end;',
  'end; ',
  'xz xyyz yz',
  'Ax 0x ax _x',
  'éé_ü ü',
  '.*()[]{}|^$\\',
  'a-b & c ~ d # e',
  '日本x語 日本語',
  '٣ digits',
];

describe('grep: patterns ripgrep and RE2 read alike', () => {
  it('tells them from the others', () => {
    for (const pattern of SHARED) assert.equal(sharedSyntax(pattern), true, pattern);
    for (const pattern of NOT_SHARED) assert.equal(sharedSyntax(pattern), false, pattern);
  });

  it('rg reports exactly the lines RE2 matches, and RE2 accepts each', async () => {
    const ws = tempWorkspace();
    ws.file('lines.txt', LINES.filter((l) => !l.includes('\n')).join('\n') + '\n');
    const lines = LINES.filter((l) => !l.includes('\n'));
    for (const pattern of SHARED) {
      const re2 = compileLinear(pattern);
      const expected = lines.flatMap((l, i) => (re2.test(l) ? [i + 1] : []));
      const rg = spawnSync('rg', ['--no-config', '-n', '--no-heading', '--regexp', pattern, 'lines.txt'], {
        cwd: ws.root,
        encoding: 'utf8',
      });
      assert.notEqual(rg.status, 2, `${pattern}: ${rg.stderr}`);
      const got = rg.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => Number(l.slice(0, l.indexOf(':'))));
      assert.deepEqual(got, expected, pattern);
    }
  });

  it('a line not as rg read it is checked by RE2: a CRLF line, a redacted one', async () => {
    const ws = tempWorkspace();
    ws.file('crlf.txt', 'ab\r\nb\r\n');
    ws.file('secret.txt', 'token=abc12345678\nabc9\n');
    const results: string[] = [];
    for (const locator of [ripgrepLocator(), noRipgrep]) {
      const registry = new ToolRegistry();
      registry.register(createGrepTool(ws.workspace, new Redactor(['abc12345678']), locator));
      const run = async (pattern: string): Promise<string> =>
        (await registry.execute('grep', JSON.stringify({ pattern }), ctx())).content;
      // rg sees `b\r` and its `.` takes the `\r`; the line shown (without it) does not match.
      results.push(`${await run('b.$')}\n${await run('abc[0-9]')}`);
    }
    assert.equal(results[0], results[1]);
    assert.doesNotMatch(results[0]!, /crlf\.txt/);
    assert.doesNotMatch(results[0]!, /abc12345678/);
    assert.match(results[0]!, /secret\.txt:2: abc9/);
  });
});
