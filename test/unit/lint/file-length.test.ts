// A product file says one thing: eslint.config.mjs's max-lines holds each product file
// of core, the CLI, the VS Code adapters and the webview to 250 lines, blank lines and comments counted. A
// file of 251 lines, planted under each of those paths (linted as text under that
// path, so nothing is written), is refused; one of 250 passes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_LINES = 250;
const PLANTED_IN = [
  'extension/src/core/planted-long-file.ts',
  'extension/src/core/session/planted-long-file.ts',
  'extension/src/cli/planted-long-file.ts',
  'extension/src/vscode/planted-long-file.ts',
  'extension/src/vscode/session/planted-long-file.ts',
  'webview/src/planted-long-file.ts',
  'webview/src/components/planted-long-file.tsx',
];

/** A file of `lines` lines: constants, a comment and a blank line among them (each counts). */
function plantedFile(lines: number): string {
  const body = Array.from({ length: lines - 3 }, (_, i) => `export const planted${i} = ${i};`);
  return ['// planted', '', ...body, 'export {};'].join('\n') + '\n';
}

describe('max-lines in npm run lint', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  const maxLines = async (file: string, text: string): Promise<string[]> => {
    const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
    assert.ok(result, `ESLint linted ${file}`);
    return result.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
  };

  for (const file of PLANTED_IN) {
    it(`refuses ${MAX_LINES + 1} lines in ${file} and accepts ${MAX_LINES}`, async () => {
      assert.equal(plantedFile(MAX_LINES + 1).split('\n').length - 1, MAX_LINES + 1);
      const refused = await maxLines(file, plantedFile(MAX_LINES + 1));
      assert.equal(refused.length, 1, file);
      assert.match(refused[0]!, new RegExp(`Maximum allowed is ${MAX_LINES}\\b`));
      assert.deepEqual(await maxLines(file, plantedFile(MAX_LINES)), []);
    });
  }
});
