// bash in the bubblewrap sandbox, for real: the workspace is writable, the rest of
// the file system is not, /tmp is private, there is no network unless allowed, links
// made inside reach nothing outside, and kill -9 of the agent ends the command — the
// last also without the sandbox (the process group's lifeline). Tests that need
// bubblewrap say they were skipped, and why, where it cannot run.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { createBashTool } from '../../../extension/src/core/tools/bash-tool';
import { createReadFileTool } from '../../../extension/src/core/tools/read-file-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { bwrapArgs } from '../../../extension/src/core/tools/sandbox';
import { symlinkOutsideMessage } from '../../../extension/src/core/tools/workspace';
import { autoApprovals, ctx, pidsOf, pidsRunning, tempWorkspace, type TempWorkspace, waitFor } from './support';

// The same check the tool makes (probeSandbox), made synchronously so tests can be skipped at definition.
function sandboxSkip(): string | false {
  if (process.platform !== 'linux') return `bubblewrap is Linux only (this is ${process.platform})`;
  const run = spawnSync('bwrap', [...bwrapArgs('/', '/', false), '--', 'true'], { encoding: 'utf8' });
  if (run.error) return `bwrap could not start (${run.error.message})`;
  return run.status === 0 ? false : `bwrap was refused (${run.stderr.trim().split('\n')[0]})`;
}
const skip = sandboxSkip();
if (skip) console.log(`# skipped: the sandbox tests (${skip})`);

function tools(ws: TempWorkspace, network = false): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(createBashTool({ workspace: ws.workspace, approvals: autoApprovals(), trusted: true, sandbox: { mode: 'auto', network } }));
  registry.register(createReadFileTool(ws.workspace));
  return registry;
}
const bash = async (r: ToolRegistry, command: string) => (await r.execute('bash', JSON.stringify({ command }), ctx())).content;

/** A folder outside the workspace AND outside /tmp (the sandbox's /tmp is its own, so a /tmp folder would prove nothing). */
function outsideTmp(): string {
  const dir = fs.mkdtempSync(path.join(os.homedir(), '.agent-checklist-sandbox-test-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'top secret\n');
  return dir;
}

describe('bash in the sandbox', { skip }, () => {
  it('writes inside the workspace; cannot write elsewhere; /tmp is its own', async () => {
    const ws = tempWorkspace();
    const outside = outsideTmp();
    const r = tools(ws);
    assert.equal(await bash(r, 'echo made > inside.txt && cat inside.txt'), 'made\n[exit code: 0]');
    assert.equal(ws.read('inside.txt'), 'made\n');
    assert.match(await bash(r, `echo pwned > ${outside}/pwn.txt`), /Read-only file system\n\[exit code: 1\]$/);
    assert.match(await bash(r, `rm ${outside}/secret.txt`), /Read-only file system\n\[exit code: 1\]$/);
    assert.deepEqual(fs.readdirSync(outside), ['secret.txt']);
    const marker = `agent-checklist-private-tmp-${process.pid}`;
    assert.equal(await bash(r, `echo x > /tmp/${marker} && ls /tmp/${marker}`), `/tmp/${marker}\n[exit code: 0]`);
    assert.equal(fs.existsSync(`/tmp/${marker}`), false);
  });

  it('has no network unless allowed', async () => {
    const server = http.createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    after(() => server.close());
    const { port } = server.address() as AddressInfo;
    const connect = `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`;
    const ws = tempWorkspace();
    assert.doesNotMatch(await bash(tools(ws), connect), /connected/);
    assert.match(await bash(tools(ws, true), connect), /^connected\n\[exit code: 0\]$/);
  });

  it('a hard link to an outside file is refused; a symbolic link is made but leads nowhere the tools follow', async () => {
    const ws = tempWorkspace();
    const outside = outsideTmp();
    const r = tools(ws);
    assert.match(await bash(r, `ln ${outside}/secret.txt hard.txt`), /Invalid cross-device link\n\[exit code: 1\]$/);
    assert.equal(fs.existsSync(path.join(ws.root, 'hard.txt')), false);
    assert.equal(await bash(r, `ln -s ${outside}/secret.txt soft.txt && echo linked`), 'linked\n[exit code: 0]');
    assert.deepEqual(await r.execute('read_file', JSON.stringify({ path: 'soft.txt' }), ctx()), { isError: true, content: `Error: ${symlinkOutsideMessage('soft.txt')}` });
  });
});

/** Starts bash-child.ts running `command`, kills it with SIGKILL once `marker` runs, and waits for `marker` to be gone. */
async function killNineLeavesNothing(mode: 'auto' | 'off', marker: string): Promise<void> {
  const ws = tempWorkspace();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'bash-child.ts'), mode, ws.root, `(${marker} &) ; ${marker} & wait`], { stdio: 'ignore' });
  try {
    await waitFor(() => pidsRunning(marker).length >= 2, `both ${marker} to run`);
    child.kill('SIGKILL');
    await waitFor(() => pidsOf(marker).length === 0, `every ${marker} to die after kill -9 of the agent`, 15_000);
  } finally {
    child.kill('SIGKILL');
  }
}

describe('kill -9 of the agent ends the command', () => {
  it('sandboxed: bwrap dies with the agent, and the sandbox and its background processes with it', { skip }, async () => {
    await killNineLeavesNothing('auto', 'sleep 30.31');
  });

  it('unsandboxed: the group watcher sees the agent gone and kills the group', async () => {
    await killNineLeavesNothing('off', 'sleep 30.32');
  });
});

describe('without bubblewrap', () => {
  it('says once why, and runs the commands unsandboxed', async () => {
    const ws = tempWorkspace();
    const bin = path.join(ws.outside, 'bin'); // a PATH with bash and nothing else: no bwrap
    fs.mkdirSync(bin);
    fs.symlinkSync('/bin/bash', path.join(bin, 'bash'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'fixtures', 'bash-child.ts'), 'auto', ws.root, 'echo ran', '2'], {
      env: { ...process.env, PATH: bin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    assert.equal(stdout, 'ran\n[exit code: 0]\nran\n[exit code: 0]\n');
    assert.equal(stderr, 'unsandboxed: bubblewrap (bwrap) is not installed\n');
  });
});
