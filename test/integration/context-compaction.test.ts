// Issue 10 in the real extension host: a long session over the `openai` provider
// against a loopback server on 127.0.0.1 that enforces a 24,000-token window (and
// refuses longer requests as OpenAI does) compacts several times and completes; the
// Agent view gets the divider for each `context/compact`; Agent Checklist: Compact
// Conversation summarizes on demand and leaves the Plan tree, the status bar and the
// strip's plan as they were; after a re-activation (a window reload, as the other
// suites simulate it) the transcript still has every divider and the plan stands.
// This suite re-activates, so it runs after the suites that talk to the page.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostMessage } from '../../extension/src/core/protocol/messages';
import type { TranscriptItem } from '../../extension/src/core/protocol/transcript';
import { writeSurveyFiles } from '../unit/context/long-task';
import { FINAL_TEXT, REPORT_PROMPT } from '../unit/context/survey-model';
import { WindowedModelServer } from '../unit/context/windowed-model-server';
import { getApi, logLines, setSetting, waitFor } from './helpers';

const WINDOW = 24_000;
const FILES = 10;
const KEY = 'sk-integration-context-0123456789';

type Compaction = Extract<TranscriptItem, { kind: 'compaction' }>;
const dividers = (items: readonly TranscriptItem[]): Compaction[] =>
  items.filter((i): i is Compaction => i.kind === 'compaction');
const summaries = (logPath: string): string[] =>
  logLines(logPath).flatMap((l) =>
    l.type === 'context/compact' ? [String((l.data as { summary?: unknown }).summary)] : [],
  );

