// How a failed model request becomes a ProviderError, the same way for every HTTP
// provider: 429 and 5xx (Anthropic's 529 "overloaded" included), connection errors
// and cut streams are retryable, with the server's Retry-After when it sent one;
// every other 4xx is final and carries the provider's own message. The loop does
// the retrying (retry.ts), so the SDKs are built with maxRetries: 0.
import { ProviderError } from '../provider';

/** Statuses worth another attempt: rate limited, or the server failed. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * The wait the server asked for, in ms: `retry-after-ms` (OpenAI, Anthropic), else
 * `Retry-After` as delta-seconds or an HTTP date. Undefined when absent or unreadable.
 */
function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Removes a secret from text that may reach the log, the UI or a terminal: some
 * servers echo the key they were sent in their error message.
 */
function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

export interface HttpFailure {
  /** Undefined when no response arrived (connection refused, reset, cut stream). */
  status: number | undefined;
  headers: Headers | undefined;
  /** The provider's own words, without the SDK's decoration when we can get them. */
  message: string;
  /** The provider marked the failure as transient (e.g. an `overloaded_error` event mid-stream). */
  transient?: boolean;
  /** The body's error code when it has one (OpenAI: `context_length_exceeded`). */
  code?: string | null | undefined;
}

/** The words providers use for "the request is longer than the model's context window". */
const OVERFLOW_WORDS =
  /context[_ ]length[_ ]exceeded|maximum context length|prompt is too long|context window|too many (input )?tokens|exceeds? the (token|context) limit|input is too long/i;

/**
 * True when the provider refused the request for its length: OpenAI and DeepSeek
 * answer 400 with code `context_length_exceeded` ("This model's maximum context
 * length is … tokens"), Anthropic 400 `invalid_request_error` "prompt is too long:
 * N tokens > M maximum"; some gateways use 413.
 */
function isContextOverflow(status: number | undefined, code: string | null | undefined, message: string): boolean {
  if (code === 'context_length_exceeded') return true;
  if (status !== undefined && status !== 400 && status !== 413 && status !== 422) return false;
  return OVERFLOW_WORDS.test(message);
}

/**
 * The window a "too long" answer states: OpenAI/DeepSeek "maximum context length is
 * 24000 tokens", Anthropic "prompt is too long: 25001 tokens > 24000 maximum",
 * Copilot "exceeds the limit of 128000". Undefined when the words say no number.
 */
export function contextLimitFrom(message: string): number | undefined {
  const match =
    /maximum context length is (\d+)|> ?(\d+) maximum|exceeds the limit of (\d+)|context window of (\d+)/i.exec(
      message,
    );
  const digits = match?.slice(1).find((g) => g !== undefined);
  const n = digits === undefined ? NaN : Number(digits);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The ProviderError for an HTTP-level failure; `secret` never survives into the
 * message. The SDK error is deliberately not kept as `cause`: its body may echo the
 * key, and an inspected error prints its cause chain.
 */
export function providerErrorFor(failure: HttpFailure, secret: string | undefined): ProviderError {
  const { status, headers } = failure;
  const retryable = status === undefined ? failure.transient !== false : isRetryableStatus(status);
  const message = redactSecret(status === undefined ? failure.message : `${status} ${failure.message}`, secret);
  const wait = retryable ? retryAfterMs(headers) : undefined;
  const overflow = isContextOverflow(status, failure.code, failure.message);
  const limit = overflow ? contextLimitFrom(failure.message) : undefined;
  return new ProviderError(message, {
    retryable,
    ...(overflow ? { kind: 'context-overflow' as const } : {}),
    ...(limit === undefined ? {} : { contextLimit: limit }),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
    ...(status === undefined ? {} : { status }),
  });
}

/** A stream that stopped before the model said it was done: transient, retry the whole step. */
export function cutStreamError(providerName: string, detail: string): ProviderError {
  return new ProviderError(`${providerName}: the response stream was cut before the model finished (${detail})`, {
    retryable: true,
  });
}

/** The message of anything thrown, with its causes ("fetch failed: connect ECONNREFUSED ..."), the secret removed. */
export function describeThrown(error: unknown, secret: string | undefined): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const text = current instanceof Error ? current.message || current.name : String(current);
    if (text && !parts.includes(text)) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return redactSecret(parts.join(': ') || 'unknown error', secret);
}
