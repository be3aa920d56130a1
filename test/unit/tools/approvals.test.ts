// Approvals: auto-approve, "always allow" memory per tool, the unattended refusal,
// a gate answer validated at the boundary, and terminal answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Approvals, promptGate, type ApprovalRequest } from '../../../extension/src/core/tools/approvals';
import { recordingGate } from './support';
import { deniedMessage, protectedUnattendedMessage, unattendedMessage } from '../support/tool-texts';

const request = (tool = 'bash'): ApprovalRequest => ({
  tool,
  summary: 'ls',
  detail: '$ ls',
  callId: 'c1',
  sessionId: 's1',
});
const live = () => new AbortController().signal;

describe('Approvals', () => {
  it('auto-approve never asks; a setting read at each call applies at once', async () => {
    const gate = recordingGate('deny');
    let auto = true;
    const approvals = new Approvals({ gate, autoApprove: () => auto });
    assert.deepEqual(await approvals.check(request(), live()), { approved: true, by: 'auto' });
    assert.equal(gate.asked.length, 0);
    auto = false;
    assert.deepEqual(await approvals.check(request(), live()), { approved: false, message: deniedMessage('bash') });
    assert.deepEqual(gate.asked, [request()]);
  });

  it('remembers "approve-always" per tool until forgotten', async () => {
    const gate = recordingGate('approve-always', 'approve', 'approve');
    const approvals = new Approvals({ gate });
    assert.deepEqual(await approvals.check(request('bash'), live()), { approved: true, by: 'user' });
    assert.deepEqual(await approvals.check(request('bash'), live()), { approved: true, by: 'remembered' });
    assert.deepEqual(await approvals.check(request('write_file'), live()), { approved: true, by: 'user' });
    approvals.forget();
    assert.deepEqual(await approvals.check(request('bash'), live()), { approved: true, by: 'user' });
    assert.equal(gate.asked.length, 3);
  });

  it('with no gate, refuses with the hint; a gate answering something else is a failure, not an approval', async () => {
    assert.deepEqual(await new Approvals({ gate: null, unattendedHint: 'use --yes' }).check(request(), live()), {
      approved: false,
      message: unattendedMessage('bash', 'use --yes'),
    });
    const odd = new Approvals({ gate: { request: async () => 'sure' as never } });
    await assert.rejects(odd.check(request(), live()));
  });

  it('a terminal prompt shows the detail and maps answers: y/yes, a/always, anything else no', async () => {
    const answered = (answer: string): Promise<string> => promptGate(async () => answer).request(request(), live());
    assert.deepEqual(await Promise.all(['y', 'YES ', 'a', 'always', '', 'n', 'whatever'].map(answered)), [
      'approve',
      'approve',
      'approve-always',
      'approve-always',
      'deny',
      'deny',
      'deny',
    ]);
    const asked: string[] = [];
    const gate = promptGate(async (q) => (asked.push(q), 'a'));
    assert.equal(await gate.request(request(), live()), 'approve-always');
    assert.deepEqual(asked, ['\nAllow bash?\n$ ls\n[y]es / [a]lways in this session / [N]o: ']);
  });

  it('a protected file is asked for each call: auto-approve and "always allow" do not apply, an "always" answer is not remembered', async () => {
    const guarded: ApprovalRequest = { ...request('write_file'), protectedReason: 'AGENTS.md steers other agents' };
    const gate = recordingGate('approve-always', 'approve-always', 'deny');
    const approvals = new Approvals({ gate, autoApprove: true });
    assert.deepEqual(await approvals.check(guarded, live()), { approved: true, by: 'user' });
    assert.deepEqual(approvals.remembered(), []);
    const manual = new Approvals({ gate });
    assert.deepEqual(await manual.check(request('write_file'), live()), { approved: true, by: 'user' });
    assert.deepEqual(await manual.check(request('write_file'), live()), { approved: true, by: 'remembered' });
    assert.deepEqual(await manual.check(guarded, live()), { approved: false, message: deniedMessage('write_file') });
    assert.deepEqual(gate.asked, [guarded, request('write_file'), guarded]);
    const headless = new Approvals({ gate: null, autoApprove: true, unattendedHint: 'run with --yes' });
    assert.deepEqual(await headless.check(guarded, live()), {
      approved: false,
      message: protectedUnattendedMessage('write_file', 'AGENTS.md steers other agents'),
    });
  });

  it('the terminal prompt for a protected file shows the reason and offers no "always"', async () => {
    const asked: string[] = [];
    const gate = promptGate(async (q) => (asked.push(q), 'n'));
    const guarded = { ...request('write_file'), protectedReason: 'AGENTS.md steers other agents' };
    assert.equal(await gate.request(guarded, live()), 'deny');
    assert.equal(asked.length, 1);
    assert.match(asked[0]!, /Allow write_file\?\nAGENTS.md steers other agents\n\$ ls\n\[y\]es \/ \[N\]o: $/);
  });
});