describe('context compaction in the extension host (issue 10)', () => {
  let server: WindowedModelServer;
  let folder: string;

  before(async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the integration run opens a workspace folder');
    folder = path.join(root, 'survey');
    fs.mkdirSync(folder, { recursive: true });
    const files = writeSurveyFiles(folder, FILES).map((name) => `survey/${name}`);
    server = await WindowedModelServer.start('openai', WINDOW, files);
    const api = await getApi();
    await api.storeApiKey('openai', KEY);
    await setSetting('openai.baseUrl', `${server.url}/v1`);
    await setSetting('openai.model', 'test-model');
    await setSetting('contextWindow', WINDOW);
    await setSetting('todo.allowParallelInProgress', false);
    await setSetting('provider', 'openai');
  });

  after(async () => {
    const api = await getApi();
    for (const key of ['provider', 'openai.baseUrl', 'openai.model', 'contextWindow', 'todo.allowParallelInProgress'])
      await setSetting(key, undefined);
    await api.storeApiKey('openai', '');
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('a long session compacts and completes; each compaction is a divider in the Agent view; Compact Conversation leaves the plan surfaces unchanged; a reload restores the dividers', async function () {
    this.timeout(180_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');

    const turnStart = api.webview().lastSeq;
    const reason = await vscode.commands.executeCommand(
      'agentChecklist.sendPrompt',
      `Survey all ${FILES} files under survey/.`,
    );
    assert.deepEqual(reason, { kind: 'completed' });
    // The meter is posted when it changes, not with every items message of a step.
    const turnMessages = api.webviewMessages().filter((m) => m.seq > turnStart);
    const meters = turnMessages.flatMap((m) => (m.type === 'context' ? [JSON.stringify(m.context)] : []));
    assert.ok(meters.length > 1, 'the meter moved during the turn');
    assert.deepEqual(
      meters.filter((m, i) => i > 0 && m === meters[i - 1]),
      [],
      'no meter posted twice in a row',
    );
    assert.ok(
      meters.length < turnMessages.filter((m) => m.type === 'items').length,
      'fewer meters than items messages',
    );
    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const inTurn = summaries(logPath);
    assert.ok(inTurn.length >= 2, `several compactions in one turn, got ${inTurn.length}`);
    assert.deepEqual(
      server.requests.filter((r) => r.rejected).map((r) => r.tokens),
      [],
      'no request passed the window',
    );
    const answers = logLines(logPath).filter((l) => l.type === 'assistant/message');
    assert.match(JSON.stringify(answers.at(-1)?.data), new RegExp(FINAL_TEXT), 'the model finished the survey');
    const planRows = (): [string, string][] => api.planTree().map((r) => [r.label, r.icon]);
    assert.deepEqual(
      planRows(),
      Array.from({ length: FILES }, (_, i) => [`Read survey/file-${String(i + 1).padStart(2, '0')}.txt`, 'pass']),
      'the whole plan, every item completed: none lost across compactions',
    );

    // What the page gets on (re)load: a snapshot whose items hold a divider per compaction, in log order.
    const mark = api.webview().lastSeq;
    await api.webviewMessage({ type: 'ready' });
    const snapshot = api
      .webviewMessages()
      .find((m): m is Extract<HostMessage, { type: 'snapshot' }> => m.type === 'snapshot' && m.seq > mark);
    assert.ok(snapshot, 'a fresh snapshot');
    assert.deepEqual(
      dividers(snapshot.items).map((d) => d.summary),
      inTurn,
      'one divider per context/compact, with its summary',
    );
    const meter = api
      .webviewMessages()
      .find((m): m is Extract<HostMessage, { type: 'context' }> => m.type === 'context' && m.seq > mark);
    assert.match(meter?.context.use ?? '', /^\d+k? \/ 24k$/, 'the context meter, e.g. 12k / 24k');

    // On demand: Agent Checklist: Compact Conversation, between turns.
    const tree = api.planTree();
    const status = api.statusBarText();
    const planView = snapshot.plan;
    const before = api.webview().lastSeq;
    const done = await vscode.commands.executeCommand('agentChecklist.compactConversation');
    assert.equal(done, true);
    const all = summaries(logPath);
    assert.equal(all.length, inTurn.length + 1, 'one more context/compact in the log');
    assert.equal(logLines(logPath).at(-1)?.type, 'context/compact', 'and nothing else was appended');
    assert.equal(server.requests.at(-1)?.hasTools, false, 'the compaction request offers no tools');
    await waitFor(
      () => api.webviewMessages().some((m) => m.seq > before && m.type === 'items' && dividers(m.items).length > 0),
      'the new divider in the Agent view',
    );
    const posted = api.webviewMessages().filter((m) => m.seq > before);
    assert.deepEqual(
      posted.flatMap((m) => (m.type === 'items' ? dividers(m.items).map((d) => d.summary) : [])),
      [all.at(-1)],
    );
    assert.deepEqual(
      posted.filter((m) => m.type === 'plan' && JSON.stringify(m.plan) !== JSON.stringify(planView)),
      [],
      'no other plan for the strip',
    );
    assert.deepEqual(api.planTree(), tree, 'the Plan tree is unchanged by compaction');
    assert.equal(api.statusBarText(), status, 'and the status bar');

    // A reload: the session is reopened from its log with every divider and the same plan.
    const id = api.session()?.id;
    await api.reactivate();
    assert.equal(api.session()?.id, id, 'the same session reopened');
    assert.deepEqual(
      dividers(api.transcriptTail()).map((d) => d.summary),
      all,
      'every divider restored from the log',
    );
    assert.deepEqual(api.planTree(), tree, 'the Plan tree restored unchanged');
    assert.equal(api.statusBarText(), status);

    // The next turn starts from the latest compaction and fits.
    const seen = server.requests.length;
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', REPORT_PROMPT), {
      kind: 'completed',
    });
    const next = server.requests.slice(seen).filter((r) => r.hasTools);
    assert.ok(
      next[0]?.userTexts[0]?.includes(all.at(-1) ?? '\u0000'),
      'the first request of the new turn starts from the latest summary',
    );
    assert.ok(next.every((r) => !r.rejected && r.tokens <= WINDOW));
  });
});
