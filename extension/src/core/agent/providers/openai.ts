// The OpenAI-compatible provider (Chat Completions, streamed) over the official
// `openai` package: OpenAI, DeepSeek, Ollama, vLLM, LM Studio, OpenRouter — any
// base URL. Text and reasoning stream as deltas; tool calls are yielded only whole
// (assembled by index) when the model finishes; a stream that ends before its
// finish_reason is a cut stream (retryable), never a half call.
//
// The SDK is built with maxRetries: 0. The loop (retry.ts) retries whole steps and
// only before the model's output was acted on; an SDK retrying on its own underneath
// would break that accounting. The API key goes to the SDK and nowhere else: the
// SDK's logger is off and error messages are scrubbed of it.
//
// This module and its SDK are one bundle of their own, dist/providers/openai.js, loaded
// at the provider's first request (lazyProvider in remote-catalog.ts), so activating
// the extension or running the CLI with another provider never loads either.
import { APIConnectionError, APIError, APIUserAbortError, OpenAI } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { ProviderError, isProviderError, type ModelProvider, type ModelRequest, type StreamPart } from '../provider';
import { openAICompatibleWindow } from '../context-window';
import { toOpenAIMessages, toOpenAITools } from './openai-messages';
import { isDeepSeekBaseUrl } from './remote-endpoints';
import { completionChunkSchema, toUsage, ToolCallAssembler } from './openai-stream';
import { OPENAI_DEFAULT_BASE_URL } from './remote-endpoints';
import { streamWithRequestSignal } from './request-signal';
import { cutStreamError, describeThrown, providerErrorFor } from './provider-errors';

export interface OpenAIProviderOptions {
  model: string;
  /** The key, from wherever the host keeps it; '' for a server that needs none (no Authorization header is sent). */
  apiKey: string;
  /** Default: OpenAI's. DeepSeek: https://api.deepseek.com; Ollama: http://127.0.0.1:11434/v1. */
  baseURL?: string;
  /** DeepSeek thinking mode's history rule (see openai-messages.ts); default: on for a deepseek host. */
  requireReasoningWithToolCalls?: boolean;
  /** Ask for a final usage chunk (stream_options.include_usage); default true. */
  includeUsage?: boolean;
  /** Per-request timeout; default the SDK's (10 minutes). */
  timeoutMs?: number;
}

export class OpenAIProvider implements ModelProvider {
  readonly id = 'openai';
  readonly model: string;
  readonly baseURL: string;
  /** A known model's published window, else the OpenAI-compatible default (128k). */
  readonly contextWindow: number;
  private readonly client: OpenAI;
  private readonly apiKey: string;
  private readonly requireReasoningWithToolCalls: boolean;
  private readonly includeUsage: boolean;

  secretValues(): readonly string[] {
    return this.apiKey ? [this.apiKey] : [];
  }

  constructor(options: OpenAIProviderOptions) {
    this.model = options.model;
    this.baseURL = options.baseURL ?? OPENAI_DEFAULT_BASE_URL;
    this.contextWindow = openAICompatibleWindow(options.model);
    this.apiKey = options.apiKey;
    this.requireReasoningWithToolCalls = options.requireReasoningWithToolCalls ?? isDeepSeekBaseUrl(this.baseURL);
    this.includeUsage = options.includeUsage ?? true;
    this.client = new OpenAI({
      // The SDK refuses an empty key; with none, a placeholder satisfies it and the header is dropped below.
      apiKey: options.apiKey || 'no-key',
      baseURL: this.baseURL,
      // Explicit so the SDK reads nothing from OPENAI_ORG_ID / OPENAI_PROJECT_ID behind the user's back.
      organization: null,
      project: null,
      maxRetries: 0,
      logLevel: 'off',
      ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
  }

  /** The request body this provider sends for `request` (exposed for tests and diagnostics). */
  buildRequest(request: ModelRequest): ChatCompletionCreateParamsStreaming {
    const tools = toOpenAITools(request);
    return {
      model: this.model,
      messages: toOpenAIMessages(request, { requireReasoningWithToolCalls: this.requireReasoningWithToolCalls }),
      stream: true,
      ...(this.includeUsage ? { stream_options: { include_usage: true } } : {}),
      ...(tools.length ? { tools } : {}),
    };
  }

  stream(request: ModelRequest, turnSignal: AbortSignal): AsyncIterable<StreamPart> {
    return streamWithRequestSignal(turnSignal, (signal) => this.streamRequest(request, signal));
  }

  private async *streamRequest(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    let stream: AsyncIterable<unknown>;
    try {
      stream = await this.client.chat.completions.create(this.buildRequest(request), { signal });
    } catch (error) {
      throw this.toProviderError(error, signal);
    }
    const calls = new ToolCallAssembler();
    let finished = false;
    try {
      for await (const raw of stream) {
        const parsed = completionChunkSchema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new ProviderError(
            `openai: the server sent a chunk this client cannot read ` +
              `(${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
          );
        }
        const chunk = parsed.data;
        if (chunk.usage) yield { type: 'usage', usage: toUsage(chunk.usage) };
        const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
        if (!choice || finished) continue;
        const reasoning = choice.delta?.reasoning_content ?? choice.delta?.reasoning;
        if (reasoning) yield { type: 'reasoning-delta', text: reasoning };
        if (choice.delta?.content) yield { type: 'text-delta', text: choice.delta.content };
        for (const piece of choice.delta?.tool_calls ?? []) calls.add(piece);
        if (choice.finish_reason) {
          finished = true;
          for (const call of calls.finish()) yield { type: 'tool-call', ...call };
          yield { type: 'finish', reason: choice.finish_reason };
        }
      }
    } catch (error) {
      if (isProviderError(error)) throw error;
      if (signal.aborted) throw error;
      // The answer was whole; only the trailing usage chunk was lost. Retrying would pay for it twice.
      if (finished) return;
      throw this.toProviderError(error, signal);
    }
    if (signal.aborted || finished) return;
    throw cutStreamError('openai', calls.size ? 'a tool call was still arriving' : 'no finish_reason');
  }

  private toProviderError(error: unknown, signal: AbortSignal): unknown {
    if (signal.aborted || error instanceof APIUserAbortError) return error;
    if (error instanceof APIConnectionError) {
      return providerErrorFor(
        {
          status: undefined,
          headers: undefined,
          message: `openai: connection failed: ${describeThrown(error.cause ?? error, this.apiKey)}`,
        },
        this.apiKey,
      );
    }
    if (error instanceof APIError) {
      const status = typeof error.status === 'number' ? error.status : undefined;
      return providerErrorFor(
        { status, headers: error.headers, message: providerMessage(error, status), code: error.code },
        this.apiKey,
      );
    }
    // fetch's "terminated" and friends: the connection died while the body was streaming.
    return providerErrorFor(
      {
        status: undefined,
        headers: undefined,
        message: `openai: connection lost: ${describeThrown(error, this.apiKey)}`,
      },
      this.apiKey,
    );
  }
}

/** The server's own message (`error.message` of the body), not the SDK's decoration of it. */
function providerMessage(error: APIError, status: number | undefined): string {
  const body: unknown = error.error;
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message
  )
    return body.message;
  const prefix = status === undefined ? '' : `${status} `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
