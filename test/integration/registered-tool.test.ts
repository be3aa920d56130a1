// A tool defined only under test/ (test/fixtures/stamp-tool.ts), registered through
// the extension's public API (activate's return value, vscode/public-api.ts) in the
// real extension host: the scripted model calls it in the agent loop, the Agent view
// gets its approval card and then its row as its presenter made it, and once the
// registration is disposed the next turn no longer offers it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TranscriptItem } from '../../extension/src/core/protocol/transcript';
import { stampTool } from '../fixtures/stamp-tool';
import { getApi, toolCall, toolResults, useScript, waitFor } from './helpers';

type ToolRow = Extract<TranscriptItem, { kind: 'tool' }>;

describe('a tool registered through the public API', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it("is offered to the model, asks with its card, runs, and its row is its presenter's", async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    const registration = api.registerTool(stampTool);
    try {
      assert.throws(() => api.registerTool(stampTool), /a tool named stamp is already known/);
      await useScript([toolCall('stamp', { label: 'hello' }), { text: 'Stamped it.' }]);
      const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Stamp hello');

      await waitFor(() => api.pendingApprovals().length === 1, 'the stamp call to wait for approval');
      const pending = api.pendingApprovals()[0];
      assert.ok(pending);
      assert.deepEqual(
        [pending.tool, pending.summary, pending.detail],
        ['stamp', 'Stamp hello', 'Stamp the label "hello" in capitals'],
      );
      const card = api
        .webviewMessages()
        .filter((m) => m.type === 'approvals')
        .at(-1);
      assert.deepEqual(
        card?.type === 'approvals' ? card.approvals.map((a) => [a.tool, a.summary, a.detail]) : null,
        [['stamp', 'Stamp hello', 'Stamp the label "hello" in capitals']],
        'the card the page paints',
      );

      await api.webviewMessage({ type: 'approve', id: pending.id, decision: 'approve' });
      assert.deepEqual(await turn, { kind: 'completed' });
      const logPath = api.session()?.logPath;
      assert.ok(logPath);
      assert.deepEqual(
        toolResults(logPath).map((r) => [r.isError, r.content]),
        [[false, 'Stamped: HELLO']],
      );

      const rows = api
        .webviewMessages()
        .flatMap((m) => (m.type === 'items' ? m.items : []))
        .filter((i): i is ToolRow => i.kind === 'tool' && i.name === 'stamp');
      const last = rows.at(-1);
      assert.deepEqual(last ? [last.status, last.summary, last.view] : null, [
        'ok',
        'stamp hello',
        { kind: 'generic', input: '{"label":"hello"}', result: '[HELLO]' },
      ]);
    } finally {
      registration.dispose();
    }

    await useScript([toolCall('stamp', { label: 'again' }), { text: 'Could not.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Stamp again'), {
      kind: 'completed',
    });
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.match(
      toolResults(logPath).at(-1)?.content ?? '',
      /^Error: unknown tool "stamp"/,
      'withdrawn: the next turn does not offer it',
    );
  });
});
