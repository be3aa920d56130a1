// Our errors are decided on by their brand, never by `instanceof` (eslint.config.mjs,
// no-restricted-syntax; core/error-brand.ts says why). Every error class of
// extension/src is found in the source, `instanceof` of it is planted in a core, a CLI,
// an adapter and a webview file and must be reported; JavaScript's own errors and the
// SDK errors the provider bundles read stay allowed. Each class extends
// brandedError('<its name>'); a class that decisions are made on exports its guard
// beside it, `is<Name>` (knip keeps a guard nothing uses from staying).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PLANTED_IN = [
  'extension/src/core/agent/planted-instanceof.ts',
  'extension/src/cli/planted-instanceof.ts',
  'extension/src/vscode/planted-instanceof.ts',
  'webview/src/planted-instanceof.tsx',
];
const ALLOWED = ['Error', 'TypeError', 'RangeError', 'APIError', 'APIConnectionError', 'APIUserAbortError'];
/**
 * A package's error that two bundles of one process may each carry (node-sqlite3-wasm's, in the opencode reader
 * and the follower's worker): no decision may rest on `instanceof` of it either.
 */
const FOREIGN_BRANDLESS = ['SQLite3Error'];

interface ErrorClass {
  name: string;
  /** What it extends: `Error`, `brandedError` or another class. */
  parent: string;
  /** The brand given to `brandedError(...)`, if that is what it extends. */
  brand: string | undefined;
  /** Under extension/src. */
  file: string;
  source: string;
}

/** Every `class X extends …` under extension/src that is an error: it extends Error, brandedError(…) or one of those. */
function errorClasses(): ErrorClass[] {
  const found: ErrorClass[] = [];
  const files = readdirSync(path.join(ROOT, 'extension/src'), { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(path.join(ROOT, 'extension/src', file), 'utf8');
    for (const match of source.matchAll(/^(?:export )?class (\w+) extends (\w+)(?:\('(\w+)'\))?/gm))
      found.push({ name: match[1]!, parent: match[2]!, brand: match[3], file, source });
  }
  const errors = new Set(['Error', 'brandedError']);
  for (let size = 0; size !== errors.size;) {
    size = errors.size;
    for (const c of found) if (errors.has(c.parent)) errors.add(c.name);
  }
  return found.filter((c) => errors.has(c.name));
}

describe('error brands (eslint.config.mjs no-restricted-syntax on instanceof)', () => {
  const classes = errorClasses();
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('finds our error classes', () => {
    const names = classes.map((c) => c.name);
    const known = ['ProviderError', 'SessionLockedError', 'InvariantViolation', 'UsageError', 'GlobError'];
    // The errors several bundles define (the grep engines, the workspace's confinement, the board's CLI usage).
    known.push('ConfinementError', 'PatternError', 'BoardUsageError');
    // And those their module keeps to itself (not exported: thrown, never decided on elsewhere).
    known.push('SideLogFullError', 'LogReplacedError');
    for (const name of known) assert.ok(names.includes(name), `${name} is found`);
  });

  for (const file of PLANTED_IN) {
    it(`${file}: instanceof of each of our errors is reported, of JavaScript's and the SDKs' is not`, async () => {
      const tests = [
        ...ALLOWED.map((name) => ({ name, ours: false })),
        ...classes.map((c) => ({ ...c, ours: true })),
        ...FOREIGN_BRANDLESS.map((name) => ({ name, ours: true })),
      ];
      const text = tests.map((t) => `export const f${t.name} = (e: unknown) => e instanceof ${t.name};`).join('\n');
      const [result] = await eslint.lintText(`${text}\n`, { filePath: path.join(ROOT, file) });
      assert.ok(result, `ESLint linted ${file}`);
      assert.deepEqual(
        result.messages.filter((m) => m.fatal === true),
        [],
        `${file} parses`,
      );
      const reported = new Set(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line));
      const wrong = tests.filter((t, index) => t.ours !== reported.has(index + 1)).map((t) => t.name);
      assert.deepEqual(wrong, [], 'ours reported, the others not');
    });
  }

  for (const c of classes) {
    it(`${c.name} (${c.file}) extends brandedError('${c.name}'), its guard (if any) beside it`, () => {
      assert.deepEqual({ parent: c.parent, brand: c.brand }, { parent: 'brandedError', brand: c.name });
      const guard = new RegExp(`export const is${c.name} = (.*);`).exec(c.source);
      if (guard) assert.equal(guard[1], `errorGuard<${c.name}>('${c.name}')`, `is${c.name} guards its own brand`);
    });
  }
});
