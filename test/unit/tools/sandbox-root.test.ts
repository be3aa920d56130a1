// The sandbox holds as root too: every capability dropped and no_new_privs (CapEff 0),
// so root inside cannot unmount /tmp or /proc, remount / writable or enter the agent's
// network namespace; the protected paths are read-only; the limits apply. The same
// checks run as the user running the tests (root in CI) through the real bash tool,
// and as an unprivileged user (`nobody`, through setpriv) with the same bwrap command
// line the tool builds.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createBashTool } from '../../../extension/src/core/tools/bash/bash-tool';
import type { BashLimits } from '../../../extension/src/core/tools/bash/bash-limits';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { sandboxArgv } from '../../../extension/src/core/tools/bash/sandbox';
import { prepareSandbox } from '../../../extension/src/core/tools/bash/sandbox/prepare';
import {
  autoApprovals,
  ctx,
  tempWorkspace,
  type TempWorkspace,
  sandboxSkip,
  unprivilegedSandboxSkip,
  isolateQuarantine,
} from './support';

isolateQuarantine(); // a command here that leaves a protected path behind is quarantined: not into ~/.local/state
const skip = sandboxSkip();
if (skip) console.log(`# skipped: the root-proof sandbox tests (${skip})`);

const bash = async (
  ws: TempWorkspace,
  command: string,
  limits?: BashLimits,
  protectedGlobs?: string[],
): Promise<string> => {
  const registry = new ToolRegistry();
  const sandbox = {
    mode: 'auto' as const,
    network: false,
    ...(limits ? { limits } : {}),
    ...(protectedGlobs ? { protectedGlobs } : {}),
  };
  registry.register(createBashTool({ workspace: ws.workspace, approvals: autoApprovals(), trusted: true, sandbox }));
  return (await registry.execute('bash', JSON.stringify({ command }), ctx())).content;
};

const ATTACKS = [
  'grep -E "^(CapEff|NoNewPrivs)" /proc/self/status',
  '(umount -l /tmp 2>/dev/null && echo unmounted-tmp) || echo umount-tmp-refused',
  '(umount -l /proc 2>/dev/null && echo unmounted-proc) || echo umount-proc-refused',
  '(mount -o remount,bind,rw / 2>/dev/null && echo remounted) || echo remount-refused',
  `(nsenter -t 1 -n true 2>/dev/null && echo entered) || echo nsenter-refused`,
  '(echo x >> .git/config) 2>/dev/null || echo git-read-only',
  '(rm -rf .git) 2>/dev/null; test -f .git/config && echo git-kept',
  '(echo x > .agent-checklist/sessions/log.jsonl) 2>/dev/null || echo logs-read-only',
  '(echo "{}" > .vscode/tasks.json) 2>/dev/null || echo vscode-read-only',
  'echo ok > src/ordinary.txt && cat src/ordinary.txt',
].join('; ');

const EXPECTED = [
  'CapEff:\t0000000000000000',
  'NoNewPrivs:\t1',
  'umount-tmp-refused',
  'umount-proc-refused',
  'remount-refused',
  'nsenter-refused',
  'git-read-only',
  'git-kept',
  'logs-read-only',
  'vscode-read-only',
  'ok',
].join('\n');

function protectedWorkspace(): TempWorkspace {
  const ws = tempWorkspace();
  ws.file('.git/config', '[core]\n');
  ws.file('.agent-checklist/sessions/log.jsonl', '{"type":"header"}\n');
  ws.file('.vscode/tasks.json', '{}\n');
  ws.file('src/keep.txt', 'x\n');
  return ws;
}

