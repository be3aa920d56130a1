import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lazyModule } from '../../../extension/src/core/lazy-module';

describe('lazyModule', () => {
  it('loads nothing until the first call, then loads once', () => {
    let loads = 0;
    const module = lazyModule(() => ({ loaded: ++loads }));
    assert.equal(loads, 0);
    const first = module();
    assert.equal(module(), first);
    assert.deepEqual(first, { loaded: 1 });
    assert.equal(loads, 1);
  });

  it('loads a module whose value is falsy once too', () => {
    let loads = 0;
    const module = lazyModule(() => (loads++, undefined));
    module();
    module();
    assert.equal(loads, 1);
  });

  it('loads again after a load that threw', () => {
    let loads = 0;
    const module = lazyModule(() => {
      if (++loads === 1) throw new Error('not yet');
      return 'ready';
    });
    assert.throws(() => module(), /not yet/);
    assert.equal(module(), 'ready');
  });
});
