// The time-of-check/time-of-use attack on the file tools: a separate PROCESS keeps
// swapping `flip` between a real folder of the workspace and a symbolic link to a
// folder outside it, while the tools are called hundreds of times on paths through
// `flip`. Whatever the interleaving, nothing outside may be read, listed, written or
// created: a call may fail, never reach outside.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEditFileTool } from '../../../extension/src/core/tools/edit-file/edit-file-tool';
import { createGrepTool } from '../../../extension/src/core/tools/grep/grep-tool';
import { createListFilesTool } from '../../../extension/src/core/tools/list-files/list-files-tool';
import { createReadFileTool } from '../../../extension/src/core/tools/read-file/read-file-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { createWriteFileTool } from '../../../extension/src/core/tools/write-file/write-file-tool';
import { autoApprovals, ctx, tempWorkspace, type TempWorkspace, waitFor } from './support';
import { EMPTY_FOLDER_TEXT, listLeftOutText, hardLinkMessage } from '../support/tool-texts';

const SECRET = 'top secret';
const CALLS = 300; // list_files and grep: CALLS/3 rounds of four calls

// Renames are atomic: `flip` is, at every instant, the real folder, the link, or absent.
const SWAPPER = `
const fs = require('node:fs');
const [flip, real, link] = process.argv.slice(1);
fs.writeFileSync(flip + '.ready', '');
for (;;) {
  try { fs.renameSync(real, flip); fs.renameSync(flip, real); } catch {}
  try { fs.renameSync(link, flip); fs.renameSync(flip, link); } catch {}
}`;

describe('file tools against a concurrent symlink swapper process', () => {
  let swapper: ChildProcess | undefined;
  let registry: ToolRegistry;
  // Registered before the workspace's own cleanup, so the swapper is gone before its folder is removed.
  after(async () => {
    if (swapper === undefined || swapper.exitCode !== null || swapper.signalCode !== null) return;
    const exited = new Promise((resolve) => swapper?.once('exit', resolve));
    swapper.kill('SIGKILL');
    await exited;
  });
  const ws: TempWorkspace = tempWorkspace();

  before(async () => {
    fs.writeFileSync(path.join(ws.outside, 'outside-only.txt'), `${SECRET} 2\n`);
    const real = path.join(ws.root, 'flip.real');
    fs.mkdirSync(real);
    fs.writeFileSync(path.join(real, 'secret.txt'), 'inside marker\n');
    fs.symlinkSync(ws.outside, path.join(ws.root, 'flip.link'));
    const flip = path.join(ws.root, 'flip');
    swapper = spawn(process.execPath, ['-e', SWAPPER, flip, real, path.join(ws.root, 'flip.link')], {
      stdio: 'ignore',
    });
    await waitFor(() => fs.existsSync(`${flip}.ready`), 'the swapper to start');
    registry = new ToolRegistry();
    const approvals = autoApprovals();
    registry.register(createReadFileTool(ws.workspace));
    registry.register(createWriteFileTool({ workspace: ws.workspace, approvals }));
    registry.register(createEditFileTool({ workspace: ws.workspace, approvals }));
    registry.register(createListFilesTool(ws.workspace));
    registry.register(createGrepTool(ws.workspace));
  });

  const call = (name: string, args: unknown) => registry.execute(name, JSON.stringify(args), ctx());

  it(`read_file: ${CALLS} reads of flip/secret.txt never return the outside file`, async () => {
    let inside = 0;
    for (let i = 0; i < CALLS; i++) {
      const r = await call('read_file', { path: 'flip/secret.txt' });
      assert.ok(!r.content.includes(SECRET), `call ${i} read outside: ${r.content}`);
      if (!r.isError) inside++;
    }
    console.log(`# read_file: ${inside} of ${CALLS} reads succeeded inside, the rest were refused`);
  });

  it(`write_file and edit_file: ${CALLS} calls each create or change nothing outside`, async () => {
    for (let i = 0; i < CALLS; i++) {
      await call('write_file', { path: `flip/pwn-${i % 7}.txt`, content: 'pwned' });
      await call('write_file', { path: 'flip/sub/deeper/pwn.txt', content: 'pwned' });
      await call('edit_file', { path: 'flip/secret.txt', old_string: SECRET, new_string: 'pwned' });
    }
    assert.deepEqual(fs.readdirSync(ws.outside).sort(), ['outside-only.txt', 'secret.txt']);
    assert.equal(fs.readFileSync(path.join(ws.outside, 'secret.txt'), 'utf8'), `${SECRET}\n`);
  });

  it(`list_files and grep: ${CALLS} calls of each never show an outside name or line`, async () => {
    for (let i = 0; i < CALLS / 3; i++) {
      const listed = await call('list_files', { path: 'flip' });
      assert.ok(!listed.content.includes('outside-only'), `list ${i} showed outside: ${listed.content}`);
      const globbed = await call('list_files', { path: '.', glob: '**/*.txt' });
      assert.ok(!globbed.content.includes('outside-only'), `glob ${i} showed outside: ${globbed.content}`);
      const found = await call('grep', { pattern: SECRET, path: i % 2 ? 'flip' : '.' });
      assert.ok(!found.content.includes(`: ${SECRET}`), `grep ${i} matched outside: ${found.content}`);
      const one = await call('grep', { pattern: SECRET, path: 'flip/secret.txt' });
      assert.ok(!one.content.includes(`: ${SECRET}`), `grep ${i} matched outside: ${one.content}`);
    }
  });
});

