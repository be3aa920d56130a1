// ACP's terminal methods as our client serves them, driven by a scripted agent over the
// real SDK: a terminal is one command in our bash sandbox (protected paths read-only,
// secrets out of its environment), approved like bash or covered by the agent's allowed
// permission for that command; output is capped from the front at a character
// boundary; kill ends it; closing the session leaves no process behind.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { UNTRUSTED_BASH_MESSAGE } from '../../../extension/src/core/tools/bash/bash-tool';
import { processesIn } from '../support/processes';
import { tempDir } from '../support/sessions';
import { pidsOf, pidsRunning, recordingGate, sandboxSkip, waitFor } from '../tools/support';
import * as z from 'zod/mini';
import { approvalsOf, scriptedAgent } from './scripted-agent-session';

const skip = sandboxSkip();

const finished = z.object({
  terminalId: z.string(),
  exit: z.object({ exitCode: z.nullable(z.number()), signal: z.nullable(z.string()) }),
  output: z.string(),
  truncated: z.boolean(),
});
const outputNow = z.object({ output: z.string(), truncated: z.boolean(), exitStatus: z.optional(z.unknown()) });

describe('the client terminals in the sandbox (scripted agent over the SDK)', { skip }, () => {
  it('create and wait_for_exit: the exit code and output; .git stays read-only; secrets are not in its environment', async () => {
    const agent = await scriptedAgent(
      { autoApprove: true, env: { MY_TOKEN: 'token-value-123456' } },
      { '.git/config': '[core]\n' },
    );
    const { reports, events } = await agent.run([
      {
        terminal: {
          command:
            'exec 2>&1; echo out; echo err >&2; echo x >> .git/config || echo refused; echo "[$MY_TOKEN][$FROM_AGENT]"; exit 3',
          env: [{ name: 'FROM_AGENT', value: 'yes' }],
        },
        then: 'wait',
      },
    ]);
    assert.ok(reports[0]?.ok, JSON.stringify(reports));
    const result = finished.parse(reports[0].result);
    assert.deepEqual(result.exit, { exitCode: 3, signal: null });
    assert.match(result.output, /^out\nerr\n.*Read-only file system\nrefused\n\[\]\[yes\]\n$/s);
    assert.equal(result.truncated, false);
    assert.equal(fs.readFileSync(path.join(agent.ws, '.git/config'), 'utf8'), '[core]\n');
    assert.deepEqual(
      approvalsOf(events).map((a) => a.slice(2)),
      [['approve', 'auto']],
    );
  });

  it("the agent's env applies inside the sandbox only: PATH, BASH_ENV and LD_PRELOAD cannot choose what runs outside it", async () => {
    const outside = tempDir('acp-client-outside-');
    const marker = path.join(outside, 'ran-outside');
    const agent = await scriptedAgent(
      { autoApprove: true },
      {
        '.git/config': '[core]\n',
        'bin/bwrap': `#!/bin/sh\n: > ${marker}\n`,
        'bin/bash': `#!/bin/sh\n: > ${marker}\n`,
        'rc.sh': `: > ${marker}\n`,
      },
    );
    fs.chmodSync(path.join(agent.ws, 'bin/bwrap'), 0o755);
    fs.chmodSync(path.join(agent.ws, 'bin/bash'), 0o755);
    const env = [
      { name: 'PATH', value: path.join(agent.ws, 'bin') },
      { name: 'BASH_ENV', value: path.join(agent.ws, 'rc.sh') },
      { name: 'LD_PRELOAD', value: path.join(agent.ws, 'missing.so') },
    ];
    const { reports } = await agent.run([
      { terminal: { command: 'exec 2>&1; echo "$PATH"; echo x >> .git/config || echo refused', env }, then: 'wait' },
      { terminal: { command: 'true', env: [{ name: 'A B', value: '1' }] }, then: 'wait' },
    ]);
    assert.match(
      finished.parse(reports[0]?.result).output,
      new RegExp(`^${path.join(agent.ws, 'bin')}\n.*refused\n$`, 's'),
    );
    assert.equal(fs.existsSync(marker), false);
    assert.equal(fs.readFileSync(path.join(agent.ws, '.git/config'), 'utf8'), '[core]\n');
    assert.match(reports[1]?.error ?? '', /"A B" is not a name a shell can set/);
  });

  it('args are passed as words, nothing expanded; output over the limit keeps its end, from a whole character', async () => {
    const agent = await scriptedAgent({ autoApprove: true });
    const { reports } = await agent.run([
      { terminal: { command: 'printf', args: ['%s|', 'a b', '$HOME', '*'] }, then: 'wait' },
      { terminal: { command: `printf 'xx\u20ac\u20ac'`, outputByteLimit: 4 }, then: 'wait' },
    ]);
    const results = reports.map((r) => finished.parse(r.result));
    assert.deepEqual(
      results.map((r) => [r.output, r.truncated]),
      [
        ['a b|$HOME|*|', false],
        ['\u20ac', true],
      ],
    );
  });

  it('kill ends the command and everything it started; the terminal stays for its exit and output', async () => {
    const agent = await scriptedAgent({ autoApprove: true });
    const { reports } = await agent.run([
      { terminal: { command: 'echo started; sleep 30.41 & sleep 30.42; echo never' }, then: 'kill' },
    ]);
    const result = finished.parse(reports[0]?.result);
    assert.equal(result.exit.exitCode, null);
    assert.ok(result.exit.signal !== null);
    assert.equal(result.output, 'started\n');
    assert.deepEqual([...pidsOf('sleep 30.41'), ...pidsOf('sleep 30.42')], []);
  });

  it('a terminal the agent leaves running ends when the session closes: no process is left', async () => {
    const agent = await scriptedAgent({ autoApprove: true });
    const { reports } = await agent.run([
      { terminal: { command: 'sleep 30.51 & sleep 30.52' }, then: 'leave' },
      { output: 'terminal-1' },
    ]);
    assert.deepEqual(
      reports.map((r) => r.ok),
      [true, true],
    );
    assert.equal(outputNow.parse(reports[1]?.result).exitStatus, undefined, 'still running after the prompt');
    await waitFor(() => pidsRunning('sleep 30.52').length > 0, 'the command to run');
    await agent.session.close();
    assert.deepEqual([...pidsOf('sleep 30.51'), ...pidsOf('sleep 30.52')], []);
    assert.deepEqual(processesIn(agent.ws), []);
  });
});

