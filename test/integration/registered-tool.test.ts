// A tool defined only under test/ (test/fixtures/stamp-tool.ts), registered through
// the extension's public API (activate's return value, vscode/public-api.ts) in the
// real extension host: the scripted model calls it in the agent loop, the Agent view
// gets its approval card and then its row as its presenter made it, and once the
// registration is disposed the next turn no longer offers it. A registered tool whose
// descriptor says it writes files (test/fixtures/note-tool.ts) is treated as the
// built-in file tools are: plan first does not offer it while planning, the loop
// takes a checkpoint before its call, its call counts as a write in the item's
// evidence (the Plan tree's tooltip), and its row is the diff of what it wrote.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { TranscriptItem } from '../../extension/src/core/protocol/transcript';
import { noteTool } from '../fixtures/note-tool';
import { stampTool } from '../fixtures/stamp-tool';
import {
  getApi,
  logLines,
  setSetting,
  todoWrite,
  toolCall,
  toolResults,
  unescapeMarkdown,
  useScript,
  waitFor,
} from './helpers';

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

  it('that writes files: left out of planning, a checkpoint before its call, a write in the evidence, a diff row', async function () {
    this.timeout(60_000);
    const api = await getApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration run opens a workspace folder');
    const registration = api.registerTool(noteTool(folder.uri.fsPath));
    const item = 'Write the note';
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    try {
      await setSetting('planFirst', true);
      await useScript([
        toolCall('note', { path: 'registered/early.txt', text: 'too early\n' }),
        todoWrite([{ content: item, status: 'in_progress' }]),
        { text: 'Plan: write the note.' },
        toolCall('note', { path: 'registered/note.txt', text: 'noted\n' }),
        todoWrite([{ content: item, status: 'completed' }]),
        { text: 'Done.' },
      ]);
      const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Write a note');
      await waitFor(() => (api.statusBarText() ?? '').includes('Plan proposed'), 'the plan to wait for approval');
      await vscode.commands.executeCommand('agentChecklist.approvePlan');
      assert.deepEqual(await turn, { kind: 'completed' });

      const logPath = api.session()?.logPath;
      assert.ok(logPath);
      assert.match(toolResults(logPath)[0]?.content ?? '', /^Error: note is not available while planning/);
      assert.equal(fs.existsSync(path.join(folder.uri.fsPath, 'registered/early.txt')), false);
      assert.equal(fs.readFileSync(path.join(folder.uri.fsPath, 'registered/note.txt'), 'utf8'), 'noted\n');
      const lines = logLines(logPath);
      const callName = z.object({ name: z.string() });
      const noteCalls = lines.flatMap((l, i) =>
        l.type === 'tool/call' && callName.safeParse(l.data).data?.name === 'note' ? [i] : [],
      );
      assert.equal(noteCalls.length, 2);
      assert.equal(lines[noteCalls[1]! - 1]?.type, 'checkpoint/created', 'a checkpoint right before the approved call');
      assert.equal(
        lines.slice(0, noteCalls[1]).filter((l) => l.type === 'checkpoint/created').length,
        1,
        'none for the refused call while planning',
      );

      await waitFor(
        () =>
          api
            .planTreeRows()
            .some((r) => unescapeMarkdown(r.tooltip).includes('0 reads, 1 writes, 0 commands, 0 other')),
        "the note call in the item's evidence as a write",
      );
      const rows = api
        .webviewMessages()
        .flatMap((m) => (m.type === 'items' ? m.items : []))
        .filter((i): i is ToolRow => i.kind === 'tool' && i.name === 'note' && i.status === 'ok');
      assert.deepEqual(rows.at(-1)?.view, {
        kind: 'diff',
        path: 'registered/note.txt',
        lines: [{ kind: 'add', text: 'noted' }],
        omitted: 0,
        result: 'Noted registered/note.txt',
      });
    } finally {
      registration.dispose();
      await setSetting('planFirst', undefined);
    }
  });
});
