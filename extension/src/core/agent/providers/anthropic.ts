// The Anthropic provider (Messages API, streamed) over the official
// `@anthropic-ai/sdk`: text, thinking (with its signature, sent back in history) and
// tool_use, whose input_json_delta pieces are assembled before the call is yielded.
// A stream that ends before message_stop is a cut stream (retryable).
//
// As for OpenAI: maxRetries: 0 (the loop retries, and only before output was acted
// on), the SDK's logger off, the key scrubbed from every message, and the SDK told
// the credential and base URL explicitly so it reads no environment or profile.
// This module and its SDK are one bundle of their own, dist/providers/anthropic.js, loaded
// at the provider's first request (lazyProvider in remote-catalog.ts).
import { Anthropic, APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { ProviderError, isProviderError, type ModelProvider, type ModelRequest, type StreamPart } from '../provider';
import { anthropicWindow } from '../context-window';
import { toAnthropicMessages, toAnthropicTools } from './anthropic-messages';
import { AnthropicStreamReader, parseAnthropicEvent } from './anthropic-stream';
import { ANTHROPIC_DEFAULT_BASE_URL } from './remote-endpoints';
import { streamWithRequestSignal } from './request-signal';
import { cutStreamError, describeThrown, providerErrorFor } from './provider-errors';

/** Error types Anthropic sends mid-stream (an `error` event) that are worth another attempt. */
const TRANSIENT_ERROR_TYPES: ReadonlySet<string> = new Set([
  'overloaded_error',
  'api_error',
  'rate_limit_error',
  'timeout_error',
]);

export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  baseURL?: string;
  /** Required by the API; default 8192. */
  maxTokens?: number;
  /** Extended thinking with this budget (must be below maxTokens); off when undefined. */
  thinkingBudgetTokens?: number;
  timeoutMs?: number;
}

export class AnthropicProvider implements ModelProvider {
  readonly id = 'anthropic';
  readonly model: string;
  readonly baseURL: string;
  /** Claude models' published window (200k). */
  readonly contextWindow: number;
  private readonly client: Anthropic;
  private readonly apiKey: string;
  private readonly maxTokens: number;
  private readonly thinkingBudgetTokens: number | undefined;

  secretValues(): readonly string[] {
    return this.apiKey ? [this.apiKey] : [];
  }

  constructor(options: AnthropicProviderOptions) {
    if (!options.apiKey) throw new Error('the Anthropic provider needs an API key');
    this.model = options.model;
    this.baseURL = options.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL;
    this.contextWindow = anthropicWindow(options.model);
    this.apiKey = options.apiKey;
    this.maxTokens = options.maxTokens ?? 8192;
    this.thinkingBudgetTokens = options.thinkingBudgetTokens;
    if (this.thinkingBudgetTokens !== undefined && this.thinkingBudgetTokens >= this.maxTokens) {
      throw new Error(`thinking budget (${this.thinkingBudgetTokens}) must be below maxTokens (${this.maxTokens})`);
    }
    this.client = new Anthropic({
      apiKey: options.apiKey,
      authToken: null,
      baseURL: this.baseURL,
      maxRetries: 0,
      logLevel: 'off',
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
  }

  /** The request body this provider sends for `request` (exposed for tests and diagnostics). */
  buildRequest(request: ModelRequest): MessageCreateParamsStreaming {
    const tools = toAnthropicTools(request);
    return {
      model: this.model,
      max_tokens: this.maxTokens,
      messages: toAnthropicMessages(request),
      stream: true,
      ...(request.system ? { system: request.system } : {}),
      ...(tools.length ? { tools } : {}),
      ...(this.thinkingBudgetTokens === undefined
        ? {}
        : { thinking: { type: 'enabled', budget_tokens: this.thinkingBudgetTokens } }),
    };
  }

  stream(request: ModelRequest, turnSignal: AbortSignal): AsyncIterable<StreamPart> {
    return streamWithRequestSignal(turnSignal, (signal) => this.streamRequest(request, signal));
  }

  private async *streamRequest(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    let stream: AsyncIterable<unknown>;
    try {
      stream = await this.client.messages.create(this.buildRequest(request), { signal });
    } catch (error) {
      throw this.toProviderError(error, signal);
    }
    const reader = new AnthropicStreamReader();
    try {
      for await (const raw of stream) {
        const event = parseAnthropicEvent(raw);
        if (typeof event === 'string')
          throw new ProviderError(`anthropic: the server sent an event this client cannot read (${event})`);
        if (event === null) continue;
        yield* reader.read(event);
        if (reader.done) break;
      }
    } catch (error) {
      if (isProviderError(error) || signal.aborted) throw error;
      throw this.toProviderError(error, signal);
    }
    if (signal.aborted || reader.done) return;
    throw cutStreamError('anthropic', reader.toolCallsInFlight ? 'a tool call was still arriving' : 'no message_stop');
  }

  private toProviderError(error: unknown, signal: AbortSignal): unknown {
    if (signal.aborted || error instanceof APIUserAbortError) return error;
    if (error instanceof APIConnectionError) {
      return providerErrorFor(
        {
          status: undefined,
          headers: undefined,
          message: `anthropic: connection failed: ${describeThrown(error.cause ?? error, this.apiKey)}`,
        },
        this.apiKey,
      );
    }
    if (error instanceof APIError) {
      const status = typeof error.status === 'number' ? error.status : undefined;
      const message =
        error.apiMessage ??
        (status === undefined ? error.message : error.message.replace(new RegExp(`^${status} `), ''));
      // Mid-stream `error` events have no status: their type says whether to retry.
      const transient = status === undefined ? error.type !== null && TRANSIENT_ERROR_TYPES.has(error.type) : undefined;
      return providerErrorFor(
        { status, headers: error.headers, message, ...(transient === undefined ? {} : { transient }) },
        this.apiKey,
      );
    }
    return providerErrorFor(
      {
        status: undefined,
        headers: undefined,
        message: `anthropic: connection lost: ${describeThrown(error, this.apiKey)}`,
      },
      this.apiKey,
    );
  }
}
