// The CSS is formatted and linted in `npm run lint` (issue 47): Prettier formats it (it
// is not in .prettierignore), and stylelint with the repository's configuration
// (stylelint.config.mjs: the standard config, lines of at most 120 columns) refuses a
// planted bad snippet, linted as text under webview/src (nothing is written), and
// accepts the same rules written well, VS Code's camelCase theme variables included.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as prettier from 'prettier';
import stylelint from 'stylelint';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PLANTED = path.join(ROOT, 'webview/src/planted.css');

/** The rules stylelint reports for `code` as if it were webview/src/planted.css, with their lines. */
async function reported(code: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename: PLANTED });
  const [result] = results;
  assert.ok(result, 'stylelint linted the planted file');
  return result.warnings.map((w) => `${w.line} ${w.rule}`);
}

describe('the CSS in npm run lint', () => {
  it('refuses a planted bad snippet with the repository configuration', async () => {
    const bad = [
      '.planted { colr: red; }',
      '',
      '.plantedRow { color: var(--myColour); }',
      '',
      `/* ${'x'.repeat(115)} */`,
      '',
      '.planted { color: blue; }',
      '',
    ].join('\n');
    assert.equal(bad.split('\n')[4]?.length, 121);
    assert.deepEqual((await reported(bad)).sort(), [
      '1 property-no-unknown',
      '3 custom-property-pattern',
      '3 selector-class-pattern',
      '5 agent-checklist/max-line-length',
      '7 no-duplicate-selectors',
    ]);
  });

  it("accepts the same rules written well, VS Code's theme variables included", async () => {
    const good = [
      '.planted {',
      '  color: var(--vscode-sideBar-background);',
      '}',
      '',
      '.planted-row {',
      '  --my-colour: red;',
      '',
      '  color: var(--my-colour);',
      '}',
      '',
      `/* ${'x'.repeat(114)} */`,
      '',
    ].join('\n');
    assert.equal(good.split('\n')[10]?.length, 120);
    assert.deepEqual(await reported(good), []);
  });

  it('is formatted by Prettier and linted by the lint script over the whole repository', async () => {
    const ignorePath = path.join(ROOT, '.prettierignore');
    assert.equal((await prettier.getFileInfo(PLANTED, { ignorePath })).ignored, false);
    const options = { ...(await prettier.resolveConfig(PLANTED)), filepath: PLANTED };
    assert.equal(await prettier.check('.planted { color: red; margin: 0 }\n', options), false);
    const manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    assert.match(manifest, /"lint": "[^"]*stylelint \\"\*\*\/\*\.css\\" /);
  });
});
