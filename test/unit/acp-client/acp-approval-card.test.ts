// The approval card of an ACP agent's permission request: its title, its change as -/+
// lines (a final line end is not an extra empty line), the files it names and the
// options the agent offers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { acpApprovalCard } from '../../../extension/src/core/acp-client/acp-permission-answer';

const options: RequestPermissionRequest['options'] = [
  { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

describe('acpApprovalCard', () => {
  it("shows the agent's change line by line, the files and its options", () => {
    const params: RequestPermissionRequest = {
      sessionId: 's',
      options,
      toolCall: {
        toolCallId: 'c1',
        title: 'Write a.txt',
        content: [{ type: 'diff', path: '/w/a.txt', oldText: 'one\ntwo\n', newText: 'one\nthree\n' }],
        locations: [{ path: '/w/a.txt' }],
      },
    };
    assert.deepEqual(acpApprovalCard(params, 'Write'), {
      summary: 'Write a.txt',
      detail: [
        '--- /w/a.txt\n-one\n-two\n+one\n+three',
        'Files: /w/a.txt',
        'The agent offers: Always Allow / Allow / Reject',
      ].join('\n\n'),
    });
  });

  it('a new one-line file is one added line, and a text without a final line end keeps its last line', () => {
    const card = (newText: string) =>
      acpApprovalCard(
        {
          sessionId: 's',
          options,
          toolCall: {
            toolCallId: 'c1',
            title: 'Write n.txt',
            content: [{ type: 'diff', path: 'n.txt', oldText: null, newText }],
          },
        },
        'Write',
      ).detail.split('\n\n')[0];
    assert.equal(card('hello\n'), '--- n.txt\n+hello');
    assert.equal(card('a\nb'), '--- n.txt\n+a\n+b');
    assert.equal(card(''), '--- n.txt\n+');
  });
});
