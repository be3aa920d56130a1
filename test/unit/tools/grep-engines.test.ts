// grep and list_files with the ignore files' meaning, each search run twice: with
// ripgrep (Debian's, on PATH: npm test installs it) and with the JavaScript engine,
// both held to one expected result. A real git repository on disk with nested
// .gitignore files, .ignore, a negation, .git/info/exclude, a global excludes file,
// ignored folders holding matches, hidden files, a symbolic link out of the workspace,
// a binary file, a 100 MB file (made here) and a protected folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { createGrepTool, noMatchesText } from '../../../extension/src/core/tools/grep/grep-tool';
import { ripgrepLocator } from '../../../extension/src/core/tools/grep/ripgrep';
import { noRipgrep } from '../support/no-ripgrep';
import { runSearch } from '../../../extension/src/core/tools/grep/run-search';
import { createListFilesTool } from '../../../extension/src/core/tools/list-files/list-files-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { tempDir } from '../support/sessions';
import { ctx, tempWorkspace } from './support';
import { listLeftOutText, symlinkOutsideMessage } from '../support/tool-texts';

// git's global excludes file is found from HOME / XDG_CONFIG_HOME (ripgrep's way, and
// ours): a home of this test's own, set before the search thread copies the environment.
const home = tempDir('agent-checklist-home-');
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = path.join(home, '.config');
fs.mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
fs.writeFileSync(path.join(home, '.config', 'git', 'ignore'), 'global-ignored.txt\n');

const BIG_LINES = 1_000_000;
const FILLER = `${'x'.repeat(99)}\n`; // 100 bytes a line: the big file is 100 MB

const ws = tempWorkspace();
before(() => {
  execFileSync('git', ['init', '-q', ws.root]);
  fs.writeFileSync(path.join(ws.root, '.git', 'info', 'exclude'), 'excluded.txt\n');
  ws.file('.gitignore', '*.log\n!keep.log\nbuild/\n');
  ws.file('.ignore', 'vendor-ignored/\n');
  ws.file('src/.gitignore', 'generated/\n');
  ws.file('a.txt', 'a needle here\nno\n');
  ws.file('keep.log', 'needle kept by a negation\n');
  ws.file('drop.log', 'needle in an ignored log\n');
  ws.file('build/out.js', 'needle in ignored build output\n');
  ws.file('src/main.ts', 'const x = 1;\nconst needle = x;\n');
  ws.file('src/generated/gen.ts', 'needle generated\n');
  ws.file('vendor-ignored/v.js', 'needle vendored\n');
  ws.file('excluded.txt', 'needle excluded by info/exclude\n');
  ws.file('global-ignored.txt', 'needle ignored globally\n');
  ws.file('node_modules/pkg/index.js', 'needle in node_modules, which no ignore file lists\n');
  ws.file('.hidden/h.txt', 'needle hidden\n');
  ws.file('.env', 'NEEDLE_TOKEN=needle\n');
  ws.file('.agent-checklist/sessions/s.jsonl', '{"needle":1}\n');
  ws.file('.git/needle.txt', 'needle in .git\n');
  fs.writeFileSync(path.join(ws.root, 'bin.dat'), Buffer.concat([Buffer.from('needle\0'), Buffer.alloc(100)]));
  fs.writeFileSync(path.join(ws.outside, 'leak.txt'), 'needle outside\n');
  fs.symlinkSync(ws.outside, path.join(ws.root, 'out'));
  fs.symlinkSync(path.join(ws.outside, 'leak.txt'), path.join(ws.root, 'leak-link.txt'));
  const big = fs.openSync(path.join(ws.root, 'big.txt'), 'w');
  fs.writeSync(big, 'needle at the start\n');
  const block = FILLER.repeat(10_000);
  for (let i = 0; i < BIG_LINES / 10_000; i++) fs.writeSync(big, block);
  fs.writeSync(big, 'needle at the end\n');
  fs.closeSync(big);
});

const ENGINES = [
  ['ripgrep', ripgrepLocator()],
  ['the JavaScript engine', noRipgrep],
] as const;

async function grepBoth(args: object): Promise<string> {
  const results: string[] = [];
  for (const [, locator] of ENGINES) {
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, locator));
    results.push((await registry.execute('grep', JSON.stringify(args), ctx())).content);
  }
  assert.equal(results[0], results[1], `ripgrep and the JavaScript engine differ on ${JSON.stringify(args)}`);
  return results[0]!;
}

const NOT_IGNORED = [
  'a.txt:1: a needle here',
  'big.txt:1: needle at the start',
  `big.txt:${BIG_LINES + 2}: needle at the end`,
  'keep.log:1: needle kept by a negation',
  'node_modules/pkg/index.js:1: needle in node_modules, which no ignore file lists',
  'src/main.ts:2: const needle = x;',
];

