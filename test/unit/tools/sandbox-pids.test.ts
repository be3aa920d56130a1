// The process limit as root, for real: Linux never applies RLIMIT_NPROC to uid 0, so
// a root agent puts each sandboxed command in a pids cgroup of its own. A fork loop
// cannot start more processes than the limit (counted: the forks that succeeded),
// the command cannot leave its cgroup, and the cgroup is gone once the command is,
// after Stop too. Skipped, saying why, when not root or no pids cgroup is writable.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createBashTool } from '../../../extension/src/core/tools/bash/bash-tool';
import type { BashLimits } from '../../../extension/src/core/tools/bash/bash-limits';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { makePidsCgroup, noPidsLimitNote } from '../../../extension/src/core/tools/bash/sandbox/pids-cgroup';
import {
  autoApprovals,
  ctx,
  pidsOf,
  pidsRunning,
  sandboxSkip,
  tempWorkspace,
  type TempWorkspace,
  waitFor,
  isolateQuarantine,
} from './support';

isolateQuarantine(); // a command here that leaves a protected path behind is quarantined: not into ~/.local/state

function pidsSkip(): string | false {
  const skip = sandboxSkip();
  if (skip) return skip;
  if (process.getuid?.() !== 0) return 'not root: the process count is `ulimit -u` (sandbox-root.test.ts)';
  const probe = makePidsCgroup(16);
  if ('reason' in probe) return probe.reason;
  fs.rmdirSync(probe.dir);
  return false;
}
const skip = pidsSkip();
if (skip) console.log(`# skipped: the root process-limit tests (${skip})`);

function registry(ws: TempWorkspace, limits: BashLimits): ToolRegistry {
  const r = new ToolRegistry();
  r.register(
    createBashTool({
      workspace: ws.workspace,
      approvals: autoApprovals(),
      trusted: true,
      sandbox: { mode: 'auto', network: false, limits },
    }),
  );
  return r;
}

/** The folders of an agent's (default: this process's) command cgroups that exist now, under every pids hierarchy. */
function ourCgroups(agentPid = process.pid): string[] {
  const out: string[] = [];
  const prefix = `agent-checklist-${agentPid}-`;
  const visit = (dir: string, depth: number): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      if (e.name.startsWith(prefix)) out.push(path.join(dir, e.name));
      else if (depth < 3) visit(path.join(dir, e.name), depth + 1);
    }
  };
  for (const hierarchy of ['/sys/fs/cgroup/pids', '/sys/fs/cgroup/unified', '/sys/fs/cgroup']) visit(hierarchy, 0);
  return [...new Set(out)];
}

// Forks until refused (or 200 times); each child sleeps, so all of them are alive at once. Prints how many forks succeeded.
const FORK_LOOP = `python3 -c '
import os, time
n = 0
for i in range(200):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(120)
        os._exit(0)
    n += 1
print(n)'`;

describe('the process limit when the agent is root (a pids cgroup per command)', { skip }, () => {
  it('a fork loop cannot start more processes than the limit, and the cgroup is gone afterwards', async () => {
    const ws = tempWorkspace();
    const limit = 40;
    const out = await (
      await registry(ws, { processes: limit, memoryMiB: 4096, addressSpaceMiB: 4096 }).execute(
        'bash',
        JSON.stringify({ command: FORK_LOOP }),
        ctx(),
      )
    ).content;
    const match = /^(\d+)\n\[exit code: 0\]$/.exec(out);
    assert.ok(match, out);
    const started = Number(match[1]);
    // bwrap, the sandbox's PID 1 and python itself count too: the loop gets the rest, never more.
    assert.ok(started <= limit - 3, `started ${started} processes under a limit of ${limit}`);
    assert.ok(started >= limit - 8, `started ${started}: the limit, not something else, stopped the loop`);
    assert.deepEqual(ourCgroups(), []);
  });

  it('without the limit the same loop runs to its end (the test can tell)', async () => {
    const ws = tempWorkspace();
    const out = await (
      await registry(ws, { processes: 512, memoryMiB: 4096, addressSpaceMiB: 4096 }).execute(
        'bash',
        JSON.stringify({ command: FORK_LOOP }),
        ctx(),
      )
    ).content;
    assert.equal(out, '200\n[exit code: 0]');
  });

  it('the command is in its own cgroup and cannot leave it (no capabilities, /sys read-only)', async () => {
    const ws = tempWorkspace();
    const command = [
      'grep -E "^[0-9]+:pids:|^0::" /proc/self/cgroup | grep -o "agent-checklist-[0-9]*-[0-9]*" | head -1',
      '(echo $$ > /sys/fs/cgroup/pids/cgroup.procs) 2>&1 | grep -o "Read-only file system"',
      'grep -o "agent-checklist-[0-9]*-[0-9]*" /proc/self/cgroup | head -1',
    ].join('; ');
    const out = await (
      await registry(ws, { processes: 64, memoryMiB: 4096, addressSpaceMiB: 4096 }).execute(
        'bash',
        JSON.stringify({ command }),
        ctx(),
      )
    ).content;
    const [name, refusal, after] = out.split('\n');
    assert.match(name ?? '', new RegExp(`^agent-checklist-${process.pid}-\\d+$`), out);
    assert.equal(refusal, 'Read-only file system');
    assert.equal(after, name, 'still in its own cgroup');
    assert.deepEqual(ourCgroups(), []);
  });

  it('is removed after Stop, with the processes still running in it', async () => {
    const ws = tempWorkspace();
    const controller = new AbortController();
    const marker = 'sleep 30.41';
    const running = registry(ws, { processes: 64, memoryMiB: 4096, addressSpaceMiB: 4096 }).execute(
      'bash',
      JSON.stringify({ command: `${marker} & ${marker} & wait` }),
      ctx(controller.signal),
    );
    await waitFor(() => pidsRunning(marker).length === 2, `both ${marker} to run`);
    assert.equal(ourCgroups().length, 1, 'the command runs in a cgroup of its own');
    controller.abort();
    await running;
    await waitFor(() => ourCgroups().length === 0, 'the command cgroup to be removed after Stop');
    assert.deepEqual(pidsRunning(marker), []);
  });
});

