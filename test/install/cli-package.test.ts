// The CLI as an npm package (issue 39): the tarball `npm run package:cli` builds,
// installed with `npm install -g` into a temporary prefix (offline: it has no
// dependencies), puts `agent-checklist` on that prefix's bin; `--version` prints the
// version, `agent-checklist mcp` answers `initialize` (a real MCP SDK client), every
// command loads, and a scripted `run` writes a plan that `plan`, `check`, `history`,
// `export` and `edit` read back.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { initializeMcp, tempDir, treeVersion } from './installed';

const MAX_BYTES = 5 * 1024 * 1024;
const COMMANDS = [
  'plan',
  'history',
  'edit',
  'check',
  'export',
  'run',
  'approve',
  'mcp',
  'acp',
  'import',
  'changes',
  'revert',
];

/** The runner's tarball (INSTALL_TIER_CLI_TARBALL), else packed now. */
function packedCli(): string {
  const given = process.env.INSTALL_TIER_CLI_TARBALL;
  if (given !== undefined && fs.existsSync(given)) return given;
  const packed = spawnSync(process.execPath, ['scripts/package-cli.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(packed.status, 0, `npm run package:cli failed:\n${packed.stdout}${packed.stderr}`);
  return packed.stdout.trim().split('\n').at(-1) ?? '';
}

describe('the CLI package installed with npm install -g', () => {
  const work = tempDir('install-cli');
  const prefix = path.join(work, 'prefix');
  const sessions = path.join(work, 'sessions');
  const bin = path.join(prefix, 'bin', 'agent-checklist');
  let tarball = '';

  const cli = (args: string[]) =>
    spawnSync(bin, args, { cwd: work, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: work } });

  before(() => {
    tarball = packedCli();
    assert.ok(tarball.endsWith('.tgz') && fs.existsSync(tarball), `a tarball was written (${tarball})`);
    const installed = spawnSync(
      'npm',
      ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', path.resolve(tarball)],
      { cwd: work, encoding: 'utf8' },
    );
    assert.equal(installed.status, 0, `npm install -g: ${installed.stdout}${installed.stderr}`);
  });

  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('is at most 5 MB and holds the CLI, not the webview, the extension host, tests or source maps', () => {
    assert.ok(fs.statSync(tarball).size <= MAX_BYTES, `${fs.statSync(tarball).size} bytes`);
    const listed = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    assert.ok(listed.includes('package/dist/cli.js') && listed.includes('package/dist/mcp.js'), listed.join(', '));
    assert.deepEqual(
      listed.filter((f) => /\/webview\/|\/extension[.-]|test-api|\.map$|\/test\/|\/bench\//.test(f)),
      [],
    );
  });

  it('prints its version', () => {
    const version = cli(['--version']);
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), treeVersion());
  });

  it('serves MCP: `agent-checklist mcp` answers initialize', async () => {
    const answered = await initializeMcp(
      bin,
      ['mcp', '--session-dir', sessions, '--allow-parallel-in-progress', 'false'],
      { PATH: process.env.PATH ?? '', HOME: work },
    );
    assert.equal(answered.version, treeVersion());
    assert.ok(answered.tools.includes('todo_write') && answered.tools.includes('todo_read'), answered.tools.join());
  });

  it('loads every command', () => {
    for (const command of COMMANDS) {
      const help = cli([command, '--help']);
      assert.equal(help.status, 0, `${command} --help: ${help.stderr}`);
      assert.match(help.stdout, new RegExp(`agent-checklist ${command}`));
    }
  });

  it('runs a scripted turn whose plan plan, check, history, export and edit read back', () => {
    const script = path.join(work, 'script.json');
    const todos = [
      { content: 'Read the code', status: 'completed' },
      { content: 'Write the fix', status: 'pending' },
    ];
    fs.writeFileSync(
      script,
      JSON.stringify({
        responses: [{ toolCalls: [{ name: 'todo_write', arguments: { todos } }] }, { text: 'Planned.' }],
      }),
    );
    const ran = cli([
      'run',
      '--script',
      script,
      '--tools',
      'todo_write',
      '--allow-parallel-in-progress',
      'false',
      '--session-dir',
      sessions,
      '--json',
      'Plan a fix',
    ]);
    assert.equal(ran.status, 0, ran.stderr);
    const { logPath } = JSON.parse(ran.stdout) as { logPath: string };
    assert.match(cli(['plan', logPath]).stdout, /Write the fix/);
    for (const command of [
      ['check'],
      ['history'],
      ['export'],
      ['edit', '--add', 'Test it', '--allow-parallel-in-progress', 'false'],
    ]) {
      const result = cli([command[0] ?? '', logPath, ...command.slice(1)]);
      assert.ok(
        result.status === 0 || result.status === 1, // check exits 1 while items are open
        `${command.join(' ')}: ${result.status} ${result.stderr}`,
      );
    }
    assert.match(cli(['plan', logPath]).stdout, /Test it/);
  });
});