describe('the sandbox as the user running the tests', { skip }, () => {
  it(`drops every capability and refuses the escapes (running as uid ${process.getuid?.()})`, async () => {
    const ws = protectedWorkspace();
    assert.equal(await bash(ws, ATTACKS), `${EXPECTED}\n[exit code: 0]`);
    assert.equal(ws.read('.git/config'), '[core]\n', 'git config untouched');
    assert.equal(ws.read('.vscode/tasks.json'), '{}\n');
    assert.equal(ws.read('src/ordinary.txt'), 'ok\n', 'the rest of the workspace stays writable');
  });

  it("mounts the user's extra protected paths read-only, and a link to a protected folder is no way round", async () => {
    const ws = protectedWorkspace();
    ws.file('scripts/release/publish.sh', 'echo publish\n');
    fs.symlinkSync('.git', path.join(ws.root, 'g'));
    const out = await bash(
      ws,
      '(echo x >> scripts/release/publish.sh) 2>/dev/null || echo release-read-only; (echo x >> g/config) 2>/dev/null || echo link-read-only',
      undefined,
      ['scripts/release/**'],
    );
    assert.equal(out, 'release-read-only\nlink-read-only\n[exit code: 0]');
  });

  it('cannot reach a host socket under /run (Docker, D-Bus, systemd and VS Code keep theirs there)', async (t) => {
    if (process.getuid?.() !== 0) {
      t.skip('only root can make a socket under /run');
      return;
    }
    const dir = fs.mkdtempSync('/run/agent-checklist-test-');
    const socket = path.join(dir, 'host.sock');
    const server = net.createServer((c) => c.end('hello'));
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(socket, 0o777);
      const connect = `python3 -c 'import socket,sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); print("read", s.recv(5).decode())' ${socket} 2>/dev/null || echo unreachable`;
      assert.equal((await bash(tempWorkspace(), connect)).split('\n')[0], 'unreachable');
      const outside = await new Promise<string>((resolve) =>
        execFile('bash', ['-c', connect], (_error, stdout) => resolve(stdout.trim())),
      );
      assert.equal(outside, 'read hello', 'outside the sandbox the same command reaches it');
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs Node with WebAssembly (its own fetch()) under the default 4 GiB address space: its trap handler is off', async () => {
    const out = await bash(
      tempWorkspace(),
      `ulimit -v; echo "$NODE_OPTIONS"; node -e 'new WebAssembly.Memory({ initial: 1 }); console.log("wasm ok")'`,
    );
    assert.equal(out, `${4096 * 1024}\n--disable-wasm-trap-handler\nwasm ok\n[exit code: 0]`);
    // The same under bare limits (no flag) fails: what the flag is for.
    const bare = await bash(
      tempWorkspace(),
      `NODE_OPTIONS= node -e 'new WebAssembly.Memory({ initial: 1 })' 2>&1 | grep -o 'could not allocate memory'`,
    );
    assert.equal(bare, 'could not allocate memory\n[exit code: 0]');
  });

  it('leaves NODE_OPTIONS alone with room for the wasm reservation, or for a Node that refuses the flag', async () => {
    const ws = tempWorkspace();
    const roomy = await bash(ws, 'echo "[$NODE_OPTIONS]"; ulimit -v', {
      processes: 512,
      memoryMiB: 4096,
      addressSpaceMiB: 16384,
    });
    assert.equal(roomy, `[]\n${16384 * 1024}\n[exit code: 0]`);
    // An older Node exits 9 on a flag it does not know in NODE_OPTIONS: the sandbox asks it first.
    ws.file(
      'old-node/node',
      '#!/bin/bash\ncase "$NODE_OPTIONS" in *--disable-wasm-trap-handler*) echo "node: --disable-wasm-trap-handler is not allowed in NODE_OPTIONS" >&2; exit 9;; esac\necho v20.14.0\n',
    );
    fs.chmodSync(path.join(ws.root, 'old-node/node'), 0o755);
    const sandbox = await prepareSandbox({ mode: 'auto', network: false }, ws.root);
    try {
      const { argv, fds } = sandboxArgv(sandbox, ws.root, 'echo "[$NODE_OPTIONS]"; node --version');
      const env = {
        ...process.env,
        PATH: `${path.join(ws.root, 'old-node')}:${process.env.PATH ?? ''}`,
        NODE_OPTIONS: '--max-old-space-size=512',
      };
      const run = spawnSync(argv[0]!, argv.slice(1), {
        encoding: 'utf8',
        cwd: ws.root,
        env,
        stdio: ['ignore', 'pipe', 'pipe', 'ignore', ...fds],
      });
      assert.equal(run.stdout, '[--max-old-space-size=512]\nv20.14.0\n', run.stderr);
    } finally {
      await sandbox.release();
    }
  });

  it('limits the address space of each process (agentChecklist.tools.bash.limits)', async () => {
    const ws = tempWorkspace();
    const alloc = `python3 -c 'b = bytearray(600 * 1024 * 1024); print("allocated")' 2>/dev/null || echo refused`;
    assert.equal(
      await bash(ws, alloc, { processes: 512, memoryMiB: 4096, addressSpaceMiB: 256 }),
      'refused\n[exit code: 0]',
    );
    assert.equal(
      await bash(ws, alloc, { processes: 512, memoryMiB: 4096, addressSpaceMiB: 4096 }),
      'allocated\n[exit code: 0]',
    );
  });

  it('limits the memory each process may allocate (memoryMiB, RLIMIT_DATA), 4 GiB by default, and Node still fetches', async () => {
    const ws = tempWorkspace();
    const alloc = (mib: number): string =>
      `python3 -c 'b = bytearray(${mib} * 1024 * 1024); b[-1] = 1; print("allocated")' 2>/dev/null || echo refused`;
    assert.equal(
      await bash(ws, alloc(600), { processes: 512, memoryMiB: 256, addressSpaceMiB: 16384 }),
      'refused\n[exit code: 0]',
    );
    assert.equal(
      await bash(ws, alloc(600), { processes: 512, memoryMiB: 1024, addressSpaceMiB: 16384 }),
      'allocated\n[exit code: 0]',
    );
    assert.equal(await bash(ws, `ulimit -d; ${alloc(5 * 1024)}`), `${4096 * 1024}\nrefused\n[exit code: 0]`);
    // Under the default limits Node's own fetch() (WebAssembly inside) reaches the point of connecting.
    const fetchScript = `fetch("http://127.0.0.1:59999/").then(() => console.log("answered"), (e) => console.log(e.cause?.code ?? e.message))`;
    assert.equal(
      await bash(ws, `${JSON.stringify(process.execPath)} -e '${fetchScript}'`),
      'ECONNREFUSED\n[exit code: 0]',
    );
  });

  it('limits the process count when the agent is not root (Linux never applies it to root)', async () => {
    const ws = tempWorkspace();
    const hostLimit = spawnSync('bash', ['-c', 'ulimit -u'], { encoding: 'utf8' }).stdout.trim();
    const expected = process.getuid?.() === 0 ? hostLimit : '100';
    assert.equal(
      await bash(ws, 'ulimit -u; ulimit -v', { processes: 100, memoryMiB: 4096, addressSpaceMiB: 2048 }),
      `${expected}\n${2048 * 1024}\n[exit code: 0]`,
    );
  });
});

