// The pure mapping of our plan, calls and approvals to ACP: statuses, diffs with
// absolute paths, and a permission answer that approves only what we offered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acpPermissionDecision, acpPermissionRequest } from '../../../extension/src/core/acp-server/acp-permission';
import { acpPlanEntries } from '../../../extension/src/core/acp-server/acp-plan';
import { acpCallFields, acpCallResult } from '../../../extension/src/core/acp-server/acp-tool-calls';
import type { ApprovalRequest } from '../../../extension/src/core/tools/approvals';
import { todo } from '../support/sessions';

const bashRequest: ApprovalRequest = {
  tool: 'bash',
  summary: 'rm -rf build',
  detail: 'rm -rf build',
  callId: 'c1',
  sessionId: 's1',
};

describe('ACP mapping of our agent', () => {
  it('maps the standing plan to entries with our statuses and medium priority; no plan is no entries', () => {
    assert.deepEqual(acpPlanEntries([todo('a', 'completed'), todo('b', 'in_progress'), todo('c')]), [
      { content: 'a', priority: 'medium', status: 'completed' },
      { content: 'b', priority: 'medium', status: 'in_progress' },
      { content: 'c', priority: 'medium', status: 'pending' },
    ]);
    assert.deepEqual(acpPlanEntries(null), []);
  });

  it('shows write_file and edit_file as diffs at absolute paths, bash as execute, a malformed call without a diff', () => {
    const write = acpCallFields(
      { name: 'write_file', arguments: JSON.stringify({ path: 'src/a.txt', content: 'new\n' }) },
      '/ws',
    );
    assert.equal(write.kind, 'edit');
    assert.equal(write.title, 'write_file: src/a.txt');
    assert.deepEqual(write.content, [{ type: 'diff', path: '/ws/src/a.txt', oldText: null, newText: 'new\n' }]);
    const edit = acpCallFields(
      { name: 'edit_file', arguments: JSON.stringify({ path: 'b.ts', old_string: 'x', new_string: 'y' }) },
      '/ws',
    );
    assert.deepEqual(edit.content, [{ type: 'diff', path: '/ws/b.ts', oldText: 'x', newText: 'y' }]);
    assert.equal(acpCallFields({ name: 'bash', arguments: JSON.stringify({ command: 'ls' }) }, '/ws').kind, 'execute');
    assert.deepEqual(acpCallFields({ name: 'write_file', arguments: '{not json' }, '/ws').content, []);
    const ended = acpCallResult(
      { name: 'edit_file', arguments: JSON.stringify({ path: 'b.ts', old_string: 'x', new_string: 'y' }) },
      { isError: true, content: 'no match' },
      '/ws',
    );
    assert.equal(ended.status, 'failed');
    assert.deepEqual(ended.content.at(-1), { type: 'content', content: { type: 'text', text: 'no match' } });
  });

  it('offers allow once / always / reject, and for a protected file no "always"; only an offered option approves', () => {
    const asked = acpPermissionRequest('s1', bashRequest);
    assert.deepEqual(
      asked.options.map((o) => o.kind),
      ['allow_once', 'allow_always', 'reject_once'],
    );
    assert.equal(asked.toolCall.toolCallId, 'c1');
    const pick = (optionId: string) => ({ outcome: { outcome: 'selected', optionId } });
    assert.equal(acpPermissionDecision(pick('allow-once'), bashRequest), 'approve');
    assert.equal(acpPermissionDecision(pick('allow-always'), bashRequest), 'approve-always');
    assert.equal(acpPermissionDecision(pick('reject'), bashRequest), 'deny');
    assert.equal(acpPermissionDecision(pick('something-else'), bashRequest), 'deny');
    assert.equal(acpPermissionDecision({ outcome: { outcome: 'cancelled' } }, bashRequest), 'deny');
    assert.equal(acpPermissionDecision({ nonsense: true }, bashRequest), 'deny');
    const protectedFile = { ...bashRequest, tool: 'write_file', protectedReason: 'AGENTS.md instructs the agent.' };
    assert.deepEqual(
      acpPermissionRequest('s1', protectedFile).options.map((o) => o.kind),
      ['allow_once', 'reject_once'],
    );
    assert.equal(acpPermissionDecision(pick('allow-always'), protectedFile), 'deny');
  });
});
