// Context accounting: how many tokens the next request will take. Providers record
// what each request was charged (`usage.inputTokens` on the assistant message); the
// next request is that, plus the answer (`outputTokens`), plus an ESTIMATE of what
// was added since (tool results, a new prompt). Where no request since the latest
// compaction has usage (the scripted model, vscode.lm), the whole request is
// estimated. The estimate is UTF-8 bytes / 3, rounded up, plus 4 tokens a message:
// deliberately on the high side (English text and code run about 4 bytes a token,
// Chinese about 3), so the loop compacts a little early rather than too late.
import type { Message } from './derive-messages';
import type { SessionEvent } from '../session/events';
import type { ModelRequest } from './provider';

const BYTES_PER_TOKEN = 3;
const MESSAGE_OVERHEAD = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

export function estimateMessageTokens(message: Message): number {
  switch (message.role) {
    case 'user':
      return MESSAGE_OVERHEAD + estimateTokens(message.text);
    case 'tool':
      return MESSAGE_OVERHEAD + estimateTokens(message.content) + estimateTokens(message.callId);
    case 'assistant': {
      let tokens = MESSAGE_OVERHEAD;
      for (const block of message.content) {
        if (block.type === 'tool-call')
          tokens += estimateTokens(block.name) + estimateTokens(block.arguments) + estimateTokens(block.id);
        else tokens += estimateTokens(block.text);
      }
      return tokens;
    }
  }
}

/** The whole request, estimated: system prompt, tool schemas and every message. */
export function estimateRequestTokens(request: Pick<ModelRequest, 'system' | 'messages' | 'tools'>): number {
  let tokens =
    estimateTokens(request.system) + (request.tools.length ? estimateTokens(JSON.stringify(request.tools)) : 0);
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}

export interface PromptSize {
  tokens: number;
  /** False when it rests on the provider's own count of an earlier request. */
  estimated: boolean;
}

function surfaceTokens(event: SessionEvent): number {
  switch (event.type) {
    case 'user/message':
      return MESSAGE_OVERHEAD + estimateTokens(event.data.message.text);
    case 'tool/result':
      return MESSAGE_OVERHEAD + estimateTokens(event.data.content) + estimateTokens(event.data.callId);
    case 'assistant/message':
      return estimateMessageTokens({ role: 'assistant', content: event.data.message.content });
    default:
      return 0;
  }
}

/**
 * The size of `request` (built from `events` by deriveMessages): the latest charged
 * request after the latest compaction plus what came since, else an estimate of the
 * whole. Walks back only to that request or that compaction.
 */
export function promptSize(
  events: readonly SessionEvent[],
  request: Pick<ModelRequest, 'system' | 'messages' | 'tools'>,
): PromptSize {
  let added = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type === 'context/compact') break;
    if (event.type === 'assistant/message' && event.data.usage?.inputTokens !== undefined) {
      const usage = event.data.usage;
      const answer = usage.outputTokens ?? surfaceTokens(event);
      return { tokens: (usage.inputTokens ?? 0) + answer + added, estimated: added > 0 };
    }
    added += surfaceTokens(event);
  }
  return { tokens: estimateRequestTokens(request), estimated: true };
}

/** What the context meter shows: the prompt tokens of the last request (or the next one's estimate). */
export interface ContextUse {
  promptTokens: number;
  window: number;
  estimated: boolean;
}

/**
 * The last charged request after the latest compaction; else the estimate of the next
 * request (`estimate`: estimateRequestTokens of it, or a RequestEstimate kept as the
 * log grows), asked only then: deriving the request is linear in the session (the
 * meter is read after every burst of transcript changes, and a provider that reports
 * usage never needs it).
 */
export function contextUse(events: readonly SessionEvent[], estimate: () => number, window: number): ContextUse {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.type === 'context/compact') break;
    if (event.type === 'assistant/message' && event.data.usage?.inputTokens !== undefined) {
      return { promptTokens: event.data.usage.inputTokens, window, estimated: false };
    }
  }
  return { promptTokens: estimate(), window, estimated: true };
}
