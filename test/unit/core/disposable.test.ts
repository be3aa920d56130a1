// The one lifetime contract of the adapters: an Owner disposes what it registered,
// in reverse order, exactly once, and disposes at once what comes after its end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Owner, toDisposable, type Disposable } from '../../../extension/src/core/disposable';

class Adapter extends Owner {
  constructor(readonly log: string[]) {
    super();
    this.register(toDisposable(() => log.push('first')));
    this.register(toDisposable(() => log.push('second')));
  }

  late(name: string): Disposable {
    return this.register(toDisposable(() => this.log.push(name)));
  }
}

describe('Owner', () => {
  it('disposes its registrations in reverse order, once, however often it is disposed', () => {
    const log: string[] = [];
    const adapter = new Adapter(log);
    adapter.dispose();
    adapter.dispose();
    assert.deepEqual(log, ['second', 'first']);
  });

  it('disposes at once a registration that arrives after it was disposed, and returns it', () => {
    const log: string[] = [];
    const adapter = new Adapter(log);
    adapter.dispose();
    const late = adapter.late('late');
    assert.deepEqual(log, ['second', 'first', 'late']);
    late.dispose();
    assert.equal(log.length, 3, 'a toDisposable runs once');
  });
});
