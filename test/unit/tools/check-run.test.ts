// Running an item's check (core/tools/bash/check-run.ts) for real: a passing and a
// failing command, the output's redacted tail, a timeout and a cancel (killed within
// 500 ms, exit code null), one check at a time per workspace, and in the sandbox no
// file outside the workspace is written and there is no network.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  runAndRecord,
  type CheckOutcome,
  type CheckResultData,
  type CheckRunOptions,
} from '../../../extension/src/core/tools/bash/check-run';
import { CHECK_OUTPUT_BYTES } from '../../../extension/src/core/session/check-events';
import { Redactor } from '../../../extension/src/core/tools/tool-env';
import { isolateQuarantine, sandboxSkip, tempWorkspace, type TempWorkspace } from './support';

isolateQuarantine();
const skip = sandboxSkip();

const options = (ws: TempWorkspace, more: Partial<CheckRunOptions> = {}): CheckRunOptions => ({
  workspace: ws.workspace,
  sandbox: { mode: 'off', network: false },
  timeoutMs: 20_000,
  signal: new AbortController().signal,
  ...more,
});

/** A check run as the live runner and `verify` run it (runAndRecord); its one check/result says what it returned. */
async function runCheck(command: string, runOptions: CheckRunOptions): Promise<CheckOutcome> {
  const recorded: CheckResultData[] = [];
  const outcome = await runAndRecord({ item: 'it', itemId: 'i1', command }, runOptions, (data) => recorded.push(data));
  const { exitCode, durationMs, output } = outcome;
  assert.deepEqual(recorded, [{ item: 'it', itemId: 'i1', command, exitCode, durationMs, output }]);
  return outcome;
}

describe('running a check', () => {
  it('passes with exit 0 and fails with the exit code, keeping the redacted tail of the output', async () => {
    const ws = tempWorkspace();
    const pass = await runCheck('node -e "console.log(\'ok\')"', options(ws));
    assert.equal(pass.exitCode, 0);
    assert.equal(pass.output, 'ok\n');
    const redactor = new Redactor(['hunter2-secret']);
    const fail = await runCheck(
      `node -e "process.stdout.write('x'.repeat(9000) + ' hunter2-secret end'); process.exit(3)"`,
      options(ws, { redactor }),
    );
    assert.equal(fail.exitCode, 3);
    assert.ok(fail.output.length <= CHECK_OUTPUT_BYTES);
    assert.ok(fail.output.endsWith(' [redacted] end'), fail.output.slice(-40));
    assert.ok(fail.durationMs >= 0);
  });

  it('a timeout and a cancel kill it within 500 ms and record exit code null', async () => {
    const ws = tempWorkspace();
    const timedOut = await runCheck('sleep 30', options(ws, { timeoutMs: 200 }));
    assert.deepEqual([timedOut.exitCode, timedOut.timedOut], [null, true]);
    const stop = new AbortController();
    const started = Date.now();
    const running = runCheck('trap "" TERM; sleep 30', options(ws, { signal: stop.signal }));
    setTimeout(() => stop.abort(), 300);
    const cancelled = await running;
    assert.deepEqual([cancelled.exitCode, cancelled.cancelled], [null, true]);
    assert.ok(Date.now() - started < 300 + 500 + 300, `took ${Date.now() - started} ms`);
  });

  it('runs one check at a time per workspace', async () => {
    const ws = tempWorkspace();
    const log = path.join(ws.root, 'order.txt');
    const line = (name: string) => `echo ${name}-start >> order.txt; sleep 0.3; echo ${name}-end >> order.txt`;
    await Promise.all([runCheck(line('a'), options(ws)), runCheck(line('b'), options(ws))]);
    assert.deepEqual(fs.readFileSync(log, 'utf8').trim().split('\n'), ['a-start', 'a-end', 'b-start', 'b-end']);
  });

  it('in the sandbox: the workspace is writable, outside it is not, and there is no network', { skip }, async () => {
    const ws = tempWorkspace();
    const sandboxed = options(ws, { sandbox: { mode: 'auto', network: false } });
    const inside = await runCheck('echo hi > made.txt', sandboxed);
    assert.equal(inside.exitCode, 0);
    assert.equal(ws.read('made.txt'), 'hi\n');
    const outside = await runCheck(`echo x > ${JSON.stringify(path.join(ws.outside, 'w.txt'))}`, sandboxed);
    assert.notEqual(outside.exitCode, 0);
    assert.equal(fs.existsSync(path.join(ws.outside, 'w.txt')), false);
    const net = await runCheck(
      `node -e "require('net').connect(80, '1.1.1.1').on('error', () => process.exit(7))"`,
      sandboxed,
    );
    assert.equal(net.exitCode, 7);
  });
});
