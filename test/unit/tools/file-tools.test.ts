// read_file, write_file, edit_file, list_files, grep on real files in a temp
// workspace, through the real registry (raw JSON arguments, as a model sends them).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { createEditFileTool } from '../../../extension/src/core/tools/edit-file/edit-file-tool';
import {
  createGrepTool,
  grepCutText,
  MAX_GREP_MATCHES,
  noMatchesText,
} from '../../../extension/src/core/tools/grep/grep-tool';
import { createListFilesTool, noSuchPathMessage } from '../../../extension/src/core/tools/list-files/list-files-tool';
import { createReadFileTool } from '../../../extension/src/core/tools/read-file/read-file-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { isFolderMessage } from '../../../extension/src/core/tools/text-file';
import { createWriteFileTool } from '../../../extension/src/core/tools/write-file/write-file-tool';
import { approvalsWith, autoApprovals, ctx, tempWorkspace, type TempWorkspace } from './support';
import {
  deniedMessage,
  unattendedMessage,
  notFoundMessage,
  notUniqueMessage,
  SAME_STRINGS_MESSAGE,
  EMPTY_FOLDER_TEXT,
  listLeftOutText,
  noGlobMatchText,
  EMPTY_FILE_TEXT,
  offsetPastEndMessage,
  binaryFileMessage,
  noSuchFileMessage,
  outsideWorkspaceMessage,
  symlinkOutsideMessage,
} from '../support/tool-texts';

function registryFor(ws: TempWorkspace, approvals: Approvals = autoApprovals()): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(createReadFileTool(ws.workspace));
  registry.register(createWriteFileTool({ workspace: ws.workspace, approvals }));
  registry.register(createEditFileTool({ workspace: ws.workspace, approvals }));
  registry.register(createListFilesTool(ws.workspace));
  registry.register(createGrepTool(ws.workspace));
  return registry;
}

const call = (registry: ToolRegistry, name: string, args: unknown) =>
  registry.execute(name, JSON.stringify(args), ctx());

describe('read_file', () => {
  it('returns numbered lines, and a window with how to read on', async () => {
    const ws = tempWorkspace();
    ws.file('a.txt', 'one\ntwo\nthree\nfour\n');
    const r = registryFor(ws);
    assert.deepEqual(await call(r, 'read_file', { path: 'a.txt' }), {
      isError: false,
      content: '1\tone\n2\ttwo\n3\tthree\n4\tfour',
    });
    const window = await call(r, 'read_file', { path: 'a.txt', offset: 2, limit: 2 });
    assert.equal(window.content, '2\ttwo\n3\tthree\n[lines 2-3 of 4; read on with offset 4]');
    assert.equal(
      (await call(r, 'read_file', { path: 'a.txt', offset: 9 })).content,
      `Error: ${offsetPastEndMessage(9, 4)}`,
    );
    ws.file('empty.txt', '');
    assert.equal((await call(r, 'read_file', { path: 'empty.txt' })).content, EMPTY_FILE_TEXT);
  });

  it('refuses missing files, folders, binary files and bad arguments', async () => {
    const ws = tempWorkspace();
    ws.file('dir/x.txt', 'x');
    fs.writeFileSync(path.join(ws.root, 'bin.dat'), Buffer.from([1, 2, 0, 3]));
    const r = registryFor(ws);
    assert.deepEqual(await call(r, 'read_file', { path: 'nope.txt' }), {
      isError: true,
      content: `Error: ${noSuchFileMessage('nope.txt')}`,
    });
    assert.equal((await call(r, 'read_file', { path: 'dir' })).content, `Error: ${isFolderMessage('dir')}`);
    assert.equal((await call(r, 'read_file', { path: 'bin.dat' })).content, `Error: ${binaryFileMessage('bin.dat')}`);
    assert.equal((await call(r, 'read_file', { path: 'x', offset: 0 })).isError, true);
    assert.match((await call(r, 'read_file', {})).content, /^Error: invalid arguments: path is required$/);
  });

  it('refuses paths that escape: `..`, absolute outside, a symbolic link pointing outside', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    const r = registryFor(ws);
    const secret = path.join(ws.outside, 'secret.txt');
    assert.deepEqual(await call(r, 'read_file', { path: '../outside/secret.txt' }), {
      isError: true,
      content: `Error: ${outsideWorkspaceMessage('../outside/secret.txt', ws.root)}`,
    });
    assert.deepEqual(await call(r, 'read_file', { path: secret }), {
      isError: true,
      content: `Error: ${outsideWorkspaceMessage(secret, ws.root)}`,
    });
    const viaLink = await call(r, 'read_file', { path: 'link.txt' });
    assert.deepEqual(viaLink, { isError: true, content: `Error: ${symlinkOutsideMessage('link.txt')}` });
    assert.doesNotMatch(viaLink.content, /top secret/);
  });
});