describe('grep: the same results with ripgrep and with the JavaScript engine', () => {
  it('ripgrep is installed, and runs the search when present', async () => {
    const rg = await ripgrepLocator()();
    assert.ok(rg, 'rg is not on PATH: npm test installs Debian ripgrep (scripts/prerequisites.mjs)');
    const request = {
      root: await ws.workspace.realRoot(),
      start: await ws.workspace.realRoot(),
      display: '.',
      startKind: 'directory' as const,
      pattern: 'needle',
      includeIgnored: false,
      secrets: [],
      maxMatches: 200,
    };
    const withRg = await runSearch(ws.workspace, { ...request, rg });
    const withJs = await runSearch(ws.workspace, { ...request, rg: null });
    assert.ok(withRg.ok && withJs.ok);
    assert.equal(withRg.outcome.engine, 'ripgrep');
    assert.equal(withJs.outcome.engine, 'javascript');
    assert.deepEqual(withRg.outcome.lines, NOT_IGNORED);
  });

  it('a folder search leaves out what ignore files list and hidden files, keeps negations, searches a 100 MB file to its end', async () => {
    assert.equal(await grepBoth({ pattern: 'needle' }), NOT_IGNORED.join('\n'));
  });

  it('a regex: the same lines', async () => {
    assert.equal(
      await grepBoth({ pattern: '^needle (at|kept) [a-z]+' }),
      [NOT_IGNORED[1], NOT_IGNORED[2], NOT_IGNORED[3]].join('\n'),
    );
    assert.equal(await grepBoth({ pattern: 'ne+dle\\b.*x;$' }), NOT_IGNORED[5]);
  });

  it('includeIgnored searches ignored and hidden files too, never .git, our logs, links or binary files', async () => {
    assert.equal(
      await grepBoth({ pattern: 'needle', includeIgnored: true }),
      [
        '.env:1: NEEDLE_TOKEN=needle',
        '.hidden/h.txt:1: needle hidden',
        'a.txt:1: a needle here',
        'big.txt:1: needle at the start',
        `big.txt:${BIG_LINES + 2}: needle at the end`,
        'build/out.js:1: needle in ignored build output',
        'drop.log:1: needle in an ignored log',
        'excluded.txt:1: needle excluded by info/exclude',
        'global-ignored.txt:1: needle ignored globally',
        'keep.log:1: needle kept by a negation',
        'node_modules/pkg/index.js:1: needle in node_modules, which no ignore file lists',
        'src/generated/gen.ts:1: needle generated',
        'src/main.ts:2: const needle = x;',
        'vendor-ignored/v.js:1: needle vendored',
      ].join('\n'),
    );
  });

  it('an ignored folder or file named as the path is searched', async () => {
    assert.equal(
      await grepBoth({ pattern: 'needle', path: 'build' }),
      'build/out.js:1: needle in ignored build output',
    );
    assert.equal(await grepBoth({ pattern: 'needle', path: 'drop.log' }), 'drop.log:1: needle in an ignored log');
    assert.equal(
      await grepBoth({ pattern: 'needle', path: 'src/generated' }),
      'src/generated/gen.ts:1: needle generated',
    );
    assert.equal(await grepBoth({ pattern: 'needle', path: 'src' }), 'src/main.ts:2: const needle = x;');
  });

  it('a binary file, and a link out of the workspace, show nothing', async () => {
    assert.equal(await grepBoth({ pattern: 'needle', path: 'bin.dat' }), noMatchesText('needle', 'bin.dat'));
    assert.equal(await grepBoth({ pattern: 'needle', path: 'out' }), `Error: ${symlinkOutsideMessage('out')}`);
    assert.equal(
      await grepBoth({ pattern: 'needle', path: 'leak-link.txt' }),
      `Error: ${symlinkOutsideMessage('leak-link.txt')}`,
    );
  });

  it('no match', async () => {
    assert.equal(await grepBoth({ pattern: 'haystack' }), noMatchesText('haystack', '.'));
  });
});

describe('list_files with the ignore files', () => {
  const list = async (args: object): Promise<string> => {
    const registry = new ToolRegistry();
    registry.register(createListFilesTool(ws.workspace));
    return (await registry.execute('list_files', JSON.stringify(args), ctx())).content;
  };

  it('one level: ignored and hidden entries left out and counted, .git never listed', async () => {
    // Left out: .agent-checklist .env .gitignore .hidden .ignore build drop.log excluded.txt global-ignored.txt vendor-ignored
    assert.equal(
      await list({}),
      [
        'a.txt',
        'big.txt',
        'bin.dat',
        'keep.log',
        'leak-link.txt (symbolic link)',
        'node_modules/',
        'out/ (symbolic link)',
        'src/',
        listLeftOutText(10),
      ].join('\n'),
    );
    assert.ok(!(await list({ includeIgnored: true })).includes('.git/'));
    assert.match(await list({ includeIgnored: true }), /^build\/$/m);
  });

  it('a glob does not descend ignored folders', async () => {
    // The root's 10, and in src/: its .gitignore (hidden) and generated/ (ignored).
    assert.equal(await list({ glob: '*.ts' }), ['src/main.ts', listLeftOutText(12)].join('\n'));
    assert.equal(await list({ glob: '*.ts', path: 'src/generated' }), 'src/generated/gen.ts');
  });
});
