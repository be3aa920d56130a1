// The retry contract of provider failures, as pure functions: which statuses are
// retried, how Retry-After is read, and that a key never survives into a message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeThrown, providerErrorFor } from '../../../extension/src/core/agent/providers/provider-errors';

const failed = (status: number, headers?: Headers): ReturnType<typeof providerErrorFor> =>
  providerErrorFor({ status, headers, message: 'failed' }, undefined);
const waitOf = (headers: Headers): number | undefined => failed(429, headers).retryAfterMs;
/** An HTTP date `seconds` from now (whole seconds: the format has no finer unit). */
const httpDate = (seconds: number): string =>
  new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000).toUTCString();

describe('provider errors', () => {
  it('retries 429 and every 5xx (529 overloaded included), nothing else', () => {
    assert.deepEqual(
      [429, 500, 502, 503, 529].map((s) => failed(s).retryable),
      [true, true, true, true, true],
    );
    assert.deepEqual(
      [400, 401, 403, 404, 408, 409, 413, 422].map((s) => failed(s).retryable),
      [false, false, false, false, false, false, false, false],
    );
  });

  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms first', () => {
    assert.equal(waitOf(new Headers({ 'retry-after': '7' })), 7000);
    assert.equal(waitOf(new Headers({ 'retry-after': '0.5' })), 500);
    const dated = waitOf(new Headers({ 'retry-after': httpDate(30) }));
    assert.ok(dated !== undefined && dated > 28_000 && dated <= 31_000, `about 30 s, got ${dated}`);
    assert.equal(waitOf(new Headers({ 'retry-after': httpDate(-60) })), 0, 'a date in the past means now');
    assert.equal(waitOf(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' })), 1500);
    assert.equal(waitOf(new Headers({ 'retry-after': 'soon' })), undefined);
    assert.equal(waitOf(new Headers()), undefined);
    assert.equal(failed(429).retryAfterMs, undefined);
  });

  it('maps a status to a ProviderError with the provider message and the wait', () => {
    const limited = providerErrorFor(
      { status: 429, headers: new Headers({ 'retry-after': '3' }), message: 'slow down' },
      undefined,
    );
    assert.deepEqual(
      [limited.message, limited.retryable, limited.retryAfterMs, limited.status],
      ['429 slow down', true, 3000, 429],
    );
    const bad = providerErrorFor(
      { status: 400, headers: new Headers({ 'retry-after': '3' }), message: 'bad request' },
      undefined,
    );
    assert.deepEqual([bad.message, bad.retryable, bad.retryAfterMs], ['400 bad request', false, undefined]);
    const cut = providerErrorFor({ status: undefined, headers: undefined, message: 'connection lost' }, undefined);
    assert.deepEqual([cut.retryable, cut.status], [true, undefined]);
    const final = providerErrorFor(
      { status: undefined, headers: undefined, message: 'invalid', transient: false },
      undefined,
    );
    assert.equal(final.retryable, false);
  });

  it('redacts the key from messages and from causes', () => {
    assert.equal(
      describeThrown(new Error('key sk-abc123 is wrong; sk-abc123!'), 'sk-abc123'),
      'key [redacted] is wrong; [redacted]!',
    );
    assert.equal(describeThrown(new Error('nothing to hide'), ''), 'nothing to hide');
    const error = providerErrorFor({ status: 401, headers: undefined, message: 'bad key sk-abc123' }, 'sk-abc123');
    assert.equal(error.message, '401 bad key [redacted]');
    assert.equal(error.cause, undefined, 'the SDK error (which may echo the key) is not kept');
    const nested = new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9 (key sk-abc123)') });
    assert.equal(
      describeThrown(nested, 'sk-abc123'),
      'fetch failed: connect ECONNREFUSED 127.0.0.1:9 (key [redacted])',
    );
  });
});