describe('write_file', () => {
  it('creates a file with its parent folders, then replaces it', async () => {
    const ws = tempWorkspace();
    const r = registryFor(ws);
    assert.deepEqual(await call(r, 'write_file', { path: 'src/deep/new.txt', content: 'hello\n' }), {
      isError: false,
      content: 'Wrote 6 bytes to src/deep/new.txt (created the file).',
    });
    assert.equal(ws.read('src/deep/new.txt'), 'hello\n');
    assert.equal(
      (await call(r, 'write_file', { path: 'src/deep/new.txt', content: 'bye' })).content,
      'Wrote 3 bytes to src/deep/new.txt (replaced the previous 6 bytes).',
    );
    assert.equal(ws.read('src/deep/new.txt'), 'bye');
  });

  it('asks for approval; a denied write changes nothing and says so', async () => {
    const ws = tempWorkspace();
    ws.file('keep.txt', 'original');
    const { approvals, gate } = approvalsWith('deny');
    const r = registryFor(ws, approvals);
    assert.deepEqual(await call(r, 'write_file', { path: 'keep.txt', content: 'clobbered' }), {
      isError: true,
      content: `Error: ${deniedMessage('write_file')}`,
    });
    assert.equal(ws.read('keep.txt'), 'original');
    assert.equal(gate.asked.length, 1);
    assert.deepEqual(
      {
        tool: gate.asked[0]!.tool,
        summary: gate.asked[0]!.summary,
        callId: gate.asked[0]!.callId,
        sessionId: gate.asked[0]!.sessionId,
      },
      { tool: 'write_file', summary: 'Replace keep.txt (9 bytes)', callId: 'call_1', sessionId: null },
    );
    assert.match(gate.asked[0]!.detail, /clobbered/);
  });

  it('"always allow" is asked once, then remembered for the tool', async () => {
    const ws = tempWorkspace();
    const { approvals, gate } = approvalsWith('approve-always');
    const r = registryFor(ws, approvals);
    assert.equal((await call(r, 'write_file', { path: 'a.txt', content: 'a' })).isError, false);
    assert.equal((await call(r, 'write_file', { path: 'b.txt', content: 'b' })).isError, false);
    assert.equal(gate.asked.length, 1);
    assert.deepEqual(approvals.remembered(), ['write_file']);
  });

  it('with no one to ask and no auto-approve, refuses and names the way out', async () => {
    const ws = tempWorkspace();
    const r = registryFor(ws, new Approvals({ gate: null, unattendedHint: 'run with --yes to auto-approve' }));
    const result = await call(r, 'write_file', { path: 'a.txt', content: 'a' });
    assert.deepEqual(result, {
      isError: true,
      content: `Error: ${unattendedMessage('write_file', 'run with --yes to auto-approve')}`,
    });
    assert.equal(fs.existsSync(path.join(ws.root, 'a.txt')), false);
  });

  it('refuses escapes, including a new file under a linked folder outside, and writes nothing there', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(ws.outside, path.join(ws.root, 'out'));
    fs.symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'secret-link'));
    const r = registryFor(ws);
    assert.equal(
      (await call(r, 'write_file', { path: '../outside/x.txt', content: 'x' })).content,
      `Error: ${outsideWorkspaceMessage('../outside/x.txt', ws.root)}`,
    );
    assert.equal(
      (await call(r, 'write_file', { path: 'out/x.txt', content: 'x' })).content,
      `Error: ${symlinkOutsideMessage('out/x.txt')}`,
    );
    assert.equal(
      (await call(r, 'write_file', { path: 'secret-link', content: 'x' })).content,
      `Error: ${symlinkOutsideMessage('secret-link')}`,
    );
    assert.deepEqual(fs.readdirSync(ws.outside), ['secret.txt']);
    assert.equal(fs.readFileSync(path.join(ws.outside, 'secret.txt'), 'utf8'), 'top secret\n');
  });

  it('refuses to replace a folder', async () => {
    const ws = tempWorkspace();
    ws.file('dir/x', 'x');
    assert.equal(
      (await call(registryFor(ws), 'write_file', { path: 'dir', content: 'x' })).content,
      `Error: ${isFolderMessage('dir')}`,
    );
  });
});

