// Answers' Markdown for the Agent view's messages, parsed off the host's event loop.
// The transcript fold leaves every answer `pending` (it is a pure fold on the event
// loop, and Markdown parsing is not linear on every input). Before a message leaves
// for the pages, `present` fills in the trees the parser already has (its cache, by a
// hash of the text) and hands the other answers to the parser's worker (one worker,
// one answer at a time, a deadline each: markdown-parser.ts). When one is back (its
// tree, or `plain` past the deadline), `post` gets a `markdown` message for its row;
// a page applies it to that row if it shows it (webview/src/state/reducer.ts). So a
// row is painted as plain text until its tree arrives, and the page never parses. The
// parser's host side loads at the first answer to parse.
//
// Streaming text is not parsed at all (the page shows it as plain text): an answer is
// parsed once, when its assistant message is logged, whatever the number of chunks.
import type { HostMessageBody } from '../protocol/messages';
import type { OpenPanel } from '../protocol/page-views';
import type { TranscriptItem } from '../protocol/transcript';
import type { MarkdownParser } from './markdown-parser';

export type MarkdownMessageBody = Extract<HostMessageBody, { type: 'markdown' }>;

/** What the presenter asks of the parser (markdown-parser.ts). */
type AnswerParser = Pick<MarkdownParser, 'cached' | 'parse' | 'dispose'>;

/** The parser, its code loaded at the first answer to parse (nothing is cached before that). */
function lazyParser(): AnswerParser {
  let parser: Promise<MarkdownParser> | null = null;
  let loaded: MarkdownParser | null = null;
  const load = (): Promise<MarkdownParser> =>
    (parser ??= import('./markdown-parser').then(({ MarkdownParser }) => (loaded = new MarkdownParser())));
  return {
    cached: (text) => loaded?.cached(text),
    parse: async (text) => (await load()).parse(text),
    dispose: async () => (parser === null ? undefined : (await parser).dispose()),
  };
}

export class AnswerPresenter {
  /** Rows (session and id) whose parse is under way and will be posted: asked again, they are not posted twice. */
  private readonly inFlight = new Set<string>();
  private disposed = false;

  constructor(
    private readonly post: (body: MarkdownMessageBody) => void,
    private readonly parser: AnswerParser = lazyParser(),
  ) {}

  /**
   * `body` with each answer's tree where the parser has it; the other answers stay
   * `pending` and are parsed, each posted as a `markdown` message when it is done.
   * `shownSession`: the session whose transcript `items` and `page` messages carry.
   */
  present(body: HostMessageBody, shownSession: string | null): HostMessageBody {
    switch (body.type) {
      case 'snapshot':
        return {
          ...body,
          items: body.session ? this.items(body.session.id, body.items) : body.items,
          ...(body.panel ? { panel: this.panel(body.panel) } : {}),
        };
      case 'items':
      case 'page':
        return shownSession === null ? body : { ...body, items: this.items(shownSession, body.items) };
      case 'panel':
        return body.panel ? { ...body, panel: this.panel(body.panel) } : body;
      case 'childDelta':
        return { ...body, items: this.items(body.sessionId, body.items) };
      default:
        return body;
    }
  }

  /** Stops the parser's worker (deactivation): nothing is posted after this. */
  dispose(): void {
    this.disposed = true;
    this.inFlight.clear();
    void this.parser.dispose();
  }

  /** A subagent's panel with its answers' trees; other panels carry no answers. */
  private panel(panel: OpenPanel): OpenPanel {
    return panel.kind === 'child'
      ? { kind: 'child', view: { ...panel.view, items: this.items(panel.view.sessionId, panel.view.items) } }
      : panel;
  }

  /** The items with every answer's Markdown as far as it is known (the same array when nothing changed). */
  private items(sessionId: string, items: TranscriptItem[]): TranscriptItem[] {
    let out: TranscriptItem[] | null = null;
    items.forEach((item, i) => {
      if (item.kind !== 'assistant' || item.markdown.kind !== 'pending' || item.text === '') return;
      const parsed = this.parser.cached(item.text);
      if (parsed) (out ??= items.slice())[i] = { ...item, markdown: parsed };
      else this.parse(sessionId, item);
    });
    return out ?? items;
  }

  private parse(sessionId: string, item: Extract<TranscriptItem, { kind: 'assistant' }>): void {
    const key = `${sessionId}\n${item.id}`;
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    void this.parser.parse(item.text).then((markdown) => {
      if (this.disposed || !this.inFlight.delete(key)) return;
      this.post({ type: 'markdown', sessionId, id: item.id, order: item.order, markdown });
    });
  }
}
