// The unused-export check of `npm run lint` (knip, knip.config.mjs) fails on a
// planted export: a tiny project with the product's first entry point
// (extension/src/extension.ts) and a test, checked with the repository's own
// configuration. The whole-repository pass reports an export no other file imports
// (its own file's use does not count: `ignoreExportsUsedInFile` is off); the
// production pass (the product's entry points only) also reports one that only a
// test imports, so tests must go through the product's real entry points. knip lets
// an export tagged `@internal` through that pass, so ESLint refuses the tag in product code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { tempDir } from '../support/sessions';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KNIP = path.join(ROOT, 'node_modules', '.bin', 'knip');

function plantedProject(): string {
  const dir = tempDir('agent-checklist-knip-');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'planted', private: true }),
    'extension/src/extension.ts': "import { used } from './core/planted';\nconsole.log(used);\n",
    'extension/src/core/planted.ts':
      'export const used = 1;\nexport const unused = 2;\nexport const testOnly = 3;\n' +
      'export const ownOnly = 4;\nconsole.log(ownOnly);\n',
    'test/unit/planted.test.ts':
      "import { testOnly } from '../../extension/src/core/planted';\nconsole.log(testOnly);\n",
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** knip over `dir` with the repository's configuration (run from the root, as `npm run lint` runs it). */
function knip(dir: string, ...flags: string[]): { status: number | null; reported: string[] } {
  const run = spawnSync(
    KNIP,
    ['--config', path.join(ROOT, 'knip.config.mjs'), '--directory', dir, '--no-config-hints', ...flags],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const reported = [...run.stdout.matchAll(/^(\w+)\s+extension\/src\/core\/planted\.ts:/gm)].map((m) => m[1]!);
  return { status: run.status, reported };
}

describe('the unused-export check', () => {
  it('fails on an export nothing imports, and in production on one only a test imports', () => {
    const dir = plantedProject();
    assert.deepEqual(knip(dir), { status: 1, reported: ['unused', 'ownOnly'] });
    assert.deepEqual(knip(dir, '--production'), { status: 1, reported: ['unused', 'testOnly', 'ownOnly'] });
  });

  it('refuses the @internal tag in product code (knip --production would let a test-only export through)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const text = '/** @internal Only tests import it. */\nexport const testOnly = 3;\n';
    for (const file of ['extension/src/core/planted.ts', 'webview/src/planted.tsx']) {
      const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
      const rules = result?.messages.map((message) => message.ruleId);
      assert.deepEqual(rules, ['no-warning-comments'], file);
    }
  });
});