describe('edit_file', () => {
  it('replaces the one occurrence and reports the line', async () => {
    const ws = tempWorkspace();
    ws.file('a.ts', 'const a = 1;\nconst b = 2;\n');
    const result = await call(registryFor(ws), 'edit_file', {
      path: 'a.ts',
      old_string: 'const b = 2;',
      new_string: 'const b = 3;',
    });
    assert.deepEqual(result, { isError: false, content: 'Edited a.ts: replaced 1 occurrence at line 2 (1 line now).' });
    assert.equal(ws.read('a.ts'), 'const a = 1;\nconst b = 3;\n');
  });

  it('refuses zero matches and more than one match, changing nothing', async () => {
    const ws = tempWorkspace();
    ws.file('a.ts', 'x = 1;\nx = 1;\n');
    const r = registryFor(ws);
    assert.deepEqual(await call(r, 'edit_file', { path: 'a.ts', old_string: 'x = 1;', new_string: 'x = 2;' }), {
      isError: true,
      content: `Error: ${notUniqueMessage('a.ts', 2)}`,
    });
    assert.deepEqual(await call(r, 'edit_file', { path: 'a.ts', old_string: 'y = 1;', new_string: 'y = 2;' }), {
      isError: true,
      content: `Error: ${notFoundMessage('a.ts')}`,
    });
    assert.equal(
      (await call(r, 'edit_file', { path: 'a.ts', old_string: 'x', new_string: 'x' })).content,
      `Error: ${SAME_STRINGS_MESSAGE}`,
    );
    assert.equal(
      (await call(r, 'edit_file', { path: 'missing.ts', old_string: 'x', new_string: 'y' })).content,
      `Error: ${noSuchFileMessage('missing.ts')}`,
    );
    assert.equal(ws.read('a.ts'), 'x = 1;\nx = 1;\n');
  });

  it('counts overlapping occurrences as more than one', async () => {
    const ws = tempWorkspace();
    ws.file('f', 'aaa');
    assert.deepEqual(await call(registryFor(ws), 'edit_file', { path: 'f', old_string: 'aa', new_string: 'b' }), {
      isError: true,
      content: `Error: ${notUniqueMessage('f', 2)}`,
    });
    assert.equal(ws.read('f'), 'aaa');
  });

  it('is not asked about when the edit cannot apply; a denied edit changes nothing', async () => {
    const ws = tempWorkspace();
    ws.file('a.ts', 'one\n');
    const { approvals, gate } = approvalsWith('deny');
    const r = registryFor(ws, approvals);
    assert.equal((await call(r, 'edit_file', { path: 'a.ts', old_string: 'two', new_string: '2' })).isError, true);
    assert.equal(gate.asked.length, 0);
    assert.equal(
      (await call(r, 'edit_file', { path: 'a.ts', old_string: 'one', new_string: '1' })).content,
      `Error: ${deniedMessage('edit_file')}`,
    );
    assert.equal(gate.asked[0]!.summary, 'Edit a.ts at line 1');
    assert.equal(gate.asked[0]!.detail, 'Edit a.ts at line 1:\n- one\n+ 1');
    assert.equal(ws.read('a.ts'), 'one\n');
  });

  it('refuses a file reached through a symbolic link outside', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    const result = await call(registryFor(ws), 'edit_file', { path: 'link.txt', old_string: 'top', new_string: 'no' });
    assert.equal(result.content, `Error: ${symlinkOutsideMessage('link.txt')}`);
    assert.equal(fs.readFileSync(path.join(ws.outside, 'secret.txt'), 'utf8'), 'top secret\n');
  });
});