describe('an agent killed with kill -9', { skip }, () => {
  it('leaves its command cgroup behind, and the next agent removes it', async () => {
    const ws = tempWorkspace();
    const fixture = path.join(__dirname, 'fixtures', 'bash-child.ts');
    const marker = 'sleep 30.42';
    const agent = spawn(process.execPath, ['--import', 'tsx', fixture, 'auto', ws.root, marker], { stdio: 'ignore' });
    const left = (): string[] => (agent.pid === undefined ? [] : ourCgroups(agent.pid));
    try {
      await waitFor(() => pidsRunning(marker).length === 1, `${marker} to run`);
      agent.kill('SIGKILL');
      await waitFor(() => pidsOf(marker).length === 0, `${marker} to die with the agent`);
    } finally {
      agent.kill('SIGKILL');
    }
    await new Promise((resolve) =>
      agent.exitCode === null && agent.signalCode === null ? agent.on('exit', resolve) : resolve(null),
    );
    assert.equal(left().length, 1, 'the killed agent could not remove its cgroup');
    const next = spawnSync(process.execPath, ['--import', 'tsx', fixture, 'auto', ws.root, 'echo ran'], {
      encoding: 'utf8',
    });
    assert.equal(next.stdout, 'ran\n[exit code: 0]\n', next.stderr);
    assert.deepEqual(left(), []);
  });
});

function noCgroupSkip(): string | false {
  if (skip) return skip;
  const probe = spawnSync(
    'unshare',
    ['-m', '--propagation', 'private', 'mount', '-o', 'remount,bind,ro', '/sys/fs/cgroup/pids'],
    { encoding: 'utf8' },
  );
  if (probe.error) return `unshare could not start (${probe.error.message})`;
  return probe.status === 0
    ? false
    : `cannot make the pids cgroup read-only in a mount namespace here (${probe.stderr.trim()})`;
}
const noCgroup = noCgroupSkip();
if (noCgroup) console.log(`# skipped: the no-pids-cgroup notice test (${noCgroup})`);

describe('root with no writable pids cgroup', { skip: noCgroup }, () => {
  it("says so once, in the first command's output, and runs the commands", () => {
    const ws = tempWorkspace();
    // The agent in a mount namespace of its own where the pids hierarchy is read-only.
    const child = path.join(__dirname, 'fixtures', 'bash-child.ts');
    const run = spawnSync(
      'unshare',
      [
        '-m',
        '--propagation',
        'private',
        'bash',
        '-c',
        'mount -o remount,bind,ro /sys/fs/cgroup/pids && exec "$@"',
        'agent',
        process.execPath,
        '--import',
        'tsx',
        child,
        'auto',
        ws.root,
        'echo ran',
        '2',
      ],
      { encoding: 'utf8' },
    );
    const note = noPidsLimitNote('the pids cgroup /sys/fs/cgroup/pids is not writable');
    assert.equal(run.stdout, `${note}\nran\n[exit code: 0]\nran\n[exit code: 0]\n`, run.stderr);
  });
});
