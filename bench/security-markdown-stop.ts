// Issue 20's Stop while an answer is parsed, through the Agent view's code path minus
// VS Code: the real agent loop with the scripted model answers a hostile answer (and
// asks for another step, which waits 60 s), the transcript fold presents its row, the
// AnswerPresenter (the real worker, warmed up) starts its parse, and Stop (the turn's
// abort) is pressed at the next turn of the event loop, while that parse is under way.
// Measured: Stop -> the turn ended (`aborted`), and the host event loop's longest block
// over the whole turn and until the row's Markdown is posted (a 10 ms interval's
// longest gap, minus 10 ms). Nothing is asserted here.
import { runTurn } from '../extension/src/core/agent/loop';
import { ScriptedProvider } from '../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../extension/src/core/agent/tool-set';
import { AnswerPresenter, type MarkdownMessageBody } from '../extension/src/core/markdown/answer-presenter';
import { TranscriptFolder } from '../extension/src/core/presenters/transcript-folder';
import { makeHeader } from '../extension/src/core/session/header';
import { Session } from '../extension/src/core/session/session';
import { MARKDOWN_CASES } from './security-markdown-worker';
import { now } from './stats';

export interface StopCase {
  name: string;
  /** Stop pressed -> runTurn returned. */
  stopMs: number;
  /** The longest block of the host's event loop, turn start -> the row's Markdown posted. */
  blockMs: number;
  /** The host's own synchronous work on the answer's row: the fold's apply and the presenter's present (hash, cache, hand-off to the worker). */
  presentMs: number;
  /** The row's parse was still under way when Stop was pressed. */
  parsing: boolean;
  reason: string;
  markdown: MarkdownMessageBody['markdown']['kind'];
}

async function stopCase(
  presenter: AnswerPresenter,
  posted: (id: string) => Promise<MarkdownMessageBody>,
  name: string,
  text: string,
): Promise<StopCase> {
  const session = new Session(makeHeader({ id: `bench-stop-${name}` }));
  const folder = new TranscriptFolder();
  const abort = new AbortController();
  const row: {
    markdown: Promise<MarkdownMessageBody> | null;
    postedAt: number;
    stoppedAt: number;
    parsingAtStop: boolean;
  } = { markdown: null, postedAt: 0, stoppedAt: 0, parsingAtStop: false };
  let presentMs = 0;
  const watch = session.subscribe((event) => {
    const t = now();
    const items = folder.apply(event);
    const answer = items.find((i) => i.kind === 'assistant');
    if (!answer || row.markdown) return;
    row.markdown = posted(answer.id).then((body) => {
      row.postedAt = now();
      return body;
    });
    presenter.present({ type: 'items', items }, session.id);
    presentMs = now() - t;
    setImmediate(() => {
      row.parsingAtStop = row.postedAt === 0;
      row.stoppedAt = now();
      abort.abort();
    });
  });
  let last = now();
  let gap = 0;
  const tick = setInterval(() => {
    const t = now();
    gap = Math.max(gap, t - last);
    last = t;
  }, 10);
  try {
    const { registry } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: true });
    const script = [
      {
        text,
        toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'answer', status: 'in_progress' }] } }],
      },
      { delayMs: 60_000, text: 'never reached' },
    ];
    const reason = await runTurn(session, 'answer', {
      provider: new ScriptedProvider({ responses: script }),
      tools: registry,
      maxSteps: 3,
      signal: abort.signal,
    });
    const stopMs = now() - row.stoppedAt;
    if (!row.markdown) throw new Error('no answer row was presented');
    const body = await row.markdown;
    return {
      name,
      stopMs,
      blockMs: Math.max(0, Math.max(gap, now() - last) - 10),
      presentMs,
      parsing: row.parsingAtStop,
      reason: reason.kind,
      markdown: body.markdown.kind,
    };
  } finally {
    clearInterval(tick);
    watch.dispose();
  }
}

/** The same 10 ms interval's longest gap over `ms` with nothing to do: what the shared machine's scheduling alone costs. */
export async function idleBlockMs(ms = 2000): Promise<number> {
  let last = now();
  let gap = 0;
  const tick = setInterval(() => {
    const t = now();
    gap = Math.max(gap, t - last);
    last = t;
  }, 10);
  await new Promise((resolve) => setTimeout(resolve, ms));
  clearInterval(tick);
  return Math.max(0, gap - 10);
}

export async function markdownStopCases(): Promise<StopCase[]> {
  const waiting = new Map<string, (body: MarkdownMessageBody) => void>();
  const presenter = new AnswerPresenter((body) => waiting.get(`${body.sessionId}\n${body.id}`)?.(body));
  const posted = (sessionId: string) => (id: string) =>
    new Promise<MarkdownMessageBody>((resolve) => waiting.set(`${sessionId}\n${id}`, resolve));
  const out: StopCase[] = [];
  for (const [name, text] of MARKDOWN_CASES) {
    // A worker is started and ready before each case (a case past the deadline replaced it): no case pays for a worker's start.
    await stopCase(presenter, posted(`bench-stop-warm-${name}`), `warm-${name}`, `warm *up* before ${name}`);
    out.push(await stopCase(presenter, posted(`bench-stop-${name}`), name, text));
  }
  presenter.dispose();
  return out;
}
