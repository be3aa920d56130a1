// Compaction: one extra model request with the same provider and NO tools, asking
// for a summary of the conversation up to the latest boundary (turn/start,
// step/end, turn/end or an earlier compaction); the answer is appended as
// `context/compact { upToSeq, summary }`. deriveMessages() then starts from it, and
// restates the standing plan after the summary. The request must fit the window:
// fitCompactionRequest() cuts the oldest tool outputs first; a provider that still
// answers "too long" gets one harder-cut attempt, then compaction fails with a clear
// message (never a loop of retries).
import type { TodoItem } from '../plan/todo-schema';
import { deriveMessages } from './derive-messages';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';
import { COMPACTION_SYSTEM_PROMPT, fitCompactionRequest } from './compaction-request';
import { ProviderError, isProviderError, type ModelProvider } from './provider';
import { withRetries, type RetryPolicy } from './retry';
import { brandedError } from '../error-brand';

export type CompactEvent = Extract<SessionEvent, { type: 'context/compact' }>;

export interface CompactOptions {
  provider: ModelProvider;
  /** Tokens; 0 = unknown (the request is sent uncut). */
  window: number;
  /** The standing plan now (it is restated after the summary, not summarized). */
  plan: readonly TodoItem[] | null;
  signal: AbortSignal;
  retry?: Partial<RetryPolicy>;
}

/** Compaction could not be done; the message says why, for the turn's `error` end or the user. */
class CompactionError extends brandedError('CompactionError') {
  constructor(message: string) {
    super(message);
    this.name = 'CompactionError';
  }
}

/** Room kept for the summary itself. */
function outputReserve(window: number): number {
  return Math.min(4096, Math.floor(window / 8));
}

/** True when a compaction now would summarize something (a surface event since the last one). */
export function hasSomethingToCompact(session: Session): boolean {
  const events = session.events;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type === 'context/compact') return false;
    if (
      event.seq <= session.boundarySeq &&
      (event.type === 'user/message' || event.type === 'assistant/message' || event.type === 'tool/result')
    )
      return true;
  }
  return false;
}

/**
 * Summarizes the history up to `session.boundarySeq` and appends the
 * `context/compact` event. Only between steps or turns. Throws CompactionError (or
 * the abort reason when stopped); appends nothing then.
 */
export async function compactContext(session: Session, options: CompactOptions): Promise<CompactEvent> {
  if (session.openStep !== null) throw new CompactionError(`cannot compact inside step ${session.openStep}`);
  const upToSeq = session.boundarySeq;
  if (upToSeq === 0) throw new CompactionError('there is nothing to compact yet');
  const history = deriveMessages(session.events, { plan: options.plan, throughSeq: upToSeq });
  let budget = options.window > 0 ? options.window - outputReserve(options.window) : 0;
  let summary = '';
  for (let attempt = 1; ; attempt++) {
    const fitted = fitCompactionRequest(history, budget);
    if (!fitted) {
      throw new CompactionError(
        `the conversation cannot be summarized within the model's context window ` +
          `(${options.window} tokens), even with the oldest tool outputs cut`,
      );
    }
    try {
      summary = await requestSummary(options, fitted.messages, session.id);
      break;
    } catch (error) {
      if (options.signal.aborted) throw error;
      const overflow = isProviderError(error) && error.kind === 'context-overflow';
      if (!overflow)
        throw new CompactionError(
          `compacting the conversation failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      if (attempt >= 2) {
        throw new CompactionError(
          `the conversation cannot be summarized within the model's context ` +
            `window (${options.window || 'unknown'} tokens): ${error.message}`,
        );
      }
      // The estimate was too low for this model: cut to the window it stated, or to half, once.
      const stated = error.contextLimit;
      budget = Math.min(
        budget > 0 ? Math.floor(budget / 2) : Infinity,
        stated !== undefined ? stated - outputReserve(stated) : Math.floor(fitted.tokens / 2),
      );
    }
  }
  if (!summary.trim())
    throw new CompactionError('compacting the conversation failed: the model returned an empty summary');
  const event = session.append('context/compact', { upToSeq, summary: summary.trim() });
  if (event.type !== 'context/compact') throw new Error('unreachable: append returned another type');
  return event;
}

async function requestSummary(
  options: CompactOptions,
  messages: ReturnType<typeof deriveMessages>,
  sessionId: string,
): Promise<string> {
  return withRetries(
    async () => {
      let text = '';
      let finished = false;
      for await (const part of options.provider.stream(
        { system: COMPACTION_SYSTEM_PROMPT, messages, tools: [], sessionId },
        options.signal,
      )) {
        if (options.signal.aborted) break;
        if (part.type === 'text-delta') text += part.text;
        if (part.type === 'finish') finished = true;
      }
      if (options.signal.aborted)
        throw options.signal.reason instanceof Error ? options.signal.reason : new Error('stopped');
      if (!finished && !text) throw new ProviderError('the model returned an empty response', { retryable: true });
      return text;
    },
    { signal: options.signal, ...options.retry },
  );
}
