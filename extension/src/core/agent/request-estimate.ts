// The context meter's number (context-budget.ts `contextUse`), kept up to date as the
// log grows: the latest count a response reported since the latest compaction, else
// the estimate of the next request. The meter is read after every burst of transcript
// changes, and both the walk back for a count and deriving the whole request for the
// estimate are linear in the session when no response reports one (the scripted model,
// vscode.lm), on the extension host's one thread in front of the step's next
// messages (BENCHMARKS.md, live).
// This reads only the events appended since its last call, walking them as
// deriveMessages does (the same `surfaceMessage`, the same user-edit notes), so it
// equals `contextUse(events, () => estimateRequestTokens({ system, tools, messages:
// deriveMessages(events, { plan }) }), window)` (property test): a new compaction,
// another session or a shorter log starts it over.
import type { TodoItem } from '../plan/todo-schema';
import { userEditNote } from '../plan/user-edit';
import { contextStart, surfaceMessage } from './derive-messages';
import type { SessionEvent } from '../session/events';
import { summaryMessageText } from './summary-message';
import type { ToolSpec } from '../tools/registry';
import { estimateMessageTokens, estimateTokens, type ContextUse } from './context-budget';

export interface RequestParts {
  system: string;
  tools: readonly ToolSpec[];
  /** The standing plan now, which a compaction's summary message restates. */
  plan: readonly TodoItem[] | null;
}

type Compaction = Extract<SessionEvent, { type: 'context/compact' }>;

const noteTokens = (todos: readonly TodoItem[]): number =>
  estimateMessageTokens({ role: 'user', text: userEditNote(todos) });

export class RequestEstimate {
  private events: readonly SessionEvent[] | null = null;
  /** events[0, read) are counted. */
  private read = 0;
  private compaction: Compaction | null = null;
  /** The messages of the counted events after the compaction, but the note of a trailing run of user edits. */
  private sum = 0;
  /** That run's latest list: its note goes before the next surface message, or last. */
  private edited: readonly TodoItem[] | null = null;
  private tools: { of: readonly ToolSpec[]; tokens: number } | null = null;

  /** The input tokens the latest response after the latest compaction reported; null while none did. */
  private charged: number | null = null;

  /** What the meter shows for `events` now. */
  use(events: readonly SessionEvent[], parts: RequestParts, window: number): ContextUse {
    this.catchUp(events);
    if (this.charged !== null) return { promptTokens: this.charged, window, estimated: false };
    return { promptTokens: this.estimate(parts), window, estimated: true };
  }

  private catchUp(events: readonly SessionEvent[]): void {
    if (events !== this.events || events.length < this.read) this.restart(events);
    for (; this.read < events.length; this.read++) {
      const event = events[this.read]!;
      if (event.type === 'context/compact') {
        this.restart(events);
        break;
      }
      this.count(event, true);
    }
  }

  private estimate(parts: RequestParts): number {
    if (this.tools?.of !== parts.tools)
      this.tools = { of: parts.tools, tokens: parts.tools.length ? estimateTokens(JSON.stringify(parts.tools)) : 0 };
    const summary = this.compaction
      ? estimateMessageTokens({ role: 'user', text: summaryMessageText(this.compaction.data.summary, parts.plan) })
      : 0;
    return (
      estimateTokens(parts.system) +
      this.tools.tokens +
      summary +
      this.sum +
      (this.edited ? noteTokens(this.edited) : 0)
    );
  }

  private restart(events: readonly SessionEvent[]): void {
    const { from, compaction } = contextStart(events);
    this.events = events;
    this.compaction = compaction;
    this.sum = 0;
    this.edited = null;
    this.charged = null;
    // The events kept from before the compaction are in the request, but a count they report is not the request's.
    let counts = compaction === null;
    for (let i = from; i < events.length; i++) {
      const event = events[i]!;
      if (event === compaction) counts = true;
      this.count(event, counts);
    }
    this.read = events.length;
  }

  private count(event: SessionEvent, counts: boolean): void {
    if (counts && event.type === 'assistant/message' && event.data.usage?.inputTokens !== undefined)
      this.charged = event.data.usage.inputTokens;
    if (event.type === 'todo/user-edit') this.edited = event.data.todos;
    const message = surfaceMessage(event);
    if (!message) return;
    if (this.edited) this.sum += noteTokens(this.edited);
    this.edited = null;
    this.sum += estimateMessageTokens(message);
  }
}
