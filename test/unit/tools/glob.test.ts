// Glob patterns as list_files reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GlobError, globMatcher } from '../../../extension/src/core/tools/glob';

const matches = (glob: string, paths: string[]) => paths.filter(globMatcher(glob));
const PATHS = ['a.ts', 'src/b.ts', 'src/b.test.ts', 'src/deep/c.ts', 'README.md', 'src/x.js', 'lib/a.ts'];

describe('globMatcher', () => {
  it('matches the file name at any depth when the pattern has no slash', () => {
    assert.deepEqual(matches('*.ts', PATHS), ['a.ts', 'src/b.ts', 'src/b.test.ts', 'src/deep/c.ts', 'lib/a.ts']);
    assert.deepEqual(matches('a.ts', PATHS), ['a.ts', 'lib/a.ts']);
    assert.deepEqual(matches('?.ts', PATHS), ['a.ts', 'src/b.ts', 'src/deep/c.ts', 'lib/a.ts']);
  });

  it('matches the whole relative path when it has one; ** spans folders, * does not', () => {
    assert.deepEqual(matches('src/*.ts', PATHS), ['src/b.ts', 'src/b.test.ts']);
    assert.deepEqual(matches('src/**/*.ts', PATHS), ['src/b.ts', 'src/b.test.ts', 'src/deep/c.ts']);
    assert.deepEqual(matches('**/a.ts', PATHS), ['a.ts', 'lib/a.ts']);
    assert.deepEqual(matches('src/**', PATHS), ['src/b.ts', 'src/b.test.ts', 'src/deep/c.ts', 'src/x.js']);
    assert.deepEqual(matches('./src/*.js', PATHS), ['src/x.js']);
  });

  it('supports {a,b} and [abc] / [!abc], and escapes regex characters', () => {
    assert.deepEqual(matches('*.{md,js}', PATHS), ['README.md', 'src/x.js']);
    assert.deepEqual(matches('[ab].ts', PATHS), ['a.ts', 'src/b.ts', 'lib/a.ts']);
    assert.deepEqual(matches('[!a].ts', PATHS), ['src/b.ts', 'src/deep/c.ts']);
    assert.deepEqual(matches('b.test.ts', ['b.test.ts', 'bxtestxts']), ['b.test.ts']);
  });

  it('refuses unclosed brackets and braces', () => {
    assert.throws(() => globMatcher('[ab'), GlobError);
    assert.throws(() => globMatcher('{a,b'), GlobError);
  });
});