describe('the client terminals: approval, trust and cwd (scripted agent over the SDK)', () => {
  it('asked like bash: denied, nothing runs; refused with no one to ask', async () => {
    const gate = recordingGate('deny');
    const agent = await scriptedAgent({ gate });
    const { reports, events } = await agent.run([{ terminal: { command: 'touch ran' }, then: 'wait' }]);
    assert.match(reports[0]?.error ?? '', /the user denied this bash call/);
    assert.deepEqual(
      gate.asked.map((r) => [r.tool, r.summary]),
      [['bash', 'touch ran']],
    );
    assert.match(gate.asked[0]!.detail, /^\$ touch ran\n\(in .*; timeout 600000 ms\)$/);
    assert.deepEqual(
      approvalsOf(events).map((a) => a.slice(1)),
      [['touch ran', 'deny', 'user']],
    );
    const unattended = await scriptedAgent({ gate: null });
    assert.match(
      (await unattended.run([{ terminal: { command: 'touch ran' }, then: 'wait' }])).reports[0]?.error ?? '',
      /needs the user's approval and no one can be asked here/,
    );
    assert.equal(fs.existsSync(path.join(agent.ws, 'ran')) || fs.existsSync(path.join(unattended.ws, 'ran')), false);
  });

  it("the agent's allowed permission for that exact command covers one terminal", async () => {
    const gate = recordingGate('approve', 'deny');
    const agent = await scriptedAgent({ gate });
    const call = { toolCallId: 'x1', title: '`echo granted`', kind: 'execute' as const };
    const { reports } = await agent.run([
      { permission: call },
      { terminal: { command: 'echo granted' }, then: 'wait' },
      { terminal: { command: 'echo granted' }, then: 'wait' },
    ]);
    assert.equal(finished.parse(reports[1]?.result).output, 'granted\n');
    assert.match(reports[2]?.error ?? '', /denied/);
    assert.deepEqual(
      gate.asked.map((r) => r.tool),
      ['`echo granted`', 'bash'],
    );
  });

  it('an untrusted workspace runs no terminal; a cwd outside the workspace is refused', async () => {
    const untrusted = await scriptedAgent({ autoApprove: true, tools: { trusted: false } });
    assert.equal(
      (await untrusted.run([{ terminal: { command: 'true' }, then: 'wait' }])).reports[0]?.error,
      UNTRUSTED_BASH_MESSAGE,
    );
    const agent = await scriptedAgent({ autoApprove: true });
    assert.match(
      (await agent.run([{ terminal: { command: 'true', cwd: '/tmp' }, then: 'wait' }])).reports[0]?.error ?? '',
      /is outside the workspace/,
    );
  });
});
