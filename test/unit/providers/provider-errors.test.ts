// The retry contract of provider failures, as pure functions: which statuses are
// retried, how Retry-After is read, and that a key never survives into a message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeThrown,
  isRetryableStatus,
  providerErrorFor,
  redactSecret,
  retryAfterMs,
} from '../../../extension/src/core/agent/providers/provider-errors';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('provider errors', () => {
  it('retries 429 and every 5xx (529 overloaded included), nothing else', () => {
    assert.deepEqual([429, 500, 502, 503, 529].map(isRetryableStatus), [true, true, true, true, true]);
    assert.deepEqual([400, 401, 403, 404, 408, 409, 413, 422].map(isRetryableStatus), [
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms first', () => {
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '7' }), NOW), 7000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '0.5' }), NOW), 500);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), NOW), 30_000);
    assert.equal(
      retryAfterMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }), NOW),
      0,
      'a date in the past means now',
    );
    assert.equal(retryAfterMs(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), NOW), 1500);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' }), NOW), undefined);
    assert.equal(retryAfterMs(new Headers(), NOW), undefined);
    assert.equal(retryAfterMs(undefined, NOW), undefined);
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
      redactSecret('key sk-abc123 is wrong; sk-abc123!', 'sk-abc123'),
      'key [redacted] is wrong; [redacted]!',
    );
    assert.equal(redactSecret('nothing to hide', ''), 'nothing to hide');
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