describe('list_files', () => {
  it('lists one level, folders marked, paths relative to the workspace', async () => {
    const ws = tempWorkspace();
    ws.file('b.txt', '');
    ws.file('src/a.ts', '');
    ws.file('src/lib/c.ts', '');
    fs.mkdirSync(path.join(ws.root, 'empty'));
    const r = registryFor(ws);
    assert.equal((await call(r, 'list_files', {})).content, 'b.txt\nempty/\nsrc/');
    assert.equal((await call(r, 'list_files', { path: 'src' })).content, 'src/a.ts\nsrc/lib/');
    assert.equal((await call(r, 'list_files', { path: 'empty' })).content, EMPTY_FOLDER_TEXT);
  });

  it('with a glob, finds matching files at any depth, skipping .git and what .gitignore lists, not following linked folders', async () => {
    const ws = tempWorkspace();
    ws.file('a.ts', '');
    ws.file('src/b.ts', '');
    ws.file('src/b.test.ts', '');
    ws.file('src/deep/c.ts', '');
    ws.file('notes.md', '');
    ws.file('node_modules/pkg/index.ts', '');
    ws.file('.gitignore', 'node_modules/\n');
    ws.file('.git/x.ts', '');
    fs.symlinkSync(ws.outside, path.join(ws.root, 'out'));
    fs.writeFileSync(path.join(ws.outside, 'leak.ts'), '');
    const r = registryFor(ws);
    // Left out and counted: .gitignore (hidden) and node_modules (ignored); .git is never even counted.
    assert.equal(
      (await call(r, 'list_files', { glob: '*.ts' })).content,
      `a.ts\nsrc/b.test.ts\nsrc/b.ts\nsrc/deep/c.ts\n${listLeftOutText(2)}`,
    );
    assert.equal(
      (await call(r, 'list_files', { glob: 'src/**/*.ts', path: '.' })).content,
      `src/b.test.ts\nsrc/b.ts\nsrc/deep/c.ts\n${listLeftOutText(2)}`,
    );
    assert.equal(
      (await call(r, 'list_files', { glob: '*.ts', includeIgnored: true })).content,
      'a.ts\nnode_modules/pkg/index.ts\nsrc/b.test.ts\nsrc/b.ts\nsrc/deep/c.ts',
    );
    assert.equal(
      (await call(r, 'list_files', { glob: '*.ts', path: 'node_modules' })).content,
      'node_modules/pkg/index.ts',
      'an ignored folder named as the path is listed',
    );
    assert.equal((await call(r, 'list_files', { path: 'src', glob: '*.test.ts' })).content, 'src/b.test.ts');
    assert.equal((await call(r, 'list_files', { glob: '*.{md,txt}' })).content, `notes.md\n${listLeftOutText(2)}`);
    assert.equal(
      (await call(r, 'list_files', { glob: '*.py' })).content,
      `${noGlobMatchText('*.py', '.')}\n${listLeftOutText(2)}`,
    );
  });

  it('refuses a missing folder and escapes', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(ws.outside, path.join(ws.root, 'out'));
    const r = registryFor(ws);
    assert.equal((await call(r, 'list_files', { path: 'nope' })).content, `Error: ${noSuchPathMessage('nope')}`);
    assert.equal(
      (await call(r, 'list_files', { path: '..' })).content,
      `Error: ${outsideWorkspaceMessage('..', ws.root)}`,
    );
    assert.equal((await call(r, 'list_files', { path: 'out' })).content, `Error: ${symlinkOutsideMessage('out')}`);
  });
});

describe('grep', () => {
  it('finds matching lines as path:line: text across text files, skipping binary files and what .gitignore lists', async () => {
    const ws = tempWorkspace();
    fs.mkdirSync(path.join(ws.root, '.git'));
    ws.file('.gitignore', 'node_modules/\n');
    ws.file('a.ts', 'const needle = 1;\nother\n');
    ws.file('src/b.ts', 'x\ny\nfunction needle() {}\n');
    fs.writeFileSync(path.join(ws.root, 'bin.dat'), Buffer.concat([Buffer.from('needle'), Buffer.from([0])]));
    ws.file('node_modules/m/index.js', 'needle');
    const r = registryFor(ws);
    assert.deepEqual(await call(r, 'grep', { pattern: 'needle' }), {
      isError: false,
      content: 'a.ts:1: const needle = 1;\nsrc/b.ts:3: function needle() {}',
    });
    assert.equal(
      (await call(r, 'grep', { pattern: 'needle\\(', path: 'src' })).content,
      'src/b.ts:3: function needle() {}',
    );
    assert.equal((await call(r, 'grep', { pattern: 'needle', path: 'a.ts' })).content, 'a.ts:1: const needle = 1;');
    assert.deepEqual(await call(r, 'grep', { pattern: 'haystack' }), {
      isError: false,
      content: noMatchesText('haystack', '.'),
    });
  });

  it('caps the matches and says so', async () => {
    const ws = tempWorkspace();
    ws.file('many.txt', Array.from({ length: MAX_GREP_MATCHES + 50 }, (_, i) => `hit ${i}`).join('\n'));
    const lines = (await call(registryFor(ws), 'grep', { pattern: 'hit' })).content.split('\n');
    assert.equal(lines.length, MAX_GREP_MATCHES + 1);
    assert.equal(lines.at(-1), grepCutText(MAX_GREP_MATCHES));
  });

  it('refuses an invalid pattern and paths that escape; never reads through a link outside', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    fs.symlinkSync(ws.outside, path.join(ws.root, 'out'));
    const r = registryFor(ws);
    assert.match((await call(r, 'grep', { pattern: '(' })).content, /^Error: invalid pattern: /);
    assert.equal(
      (await call(r, 'grep', { pattern: 'secret', path: '../outside' })).content,
      `Error: ${outsideWorkspaceMessage('../outside', ws.root)}`,
    );
    assert.equal(
      (await call(r, 'grep', { pattern: 'secret', path: 'link.txt' })).content,
      `Error: ${symlinkOutsideMessage('link.txt')}`,
    );
    assert.equal((await call(r, 'grep', { pattern: 'secret' })).content, noMatchesText('secret', '.'));
  });
});
