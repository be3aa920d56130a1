// An error made by another copy of its class (a second bundle loaded into the process,
// here a second instance of the module) is still told apart by its brand, and the
// decisions resting on it (a retryable provider failure is retried) hold for it.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { isProviderError, ProviderError } from '../../../extension/src/core/agent/provider';
import { withRetries } from '../../../extension/src/core/agent/retry';
import { isGlobError } from '../../../extension/src/core/tools/glob';

const PROVIDER_MODULE = '../../../extension/src/core/agent/provider';

/** A second, separate instance of the provider module, as a second bundle would carry it. */
function secondCopy(): typeof import('../../../extension/src/core/agent/provider') {
  const require = createRequire(__filename);
  const id = require.resolve(PROVIDER_MODULE);
  const first = require.cache[id];
  delete require.cache[id];
  try {
    return require(PROVIDER_MODULE);
  } finally {
    require.cache[id] = first;
  }
}

describe('error brands', () => {
  it("another copy's ProviderError is not instanceof ours, and its brand says what it is", () => {
    const copy = secondCopy();
    assert.notEqual(copy.ProviderError, ProviderError);
    const error: unknown = new copy.ProviderError('too long', { kind: 'context-overflow', contextLimit: 1000 });
    assert.equal(error instanceof ProviderError, false);
    assert.ok(isProviderError(error));
    assert.equal(error.kind, 'context-overflow');
    assert.equal(error.contextLimit, 1000);
  });

  it('a guard refuses other errors, look-alikes and non-objects', () => {
    const lookAlike = Object.assign(new Error('429'), { name: 'ProviderError', retryable: true });
    for (const value of [lookAlike, new Error('x'), 'ProviderError', null, undefined, 42])
      assert.equal(isProviderError(value), false, String(value));
    assert.equal(isGlobError(new ProviderError('x')), false);
  });

  it("a retryable failure from another copy's ProviderError is retried", async () => {
    const copy = secondCopy();
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        if (calls === 1)
          throw new copy.ProviderError('429 rate limited', { retryable: true, retryAfterMs: 0, status: 429 });
        return 'answered';
      },
      { sleep: async () => {} },
    );
    assert.equal(result, 'answered');
    assert.equal(calls, 2);
  });
});
