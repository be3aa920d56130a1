// bash in the bubblewrap sandbox, for real: the workspace is writable, the rest of
// the file system is not, /tmp is private, there is no network unless allowed, links
// made inside reach nothing outside, and kill -9 of the agent ends the command — the
// last also without the sandbox (the process group's lifeline). Tests that need
// bubblewrap say they were skipped, and why, where it cannot run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { createBashTool } from '../../../extension/src/core/tools/bash/bash-tool';
import { createReadFileTool } from '../../../extension/src/core/tools/read-file/read-file-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import {
  autoApprovals,
  ctx,
  pidsOf,
  pidsRunning,
  tempWorkspace,
  type TempWorkspace,
  waitFor,
  sandboxSkip,
  isolateQuarantine,
} from './support';
import { symlinkOutsideMessage } from '../support/tool-texts';

isolateQuarantine(); // a command here that leaves a protected path behind is quarantined: not into ~/.local/state
const skip = sandboxSkip();
if (skip) console.log(`# skipped: the sandbox tests (${skip})`);

function tools(ws: TempWorkspace, network = false): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    createBashTool({
      workspace: ws.workspace,
      approvals: autoApprovals(),
      trusted: true,
      sandbox: { mode: 'auto', network },
    }),
  );
  registry.register(createReadFileTool(ws.workspace));
  return registry;
}
const bash = async (r: ToolRegistry, command: string) =>
  (await r.execute('bash', JSON.stringify({ command }), ctx())).content;

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
    assert.deepEqual(await r.execute('read_file', JSON.stringify({ path: 'soft.txt' }), ctx()), {
      isError: true,
      content: `Error: ${symlinkOutsideMessage('soft.txt')}`,
    });
  });
});

/** From /proc/<pid>/stat (after the command name): parent, process group, session, controlling terminal (0: none). */
function procStat(pid: number): { ppid: number; pgrp: number; session: number; ttyNr: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), ttyNr: Number(f[4]) };
}

/** The pid as its innermost PID namespace sees it (1: that namespace's init). */
function innermostPid(pid: number): number {
  const line =
    fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('NSpid:')) ?? '';
  return Number(line.trim().split(/\s+/).at(-1));
}

describe('the sandbox and the lifeline', { skip }, () => {
  // bwrap's --new-session made the sandbox's PID 1 call setsid() before it set its
  // parent-death signal: an agent killed in between left it outside the group the
  // watcher kills, and the command outlived the agent. That window is microseconds
  // wide unloaded, so this checks the property that closes it, at any moment.
  it("keeps the sandbox's PID 1 in the process group the watcher kills, in a session with no terminal", async () => {
    const ws = tempWorkspace();
    const controller = new AbortController();
    const marker = 'sleep 30.33';
    const running = tools(ws).execute('bash', JSON.stringify({ command: marker }), ctx(controller.signal));
    try {
      await waitFor(() => pidsRunning(marker).length === 1, `${marker} to run`);
      const [command] = pidsRunning(marker);
      assert.ok(command);
      let init = command;
      for (let up = 0; up < 4 && innermostPid(init) !== 1; up++) init = procStat(init).ppid;
      assert.equal(innermostPid(init), 1, "found the sandbox's PID 1 above the command");
      const leader = procStat(init).ppid; // bwrap, which the prologue exec'd: the group's leader
      assert.equal(procStat(leader).pgrp, leader, "bwrap leads the command's process group");
      assert.equal(procStat(init).pgrp, leader, "the sandbox's PID 1 is in that group (not in a session of its own)");
      assert.equal(procStat(command).session, leader, "the command runs in the group's own session");
      assert.notEqual(procStat(command).session, procStat(process.pid).session, "not in the agent's session");
      assert.equal(procStat(command).ttyNr, 0, 'with no controlling terminal (nothing to inject input into)');
    } finally {
      controller.abort();
      await running;
    }
  });
});

/** Starts bash-child.ts running `command`, kills it with SIGKILL once `marker` runs, and waits for `marker` to be gone. */
async function killNineLeavesNothing(mode: 'auto' | 'off', marker: string): Promise<void> {
  const ws = tempWorkspace();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'fixtures', 'bash-child.ts'),
      mode,
      ws.root,
      `(${marker} &) ; ${marker} & wait`,
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitFor(() => pidsRunning(marker).length >= 2, `both ${marker} to run`);
    child.kill('SIGKILL');
    await waitFor(() => pidsOf(marker).length === 0, `every ${marker} to die after kill -9 of the agent`, 15_000);
  } finally {
    child.kill('SIGKILL');
  }
}

describe('kill -9 of the agent ends the command', () => {
  it(
    'sandboxed: bwrap dies with the agent, and the sandbox and its background processes with it',
    { skip },
    async () => {
      await killNineLeavesNothing('auto', 'sleep 30.31');
    },
  );

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
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'fixtures', 'bash-child.ts'), 'auto', ws.root, 'echo ran', '2'],
      {
        env: { ...process.env, PATH: bin },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    assert.equal(stdout, 'ran\n[exit code: 0]\nran\n[exit code: 0]\n');
    assert.equal(stderr, 'unsandboxed: bubblewrap (bwrap) is not installed\n');
  });
});
