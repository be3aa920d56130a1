// The launcher Set Up for Another Agent… names (core/mcp/mcp-launcher.ts), run as an agent
// runs it: a real sh process with a real runtime and real files. It starts the named
// cli.js with the runtime as Node (ELECTRON_RUN_AS_NODE=1) whatever PATH holds; once an
// update removed that version's folder it starts the version installed beside it;
// and only when the runtime moved does it look for `node` on PATH.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launcherName, launcherScript } from '../../../extension/src/core/mcp/mcp-launcher';

const PREFIX = 'agent-checklist.agent-checklist-';
/** A cli.js that reports which version ran, how, and with which arguments. */
const cliSource = (version: string) =>
  `console.log(JSON.stringify({ version: ${JSON.stringify(version)}, asNode: process.env.ELECTRON_RUN_AS_NODE ?? null, args: process.argv.slice(2) }));\n`;

let root = '';
let extensions = '';
let emptyPath = '';

function install(version: string): string {
  const cli = path.join(extensions, `${PREFIX}${version}`, 'dist', 'cli.js');
  fs.mkdirSync(path.dirname(cli), { recursive: true });
  fs.writeFileSync(cli, cliSource(version));
  return cli;
}

function writeLauncher(runtime: string, cliPath: string): string {
  const file = path.join(root, "it's storage", launcherName('posix'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, launcherScript({ runtime, cliPath, folderPrefix: PREFIX, platform: 'posix' }), {
    mode: 0o755,
  });
  return file;
}

function run(launcher: string, pathVar: string): { version: string; asNode: string | null; args: string[] } {
  const result = spawnSync(launcher, ['mcp', '--session-dir', '/a b/sessions'], {
    encoding: 'utf8',
    env: { PATH: pathVar, HOME: root },
  });
  assert.equal(result.status, 0, `the launcher ran: ${result.stderr}`);
  return JSON.parse(result.stdout) as { version: string; asNode: string | null; args: string[] };
}

describe('the MCP launcher', { skip: process.platform === 'win32' && 'a POSIX sh launcher' }, () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-'));
    extensions = path.join(root, 'my extensions');
    emptyPath = path.join(root, 'empty-bin');
    fs.mkdirSync(emptyPath);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('starts its cli.js with the runtime as Node, arguments intact, with no node on PATH', () => {
    const launcher = writeLauncher(process.execPath, install('0.1.0'));
    assert.deepEqual(run(launcher, emptyPath), {
      version: '0.1.0',
      asNode: '1',
      args: ['mcp', '--session-dir', '/a b/sessions'],
    });
  });

  it('starts the version installed beside it once an update removed its folder', () => {
    const launcher = writeLauncher(process.execPath, install('0.1.9'));
    fs.rmSync(path.join(extensions, `${PREFIX}0.1.0`), { recursive: true, force: true });
    install('0.1.10');
    fs.rmSync(path.join(extensions, `${PREFIX}0.1.9`), { recursive: true });
    assert.equal(run(launcher, emptyPath).version, '0.1.10');
  });

  it('looks for node on PATH only when the runtime is gone', () => {
    const launcher = writeLauncher(path.join(root, 'gone', 'Code'), install('0.2.0'));
    const ran = run(launcher, path.dirname(process.execPath));
    assert.equal(ran.version, '0.2.0');
    assert.equal(ran.asNode, null);
  });

  it('is a Windows batch file on Windows, naming the runtime and cli.js', () => {
    const text = launcherScript({
      runtime: 'C:\\Program Files\\Code\\Code.exe',
      cliPath: 'C:\\ext\\dist\\cli.js',
      folderPrefix: PREFIX,
      platform: 'windows',
    });
    assert.equal(launcherName('windows'), 'agent-checklist.cmd');
    assert.match(text, /^@echo off\r\n/);
    assert.ok(
      text.includes('set ELECTRON_RUN_AS_NODE=1\r\n"C:\\Program Files\\Code\\Code.exe" "C:\\ext\\dist\\cli.js" %*'),
    );
  });
});
