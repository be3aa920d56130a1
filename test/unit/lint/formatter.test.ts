// The formatter is part of `npm run lint` (issue 38): Prettier with the repository's
// configuration (.prettierrc.json) refuses a deliberately misformatted source file
// and accepts the same file formatted, and the lint script runs its check over the
// whole repository.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as prettier from 'prettier';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PLANTED = path.join(ROOT, 'extension/src/core/planted-misformatted.ts');
const MISFORMATTED = "export const  planted = { a : 1,b:'two' }\n";

describe('the formatter in npm run lint', () => {
  it('refuses a misformatted file with the repository configuration, and accepts it formatted', async () => {
    const options = { ...(await prettier.resolveConfig(PLANTED)), filepath: PLANTED };
    assert.equal(await prettier.check(MISFORMATTED, options), false);
    const formatted = await prettier.format(MISFORMATTED, options);
    assert.equal(formatted, "export const planted = { a: 1, b: 'two' };\n");
    assert.equal(await prettier.check(formatted, options), true);
  });

  it('is run by the lint script over the whole repository', () => {
    const manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    assert.match(manifest, /"lint": "[^"]*prettier --check \. /);
  });
});
