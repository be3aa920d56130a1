// Bounded retries with exponential backoff for model requests. Only failures that
// say they are retryable are retried (429, 5xx, cut connections), and only before
// the model's output was acted on: the loop retries a whole step's stream, and acts
// on a step only after its stream completed.
import { ProviderError, isProviderError } from './provider';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** Cap of our own backoff. */
  maxDelayMs: number;
  /** The longest server-asked wait (Retry-After) we sit out; a longer one ends the request now. */
  maxRetryAfterMs: number;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The wait before attempt `attempt + 1`: the server's Retry-After when given (retrying
 * sooner would only spend an attempt on another 429), else exponential backoff.
 */
function retryDelay(error: ProviderError, attempt: number, policy: RetryPolicy): number {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

export async function withRetries<T>(
  run: () => Promise<T>,
  options: Partial<RetryPolicy> = {},
  onRetry?: (attempt: number, delayMs: number, error: ProviderError) => void,
): Promise<T> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options };
  const sleep = policy.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const retryable = isProviderError(error) && error.retryable && !policy.signal?.aborted;
      if (!retryable || attempt >= policy.attempts) throw error;
      const delayMs = retryDelay(error, attempt, policy);
      if (delayMs > policy.maxRetryAfterMs) {
        throw new ProviderError(
          `${error.message} (the server asks to retry after ${Math.ceil(delayMs / 1000)} s; try again later)`,
          {
            ...(error.status === undefined ? {} : { status: error.status }),
          },
        );
      }
      onRetry?.(attempt, delayMs, error);
      await sleep(delayMs, policy.signal);
    }
  }
}
