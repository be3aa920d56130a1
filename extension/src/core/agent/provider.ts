// One interface for every model: a request built from the system prompt, the
// registry's JSON Schemas and deriveMessages(); a stream of parts back.
import type { Usage } from '../session/events';
import type { Message } from './derive-messages';
import type { ToolSpec } from '../tools/registry';
import { brandedError, errorGuard } from '../error-brand';

export interface ModelRequest {
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  /** The session asking (one provider instance may serve a parent and its subagents). */
  sessionId: string;
}

export type StreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  /** A provider-issued signature for the reasoning block (Anthropic thinking). */
  | { type: 'reasoning-signature'; signature: string }
  /** A whole tool call: providers assemble streamed argument pieces before yielding it. */
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: string };

export interface ModelProvider {
  /** `scripted`, `openai`, `anthropic`, `vscode-lm`, `demo`. */
  readonly id: string;
  readonly model: string;
  /**
   * The model's context window in tokens when the provider knows it (vscode.lm's
   * `maxInputTokens`, a known model's published window); undefined when it does not.
   */
  readonly contextWindow?: number | undefined;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart>;
  /** The credential values this provider sends (its API key), so tool output can be redacted of them. */
  secretValues?(): readonly string[];
}

/**
 * What kind of failure: `context-overflow` is the provider saying the request is
 * longer than the model's window (OpenAI/DeepSeek `context_length_exceeded`,
 * Anthropic `prompt is too long`, vscode.lm's equivalent). It is never retried as
 * is: the loop compacts the history once and tries again.
 */
export type ProviderErrorKind = 'failure' | 'context-overflow';

/** A failed model request. `retryable` failures are retried by the loop with backoff. */
export class ProviderError extends brandedError('ProviderError') {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly kind: ProviderErrorKind;
  /**
   * For `context-overflow`: the window the provider stated in its
   * answer ("maximum context length is N tokens"), if it did.
   */
  readonly contextLimit: number | undefined;

  constructor(
    message: string,
    options: {
      retryable?: boolean;
      retryAfterMs?: number;
      status?: number;
      kind?: ProviderErrorKind;
      contextLimit?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = options.kind ?? 'failure';
    this.retryable = this.kind === 'context-overflow' ? false : (options.retryable ?? false);
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
    this.contextLimit = options.contextLimit;
  }
}

/** Whether `value` is a ProviderError, whichever bundle's copy of the class made it. */
export const isProviderError = errorGuard<ProviderError>('ProviderError');
