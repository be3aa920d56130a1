// One interface for every model: a request built from the system prompt, the
// registry's JSON Schemas and deriveMessages(); a stream of parts back.
import type { Usage } from '../session/events';
import type { Message } from '../session/derive-messages';
import type { ToolSpec } from '../tools/registry';

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
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart>;
  /** The credential values this provider sends (its API key), so tool output can be redacted of them. */
  secretValues?(): readonly string[];
}

/** A failed model request. `retryable` failures are retried by the loop with backoff. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: { retryable?: boolean; retryAfterMs?: number; status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
  }
}