describe('hard links and names that start with ..', () => {
  it('refuses a file with a second hard link (the other name may be outside), for reads and writes', async () => {
    const ws = tempWorkspace();
    fs.linkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'hard.txt'));
    const registry = new ToolRegistry();
    registry.register(createReadFileTool(ws.workspace));
    registry.register(createWriteFileTool({ workspace: ws.workspace, approvals: autoApprovals() }));
    registry.register(createGrepTool(ws.workspace));
    const c = (name: string, args: unknown) => registry.execute(name, JSON.stringify(args), ctx());
    assert.deepEqual(await c('read_file', { path: 'hard.txt' }), {
      isError: true,
      content: `Error: ${hardLinkMessage('hard.txt')}`,
    });
    assert.deepEqual(await c('write_file', { path: 'hard.txt', content: 'pwned' }), {
      isError: true,
      content: `Error: ${hardLinkMessage('hard.txt')}`,
    });
    assert.equal((await c('grep', { pattern: 'secret' })).content, 'No matches for /secret/ in ..');
    assert.equal(fs.readFileSync(path.join(ws.outside, 'secret.txt'), 'utf8'), `${SECRET}\n`);
  });

  it('reads, writes and lists `..hidden`, a legitimate name inside the workspace', async () => {
    const ws = tempWorkspace();
    ws.file('..hidden', 'dot dot\n');
    const registry = new ToolRegistry();
    registry.register(createReadFileTool(ws.workspace));
    registry.register(createWriteFileTool({ workspace: ws.workspace, approvals: autoApprovals() }));
    registry.register(createListFilesTool(ws.workspace));
    const c = (name: string, args: unknown) => registry.execute(name, JSON.stringify(args), ctx());
    assert.deepEqual(await c('read_file', { path: '..hidden' }), { isError: false, content: '1\tdot dot' });
    assert.equal((await c('write_file', { path: '..more/x.txt', content: 'x' })).isError, false);
    assert.equal(ws.read('..more/x.txt'), 'x');
    // Hidden (a leading dot) as ripgrep has it: listed when asked for, and counted when not.
    assert.equal((await c('list_files', { includeIgnored: true })).content, '..hidden\n..more/');
    assert.equal((await c('list_files', {})).content, `${EMPTY_FOLDER_TEXT}\n${listLeftOutText(2)}`);
  });
});
