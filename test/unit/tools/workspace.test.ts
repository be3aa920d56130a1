// Path confinement: every path a model sends stays inside the workspace, on disk.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { NodeWorkspaceFs } from '../../../extension/src/core/tools/node-workspace-fs';
import { Workspace } from '../../../extension/src/core/tools/workspace';
import { tempWorkspace } from './support';
import { brokenLinkMessage, outsideWorkspaceMessage, symlinkOutsideMessage } from '../support/tool-texts';

describe('Workspace.resolve', () => {
  it('resolves a relative path inside the workspace, existing or not', async () => {
    const ws = tempWorkspace();
    ws.file('src/a.ts', 'a');
    const existing = await ws.workspace.resolve('src/a.ts');
    assert.ok(existing.ok);
    assert.equal(existing.display, 'src/a.ts');
    assert.equal(existing.stat?.kind, 'file');
    const missing = await ws.workspace.resolve('src/new/b.ts');
    assert.ok(missing.ok);
    assert.equal(missing.display, 'src/new/b.ts');
    assert.equal(missing.stat, null);
    const root = await ws.workspace.resolve('.');
    assert.ok(root.ok && root.display === '.');
  });

  it('accepts `..` that stays inside, and an absolute path inside the root', async () => {
    const ws = tempWorkspace();
    ws.file('b.txt', 'b');
    const viaDots = await ws.workspace.resolve('src/../b.txt');
    assert.ok(viaDots.ok && viaDots.display === 'b.txt');
    const absolute = await ws.workspace.resolve(path.join(ws.root, 'b.txt'));
    assert.ok(absolute.ok && absolute.display === 'b.txt');
  });

  it('refuses `..` out of the workspace', async () => {
    const ws = tempWorkspace();
    assert.deepEqual(await ws.workspace.resolve('../outside/secret.txt'), {
      ok: false,
      message: outsideWorkspaceMessage('../outside/secret.txt', ws.root),
    });
    assert.deepEqual(await ws.workspace.resolve('src/../../x'), {
      ok: false,
      message: outsideWorkspaceMessage('src/../../x', ws.root),
    });
  });

  it('refuses an absolute path outside the workspace', async () => {
    const ws = tempWorkspace();
    const secret = path.join(ws.outside, 'secret.txt');
    assert.deepEqual(await ws.workspace.resolve(secret), {
      ok: false,
      message: outsideWorkspaceMessage(secret, ws.root),
    });
    assert.deepEqual(await ws.workspace.resolve('/etc/passwd'), {
      ok: false,
      message: outsideWorkspaceMessage('/etc/passwd', ws.root),
    });
  });

  it('refuses a symbolic link that points outside, and any path through a linked folder outside', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    fs.symlinkSync(ws.outside, path.join(ws.root, 'linkdir'));
    assert.deepEqual(await ws.workspace.resolve('link.txt'), { ok: false, message: symlinkOutsideMessage('link.txt') });
    assert.deepEqual(await ws.workspace.resolve('linkdir/secret.txt'), {
      ok: false,
      message: symlinkOutsideMessage('linkdir/secret.txt'),
    });
    // A file that does not exist yet, under a linked folder outside, is refused too (a write would land outside).
    assert.deepEqual(await ws.workspace.resolve('linkdir/new/file.txt'), {
      ok: false,
      message: symlinkOutsideMessage('linkdir/new/file.txt'),
    });
  });

  it('refuses a broken symbolic link (writing through it could create a file anywhere)', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync(path.join(ws.outside, 'not-yet.txt'), path.join(ws.root, 'dangling'));
    assert.deepEqual(await ws.workspace.resolve('dangling'), { ok: false, message: brokenLinkMessage('dangling') });
  });

  it('allows a symbolic link that stays inside, resolved to its real target', async () => {
    const ws = tempWorkspace();
    ws.file('real/inner.txt', 'x');
    fs.symlinkSync(path.join(ws.root, 'real'), path.join(ws.root, 'alias'));
    const through = await ws.workspace.resolve('alias/inner.txt');
    assert.ok(through.ok);
    assert.equal(through.display, 'real/inner.txt');
  });

  it('works when the workspace root itself is reached through a symbolic link', async () => {
    const ws = tempWorkspace();
    ws.file('a.txt', 'a');
    const linkedRoot = path.join(path.dirname(ws.root), 'ws-link');
    fs.symlinkSync(ws.root, linkedRoot);
    const linked = new Workspace(linkedRoot, new NodeWorkspaceFs());
    const inside = await linked.resolve('a.txt');
    assert.ok(inside.ok && inside.display === 'a.txt');
    const byRealPath = await linked.resolve(path.join(ws.root, 'a.txt'));
    assert.ok(byRealPath.ok && byRealPath.display === 'a.txt');
    assert.equal((await linked.resolve('../outside/secret.txt')).ok, false);
  });

  it('refuses empty paths and NUL characters', async () => {
    const ws = tempWorkspace();
    assert.equal((await ws.workspace.resolve('')).ok, false);
    assert.equal((await ws.workspace.resolve('a\0b')).ok, false);
  });
});
