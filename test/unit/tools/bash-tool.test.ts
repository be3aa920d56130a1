// The bash tool with real processes in a real temp workspace: exit codes,
// approval, trust, timeout, the output cap and Stop (the whole process group dies).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import {
  BASH_OUTPUT_HEAD_BYTES,
  BASH_OUTPUT_TAIL_BYTES,
  createBashTool,
  UNTRUSTED_BASH_MESSAGE,
} from '../../../extension/src/core/tools/bash/bash-tool';
import { bashDetailsSchema } from '../../../extension/src/core/tools/bash/bash-view';
import { HeadTailBuffer } from '../../../extension/src/core/tools/bash/output-cap';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import {
  approvalsWith,
  autoApprovals,
  ctx,
  pidsOf,
  pidsRunning,
  tempWorkspace,
  waitFor,
  type TempWorkspace,
} from './support';
import { deniedMessage, stoppedBeforeApprovalMessage, unattendedMessage, NO_OUTPUT } from '../support/tool-texts';
import { cutMarker } from '../support/tool-texts';

function bashIn(ws: TempWorkspace, options: Partial<Parameters<typeof createBashTool>[0]> = {}): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    createBashTool({
      workspace: ws.workspace,
      approvals: autoApprovals(),
      trusted: true,
      killGraceMs: 500,
      ...options,
    }),
  );
  return registry;
}

const bash = (registry: ToolRegistry, args: unknown, signal?: AbortSignal) =>
  registry.execute('bash', JSON.stringify(args), ctx(signal));

