// The parser's deadline counts its worker thread's CPU time (thread-cpu.ts): on Linux a
// thread knows its id and its CPU time grows while it runs, and not while it sleeps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentThreadId, threadCpuMs } from '../../../extension/src/core/markdown/thread-cpu';

describe('thread CPU time', { skip: process.platform !== 'linux' && 'Linux only (/proc)' }, () => {
  it('grows while the thread runs, not while it waits', async () => {
    const tid = currentThreadId();
    assert.ok(tid !== null, 'the thread has an id');
    const before = threadCpuMs(tid);
    assert.ok(before !== null);
    const giveUp = Date.now() + 20_000; // bounds a clock that never moves; asserts nothing about speed
    while ((threadCpuMs(tid) ?? 0) - before < 50 && Date.now() < giveUp); // runs until 50 ms of CPU time
    const ran = threadCpuMs(tid) ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const slept = threadCpuMs(tid) ?? 0;
    assert.ok(ran - before >= 50);
    assert.ok(slept - ran < 200, 'sleeping 200 ms did not cost 200 ms of CPU time');
  });

  it('is null for a thread that does not exist', () => {
    assert.equal(threadCpuMs(2 ** 31 - 1), null);
  });
});
