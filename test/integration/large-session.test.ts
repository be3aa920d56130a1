// A large session (a log over 8 MiB) picked from the session list opens streamed:
// the Agent view first gets its preview (latest page and plan from the log's tail,
// shown as opening), then its full view; its plan, ledger and latest transcript page
// come from the streamed folds and the log's tail, its events stay on disk, and a
// prompt reads them back and continues the log as any session's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { loadLogFile } from '../../extension/src/core/store/log-file';
import { getApi, largeSessionBeside, logLines, todoWrite, useScript, waitFor } from './helpers';

describe('a large session picked from the list', () => {
  it('shows its plan and latest page without its events in memory, and a prompt continues it', async () => {
    const api = await getApi();
    const id = 'large-synthetic-session';
    const large = await largeSessionBeside(id, 'A large session');
    const plan = large.lastPlan;

    await vscode.commands.executeCommand('agentChecklist.agent.focus'); // a page to post to (the messages are recorded while one is connected)
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    const before = api.webview().lastSeq;
    await api.webviewMessage({ type: 'openSession', id });
    await waitFor(
      () => api.session()?.logPath === large.path,
      'the large session opened (its preview has no log open)',
      60_000,
    );
    const snapshots = api
      .webviewMessages()
      .filter((m) => m.type === 'snapshot' && m.seq > before && m.session?.id === id);
    const [preview, full] = snapshots.map((m) => (m.type === 'snapshot' ? m : assert.fail('a snapshot')));
    assert.ok(preview && full, `a preview then the full view (${snapshots.length} snapshots)`);
    assert.deepEqual(
      preview.session,
      { id, title: 'A large session', readOnly: true, opening: true },
      'the preview shows as opening',
    );
    assert.deepEqual(
      preview.plan?.todos.map((t) => t.content),
      plan.map((t) => t.content),
      "its plan, from the log's tail",
    );
    assert.ok(preview.items.length > 0 && preview.cursor !== null, 'its latest page');
    assert.deepEqual(
      preview.items.map((i) => i.id),
      full.items.map((i) => i.id),
      "the page the full view shows (its answers' Markdown parsed since)",
    );
    assert.equal(full.session?.opening, undefined);
    assert.equal(api.session()?.readOnly, false, 'this window writes it');
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      plan.map((t) => t.content),
      'its plan, from the streamed folds',
    );
    assert.ok(api.transcriptTail().length > 0, 'its latest page, read from the log');

    await useScript([
      todoWrite([{ content: 'Continue the large session', status: 'in_progress' }]),
      { text: 'Continued.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on'), { kind: 'completed' });
    assert.deepEqual(
      api.planTreeRows().map((r) => r.label),
      ['Continue the large session'],
    );
    const reloaded = loadLogFile(large.path);
    assert.equal(reloaded.events.length, logLines(large.path).length - 1, 'every line still checks (the header aside)');
    assert.ok(reloaded.events.length > large.events);
    assert.ok(
      reloaded.events.some((e) => e.type === 'user/message' && e.data.message.text === 'Go on'),
      'the prompt continued its log',
    );
  });
});