describe('bash', () => {
  it('runs in the workspace folder and ends with the exit code; stdout and stderr both come back', async () => {
    const ws = tempWorkspace();
    const r = bashIn(ws);
    const ok = await bash(r, { command: 'pwd -P; echo to-stderr >&2' });
    assert.deepEqual(
      { isError: ok.isError, content: ok.content },
      { isError: false, content: `${fs.realpathSync(ws.root)}\nto-stderr\n[exit code: 0]` },
    );
    const failed = await bash(r, { command: 'echo partial; exit 3' });
    assert.deepEqual(
      { isError: failed.isError, content: failed.content },
      { isError: true, content: 'partial\n[exit code: 3]' },
    );
    assert.deepEqual(
      failed.details,
      { tool: 'bash', exit: { kind: 'exited', code: 3 } },
      'how it ended, as data beside the text',
    );
    assert.equal((await bash(r, { command: 'true' })).content, `${NO_OUTPUT}\n[exit code: 0]`);
  });

  it('gets no standard input, so a program waiting for input does not hang', async () => {
    const ws = tempWorkspace();
    const result = await bash(bashIn(ws), { command: 'cat; echo "read: done"' });
    assert.equal(result.content, 'read: done\n[exit code: 0]');
  });

  it('asks for approval with the command; a denied command does not run', async () => {
    const ws = tempWorkspace();
    const { approvals, gate } = approvalsWith('deny');
    const result = await bash(bashIn(ws, { approvals }), { command: 'touch ran.txt' });
    assert.deepEqual(result, { isError: true, content: `Error: ${deniedMessage('bash')}` });
    assert.equal(fs.existsSync(path.join(ws.root, 'ran.txt')), false);
    assert.equal(gate.asked.length, 1);
    assert.equal(gate.asked[0]!.summary, 'touch ran.txt');
    assert.match(gate.asked[0]!.detail, /^\$ touch ran\.txt\n/);
    assert.equal(result.details, undefined, 'not run: no run data');
  });

  it('remembers "always allow in this session" and does not ask again', async () => {
    const ws = tempWorkspace();
    const { approvals, gate } = approvalsWith('approve-always');
    const r = bashIn(ws, { approvals });
    assert.equal((await bash(r, { command: 'echo 1' })).isError, false);
    assert.equal((await bash(r, { command: 'echo 2' })).content, '2\n[exit code: 0]');
    assert.equal(gate.asked.length, 1);
  });

  it('with no one to ask (headless, no --yes) refuses without running', async () => {
    const ws = tempWorkspace();
    const r = bashIn(ws, { approvals: new Approvals({ gate: null, unattendedHint: 'run with --yes' }) });
    assert.deepEqual(await bash(r, { command: 'touch ran.txt' }), {
      isError: true,
      content: `Error: ${unattendedMessage('bash', 'run with --yes')}`,
    });
    assert.equal(fs.existsSync(path.join(ws.root, 'ran.txt')), false);
  });

  it('is refused in an untrusted workspace before anyone is asked; granting trust applies at once', async () => {
    const ws = tempWorkspace();
    const { approvals, gate } = approvalsWith('approve');
    let trusted = false;
    const r = bashIn(ws, { approvals, trusted: () => trusted });
    assert.deepEqual(await bash(r, { command: 'touch ran.txt' }), {
      isError: true,
      content: `Error: ${UNTRUSTED_BASH_MESSAGE}`,
    });
    assert.equal(gate.asked.length, 0);
    assert.equal(fs.existsSync(path.join(ws.root, 'ran.txt')), false);
    trusted = true;
    assert.equal((await bash(r, { command: 'touch ran.txt' })).isError, false);
    assert.equal(fs.existsSync(path.join(ws.root, 'ran.txt')), true);
    const fixed = bashIn(ws, { trusted: false });
    assert.equal((await bash(fixed, { command: 'true' })).content, `Error: ${UNTRUSTED_BASH_MESSAGE}`);
  });

  it('refuses bad arguments: no command, a timeout over the cap', async () => {
    const ws = tempWorkspace();
    const r = bashIn(ws);
    assert.equal((await bash(r, {})).content, 'Error: invalid arguments: command is required');
    assert.match(
      (await bash(r, { command: 'true', timeout_ms: 600_001 })).content,
      /^Error: invalid arguments: timeout_ms/,
    );
  });

  it('kills the command and everything it started when the timeout passes', async () => {
    const ws = tempWorkspace();
    // The timeout counts from the spawn, sandbox set-up included (a sandboxed `echo`
    // took 60–226 ms on a loaded machine), so it leaves room for a slow start; the
    // background sleep is seen running before it passes, so "everything it started"
    // is checked against a process that did start (the command itself runs 30 s).
    const running = bash(bashIn(ws), {
      command: 'echo started; sleep 30.14 & echo $! > sleeper.pid; wait',
      timeout_ms: 3000,
    });
    let settled = false;
    void running.finally(() => (settled = true));
    await waitFor(() => pidsRunning('sleep 30.14').length > 0, 'the background sleep to start', 3000);
    assert.equal(settled, false, 'the sleep was running before the timeout passed');
    const result = await running;
    assert.equal(result.isError, true);
    assert.equal(result.content, 'started\n[timed out after 3000 ms: the command and its process group were killed]');
    assert.equal(bashDetailsSchema.parse(result.details).exit.kind, 'timed-out');
    await waitFor(() => pidsOf('sleep 30.14').length === 0, 'the background sleep to die');
  });

  it('caps the output: keeps the head and the tail and marks how many bytes were dropped', async () => {
    const ws = tempWorkspace();
    const result = await bash(bashIn(ws, { headBytes: 20, tailBytes: 20 }), { command: 'seq 1 10000' });
    const total = Array.from({ length: 10000 }, (_, i) => `${i + 1}\n`).join('');
    assert.equal(
      result.content,
      `${total.slice(0, 20)}${cutMarker(total.length - 40)}${total.slice(-20, -1)}\n[exit code: 0]`,
    );
  });

  it('with the default cap, a large output stays bounded', async () => {
    const ws = tempWorkspace();
    const result = await bash(bashIn(ws), { command: "head -c 200000 /dev/zero | tr '\\0' a" });
    const dropped = 200_000 - BASH_OUTPUT_HEAD_BYTES - BASH_OUTPUT_TAIL_BYTES;
    assert.ok(result.content.includes(cutMarker(dropped)), result.content.slice(0, 200));
    assert.equal(
      result.content.length,
      BASH_OUTPUT_HEAD_BYTES + BASH_OUTPUT_TAIL_BYTES + cutMarker(dropped).length + '\n[exit code: 0]'.length,
    );
  });

  it('Stop (the abort signal) kills the whole process group and says so', async () => {
    const ws = tempWorkspace();
    const controller = new AbortController();
    const pidFile = path.join(ws.root, 'sleeper.pid');
    const running = bash(bashIn(ws), { command: 'sleep 30.15 & echo $! > sleeper.pid; wait' }, controller.signal);
    await waitFor(
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n'),
      'the command to start',
    );
    await waitFor(() => pidsRunning('sleep 30.15').length > 0, 'the sleep to show');
    controller.abort();
    const result = await running;
    assert.equal(result.isError, true);
    assert.equal(result.content, `${NO_OUTPUT}\n[stopped by the user: the command and its process group were killed]`);
    await waitFor(() => pidsOf('sleep 30.15').length === 0, 'the sleep to die');
  });

  it('Stop while waiting for approval withdraws the question and runs nothing', async () => {
    const ws = tempWorkspace();
    const controller = new AbortController();
    let asked = false;
    const approvals = new Approvals({
      gate: {
        request: (_req, signal) =>
          new Promise((_resolve, reject) => {
            asked = true;
            signal.addEventListener('abort', () => reject(new Error('withdrawn')), { once: true });
          }),
      },
    });
    const running = bash(bashIn(ws, { approvals }), { command: 'touch ran.txt' }, controller.signal);
    await waitFor(() => asked, 'the approval question');
    controller.abort();
    assert.deepEqual(await running, { isError: true, content: `Error: ${stoppedBeforeApprovalMessage('bash')}` });
    assert.equal(fs.existsSync(path.join(ws.root, 'ran.txt')), false);
  });
});

describe('HeadTailBuffer', () => {
  it('keeps everything under the cap, and head + tail with the dropped count over it', () => {
    const small = new HeadTailBuffer(4, 4);
    small.push(Buffer.from('abc'));
    small.push(Buffer.from('def'));
    assert.equal(small.text(), 'abcdef');
    const big = new HeadTailBuffer(4, 4);
    for (const piece of ['abc', 'defgh', 'ijklmnop', 'q']) big.push(Buffer.from(piece));
    assert.equal(big.droppedBytes, 17 - 8);
    assert.equal(big.text(), `abcd${cutMarker(9)}nopq`);
  });
});
