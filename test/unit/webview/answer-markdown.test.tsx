/** @jsxRuntime automatic @jsxImportSource preact */
// An answer from the log to the painted row, through the code path the Agent view
// uses: the transcript fold (no parsing: the row is `pending`), AnswerPresenter with the
// real worker (markdown-parser.ts), the host's sequencer, the page's reducer and the
// real Transcript component in happy-dom. The row shows its text as plain text until
// its `markdown` message arrives; an answer whose parse passes the deadline (`*_` ×
// 30,000) stays plain text, under the localized note.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AnswerPresenter, type MarkdownMessageBody } from '../../../extension/src/core/markdown/answer-presenter';
import { HostSequencer, type HostMessageBody } from '../../../extension/src/core/protocol/messages';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';
import { TranscriptFolder } from '../../../extension/src/core/presenters/transcript-folder';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { Transcript } from '../../../webview/src/components/transcript';
import { MarkdownTree } from '../../../webview/src/lazy-views';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { mount } from './render';

const TOO_SLOW = '*_'.repeat(30_000);

before(() => MarkdownTree.preload());

/** A session whose turn answers `text` (one step), and the rows its fold presents. */
function answered(text: string): { session: Session; items: TranscriptItem[] } {
  const session = new Session(makeHeader({ id: 's1' }));
  const folder = new TranscriptFolder();
  const items: TranscriptItem[] = [];
  const add = (...args: Parameters<Session['append']>): void =>
    void items.push(...folder.apply(session.append(...args)));
  add('turn/start', { turn: 1 });
  add('user/message', { turn: 1, message: { text: 'go' } });
  add('step/start', { turn: 1, step: 1 });
  add('assistant/message', {
    turn: 1,
    step: 1,
    message: { content: [{ type: 'text', text }] },
    model: { provider: 'p', model: 'm' },
  });
  return { session, items };
}

/** The page: the host's messages stamped and folded as the webview folds them, and `markdown` messages waited for. */
class Page {
  private readonly seq = new HostSequencer();
  private markdownArrived: (() => void) | null = null;
  state: State = initialState;

  readonly presenter = new AnswerPresenter((body: MarkdownMessageBody) => {
    this.receive(body);
    this.markdownArrived?.();
  });

  receive(body: HostMessageBody): void {
    this.state = reduce(this.state, this.seq.stamp(body));
  }

  /** Posts `body` as the Agent view does: through the presenter. */
  post(body: HostMessageBody): void {
    this.receive(this.presenter.present(body, 's1'));
  }

  nextMarkdown(): Promise<void> {
    return new Promise((resolve) => (this.markdownArrived = resolve));
  }

  snapshot(): void {
    const provider = { id: 'demo', model: 'demo', isDemo: true, problem: null };
    this.post({
      type: 'snapshot',
      session: { id: 's1', title: null, readOnly: false },
      items: [],
      cursor: null,
      plan: null,
      run: { state: 'idle' },
      provider,
      stream: null,
      strings: { ...WEBVIEW_STRINGS },
    });
  }
}

function answerRow(page: Page) {
  const view = mount(
    <Transcript
      items={page.state.view.items}
      stream={null}
      cursor={null}
      running={false}
      approvals={[]}
      sessionId="s1"
    />,
  );
  const row = view.root.querySelector('.item-assistant');
  return {
    row,
    note: row?.querySelector('[role="note"]')?.textContent ?? null,
    strong: row?.querySelector('strong')?.textContent ?? null,
    text: row?.textContent ?? '',
    unmount: view.unmount,
  };
}

describe("an answer's Markdown, parsed in the worker, painted by the page", () => {
  const pages: Page[] = [];
  after(() => pages.forEach((p) => p.presenter.dispose()));
  const newPage = (): Page => {
    const page = new Page();
    pages.push(page);
    page.snapshot();
    return page;
  };

  it('paints the row as plain text, then its tree when the host posts it; a later page of the log has the tree at once', async () => {
    const page = newPage();
    const { items } = answered('Done: **bold** move');
    const arrived = page.nextMarkdown();
    page.post({ type: 'items', items });
    const before = answerRow(page);
    assert.equal(before.strong, null, 'no tree yet');
    assert.equal(before.text, 'Done: **bold** move', 'the text, as plain text');
    before.unmount();
    await arrived;
    const after = answerRow(page);
    assert.equal(after.strong, 'bold');
    assert.equal(after.note, null);
    after.unmount();
    const cached = page.presenter.present({ type: 'page', items, cursor: null }, 's1');
    assert.ok(cached.type === 'page');
    assert.deepEqual(
      cached.items.find((i) => i.kind === 'assistant')?.markdown.kind,
      'parsed',
      'a parsed answer is filled in before it is posted again',
    );
  });

  it('shows an answer whose parse passed the deadline as plain text under the note', async () => {
    const page = newPage();
    const arrived = page.nextMarkdown();
    page.post({ type: 'items', items: answered(TOO_SLOW).items });
    await arrived;
    const shown = answerRow(page);
    assert.equal(shown.note, WEBVIEW_STRINGS.answerShownPlain);
    assert.equal(shown.strong, null);
    assert.ok(shown.text.endsWith(TOO_SLOW), 'the whole text, as it is');
    shown.unmount();
  });

  it("the note is in the page's language", async () => {
    const page = newPage();
    const arrived = page.nextMarkdown();
    page.post({ type: 'items', items: answered(`${TOO_SLOW} `).items });
    await arrived;
    const view = mount(
      <Transcript
        items={page.state.view.items}
        stream={null}
        cursor={null}
        running={false}
        approvals={[]}
        sessionId="s1"
      />,
      { answerShownPlain: '以纯文本显示：格式化此回答耗时过长。' },
    );
    assert.equal(view.root.querySelector('[role="note"]')?.textContent, '以纯文本显示：格式化此回答耗时过长。');
    view.unmount();
  });

  it('a markdown message for a row the page does not show (another session, a page not loaded) changes nothing', () => {
    const page = newPage();
    const { items } = answered('shown');
    page.receive({ type: 'items', items });
    const view = page.state.view;
    const row = items.find((i) => i.kind === 'assistant');
    assert.ok(row);
    page.receive({ type: 'markdown', sessionId: 'other', id: row.id, order: row.order, markdown: { kind: 'plain' } });
    page.receive({ type: 'markdown', sessionId: 's1', id: 'e999', order: 999 * 1024, markdown: { kind: 'plain' } });
    assert.equal(page.state.view.items, view.items);
  });
});