const unprivileged = unprivilegedSandboxSkip('sandbox tests');

describe('the sandbox as an unprivileged user (nobody)', { skip: unprivileged }, () => {
  it('drops every capability, refuses the escapes and limits processes and memory', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-nobody-'));
    const root = path.join(base, 'ws');
    for (const [rel, content] of [
      ['.git/config', '[core]\n'],
      ['.agent-checklist/sessions/log.jsonl', '{}\n'],
      ['.vscode/tasks.json', '{}\n'],
      ['src/keep.txt', 'x\n'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), content);
    }
    spawnSync('chown', ['-R', '65534:65534', base]);
    try {
      const sandbox = await prepareSandbox(
        { mode: 'auto', network: false, limits: { processes: 100, memoryMiB: 4096, addressSpaceMiB: 4096 } },
        root,
        false,
      );
      try {
        const { argv, fds } = sandboxArgv(sandbox, root, `${ATTACKS}; ulimit -u; ulimit -d`);
        const run = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...argv], {
          encoding: 'utf8',
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe', 'ignore', ...fds],
        });
        assert.equal(run.stdout, `${EXPECTED}\n100\n${4096 * 1024}\n`, run.stderr);
      } finally {
        await sandbox.release();
      }
      assert.equal(fs.readFileSync(path.join(root, '.git/config'), 'utf8'), '[core]\n');
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
