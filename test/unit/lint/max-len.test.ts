// Product lines fit 120 columns (issue 38). Prettier wraps code at 120 but leaves
// strings and comments whole, so eslint.config.mjs adds max-len for them: a string or a
// comment one column too long, planted in a CLI, an adapter and a webview file (linted
// as text under that path, so nothing is written), is reported; a line of exactly 120
// passes, and so do the lines the rule ignores (a URL, a regular expression literal).
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PLANTED_IN = [
  'extension/src/cli/planted-long-line.ts',
  'extension/src/vscode/planted-long-line.ts',
  'webview/src/planted-long-line.ts',
  'webview/src/planted-long-line.tsx',
];

/** `export const planted = '…';` padded to `width` characters. */
const stringLine = (width: number): string => {
  const start = "export const planted = '";
  return `${start}${'x'.repeat(width - start.length - 2)}';`;
};
/** A line comment padded to `width` characters. */
const commentLine = (width: number): string => `// ${'y'.repeat(width - 3)}`;

describe('max-len in npm run lint', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  const maxLenLines = async (file: string, text: string): Promise<number[]> => {
    const [result] = await eslint.lintText(`${text}\nexport {};\n`, { filePath: path.join(ROOT, file) });
    assert.ok(result, `ESLint linted ${file}`);
    return result.messages.filter((m) => m.ruleId === 'max-len').map((m) => m.line);
  };

  for (const file of PLANTED_IN) {
    it(`refuses a string and a comment of 121 columns in ${file}`, async () => {
      assert.equal(stringLine(121).length, 121);
      assert.equal(commentLine(121).length, 121);
      assert.deepEqual(await maxLenLines(file, [stringLine(121), commentLine(121)].join('\n')), [1, 2]);
    });

    it(`accepts 120 columns, a long URL and a long regular expression in ${file}`, async () => {
      const text = [
        stringLine(120),
        commentLine(120),
        `// See https://example.com/${'z'.repeat(120)}`,
        `export const pattern = /^${'a'.repeat(120)}$/;`,
      ].join('\n');
      assert.deepEqual(await maxLenLines(file, text), []);
    });
  }
});
