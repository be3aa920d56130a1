// The repository stands alone (issue 54): no tracked file refers to a folder named
// `shared` beside it, neither as text (a path going up one folder, then into `shared`)
// nor as a path built from parts (the parts `..` then `shared`), nor by that folder's
// own layout (its design, fixtures and recipes folders), so a clone with nothing beside
// it runs every test. Fixtures live under test/fixtures/; the repository has no
// folder named `shared`, so any such path leaves it. Checked on the files git tracks
// (node_modules is not tracked), binary files skipped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../support/sessions';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PATTERNS = [
  // A path segment `..` followed by the segment `shared` (not `shared-syntax.ts`).
  /\.\.[\\/]+shared(?![\w.-])/,
  // The same path built from parts: the strings `..` then `shared`, any quotes.
  /(['"`])\.\.\1\s*,\s*(['"`])shared\2/,
  // The sibling folder's own layout named from its top, as a reader would look for it.
  /(?<![\w@./\\-])shared[\\/]+(?:design|fixtures|recipes)(?![\w.-])/,
];

/** The 1-based lines of `text` that refer to a `shared` folder beside the repository. */
function siblingFolderLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (PATTERNS.some((p) => p.test(line)) ? [i + 1] : []));
}

/** Runs git without the repository's hooks or fsmonitor. */
function git(cwd: string, args: string[]): string {
  const run = spawnSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(run.status, 0, `git ${args.join(' ')} in ${cwd}: ${run.stderr}`);
  return run.stdout;
}

/** `file:line` of every reference to a sibling `shared` folder in the files git tracks under `root`. */
function siblingFolderReferences(root: string): string[] {
  return git(root, ['ls-files', '-z'])
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('node_modules/'))
    .flatMap((file) => {
      const full = path.join(root, file);
      if (!fs.statSync(full, { throwIfNoEntry: false })?.isFile()) return [];
      const bytes = fs.readFileSync(full);
      if (bytes.includes(0)) return [];
      return siblingFolderLines(bytes.toString('utf8')).map((line) => `${file}:${line}`);
    });
}

describe('no tracked file refers to a folder beside the repository', () => {
  it('finds planted references in text and in built paths, and nothing in look-alikes', () => {
    const up = '..';
    const planted = [
      `// exactly to ${up}/${up}/${up}/shared/design/todo-write-contract.md`,
      `const dir = path.resolve(root, '${up}', 'shared', 'fixtures');`,
      `const win = "C:\\\\repo\\\\${up}\\\\shared";`,
      `const url = new URL(\`${up}/shared\`, import.meta.url);`,
      `// Pins the contract (${'shared'}/design/todo-write-contract.md).`,
      `import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';`,
      `import { glob } from '${up}/grep/shared-syntax';`,
      `const word = 'shared'; const parent = '${up}';`,
      `// test/fixtures/recorded-deepseek and core/tools/grep/shared-syntax.ts`,
    ].join('\n');
    assert.deepEqual(siblingFolderLines(planted), [1, 2, 3, 4, 5]);
  });

  it('reports a planted file in a repository, and not the same file once fixed', () => {
    const repo = tempDir('agent-checklist-sibling-');
    git(repo, ['init', '-q']);
    fs.mkdirSync(path.join(repo, 'test'));
    fs.writeFileSync(path.join(repo, 'test/support.ts'), `export const DIR = '${'..'}/shared/fixtures';\n`);
    fs.writeFileSync(path.join(repo, 'README.md'), 'Nothing beside it.\n');
    git(repo, ['add', '.']);
    assert.deepEqual(siblingFolderReferences(repo), ['test/support.ts:1']);
    fs.writeFileSync(path.join(repo, 'test/support.ts'), "export const DIR = 'test/fixtures';\n");
    assert.deepEqual(siblingFolderReferences(repo), []);
  });

  it('holds for this repository', () => {
    assert.deepEqual(siblingFolderReferences(ROOT), []);
  });
});
