// Answers' Markdown in the real extension host: parsed in the worker thread
// (dist/markdown-worker.js), never by the transcript fold on the host's event loop.
// A row is posted `pending` (the page paints its text as plain text) and its tree
// follows in a `markdown` message; issue 20's hostile answers, from the scripted model,
// do not hold up Stop, and the one whose parse passes its deadline is posted `plain`
// (the page shows it as plain text under the note: test/unit/markdown/answer-presenter.test.ts).
// How long the host's event loop blocks and how soon Stop answers are the bench's
// (`npm run bench -- security`), not asserted here.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HostMessage } from '../../extension/src/core/protocol/messages';
import type { AnswerMarkdown } from '../../extension/src/core/protocol/markdown-schema';
import { getApi, todoWrite, useScript, waitFor } from './helpers';

/** The answers, and `*_` × 30,000, whose parse cannot finish within the deadline on any machine (83 s here). */
const HOSTILE = [
  '*_'.repeat(10_000),
  '['.repeat(20_000),
  `${'[a]'.repeat(20_000)}\n\n[a]: https://example.com\n`,
  '*_'.repeat(30_000),
];
const TOO_SLOW = HOSTILE[3]!;

/** The answer rows the Agent view was posted (whatever their Markdown's state), by text. */
function answerRows(messages: HostMessage[]): Map<string, { id: string; markdown: AnswerMarkdown }> {
  const rows = new Map<string, { id: string; markdown: AnswerMarkdown }>();
  for (const m of messages) {
    const items = m.type === 'items' || m.type === 'snapshot' ? m.items : [];
    for (const item of items)
      if (item.kind === 'assistant') rows.set(item.text, { id: item.id, markdown: item.markdown });
  }
  return rows;
}

/** The Markdown the Agent view was told for row `id` of the shown session: in its row, or in a later `markdown` message. */
function markdownOf(messages: HostMessage[], sessionId: string, id: string): AnswerMarkdown | null {
  let found: AnswerMarkdown | null = null;
  for (const m of messages) {
    if (m.type === 'markdown' && m.sessionId === sessionId && m.id === id) found = m.markdown;
    if (m.type === 'items')
      for (const item of m.items)
        if (item.id === id && item.kind === 'assistant' && item.markdown.kind !== 'pending') found = item.markdown;
  }
  return found;
}

describe("answers' Markdown (parsed in a worker)", () => {
  before(async () => {
    await vscode.commands.executeCommand('agentChecklist.agent.focus'); // a page to post to (the messages are recorded while one is connected)
  });

  it("posts an ordinary answer's tree for its row", async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    await useScript([{ text: '**Done**: see `notes.md`\n\n- [x] parse' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Answer in Markdown'), {
      kind: 'completed',
    });
    const sessionId = api.session()?.id ?? '';
    const row = answerRows(api.webviewMessages()).get('**Done**: see `notes.md`\n\n- [x] parse');
    assert.ok(row, 'the answer row was posted');
    await waitFor(() => markdownOf(api.webviewMessages(), sessionId, row.id) !== null, "the answer's tree");
    assert.deepEqual(markdownOf(api.webviewMessages(), sessionId, row.id), {
      kind: 'parsed',
      blocks: [
        {
          t: 'p',
          c: [
            { t: 'strong', c: [{ t: 'text', v: 'Done' }] },
            { t: 'text', v: ': see ' },
            { t: 'code', v: 'notes.md' },
          ],
        },
        {
          t: 'list',
          ordered: false,
          start: 1,
          tight: true,
          items: [{ checked: true, c: [{ t: 'p', c: [{ t: 'text', v: 'parse' }] }] }],
        },
      ],
    });
  });

  it('Stop ends a turn while hostile answers are parsed; the answer too slow to parse is posted as plain text', async function () {
    this.timeout(120_000);
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    const plan = [{ content: 'Answer', status: 'in_progress' as const }];
    await useScript([...HOSTILE.map((text) => todoWrite(plan, text)), { delayMs: 60_000, text: 'never reached' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Answer with hostile Markdown');
    try {
      await waitFor(
        () => HOSTILE.every((text) => answerRows(api.webviewMessages()).has(text)),
        "every hostile answer's row",
        60_000,
      );
    } finally {
      await api.webviewMessage({ type: 'stop' }); // the page's Stop button
    }
    assert.deepEqual(await turn, { kind: 'aborted' });
    const sessionId = api.session()?.id ?? '';
    const rows = answerRows(api.webviewMessages());
    for (const text of HOSTILE)
      assert.equal(rows.get(text)?.markdown.kind, 'pending', 'the fold posts the row without parsing it');
    const slow = rows.get(TOO_SLOW);
    assert.ok(slow);
    await waitFor(
      () => HOSTILE.every((text) => markdownOf(api.webviewMessages(), sessionId, rows.get(text)?.id ?? '') !== null),
      "every hostile answer's Markdown",
      60_000,
    );
    assert.deepEqual(markdownOf(api.webviewMessages(), sessionId, slow.id), { kind: 'plain' });
  });
});
