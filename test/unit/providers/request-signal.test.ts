// The per-request child signal both SDK providers stream under: the turn's abort
// reaches the request, and the turn's signal keeps no listener once a request's
// stream is over, however it ended (finished, threw, or abandoned by its consumer).
import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { streamWithRequestSignal } from '../../../extension/src/core/agent/providers/request-signal';

async function* parts(signal: AbortSignal, seen: AbortSignal[], fail = false): AsyncIterable<number> {
  seen.push(signal);
  yield 1;
  if (fail) throw new Error('the stream broke');
  yield 2;
}

describe('streamWithRequestSignal', () => {
  it('hands the body a child signal that the turn aborts', async () => {
    const turn = new AbortController();
    const seen: AbortSignal[] = [];
    for await (const _ of streamWithRequestSignal(turn.signal, (s) => parts(s, seen))) {
      turn.abort(new Error('stop'));
      break;
    }
    assert.equal(seen.length, 1);
    assert.notEqual(seen[0], turn.signal, 'the SDK never gets the turn signal itself');
    assert.equal(seen[0]?.aborted, true);
  });

  it('leaves no listener on the turn signal after 200 requests that finish, throw or are abandoned', async () => {
    const turn = new AbortController();
    const seen: AbortSignal[] = [];
    for (let i = 0; i < 200; i++) {
      const stream = streamWithRequestSignal(turn.signal, (s) => parts(s, seen, i % 3 === 1));
      try {
        for await (const n of stream) if (i % 3 === 2 && n === 1) break;
      } catch (error) {
        assert.match(String(error), /the stream broke/);
      }
    }
    assert.equal(seen.length, 200);
    assert.equal(getEventListeners(turn.signal, 'abort').length, 0);
  });

  it('gives an already aborted turn an aborted child', async () => {
    const turn = new AbortController();
    turn.abort(new Error('stopped before'));
    const seen: AbortSignal[] = [];
    for await (const _ of streamWithRequestSignal(turn.signal, (s) => parts(s, seen))) break;
    assert.equal(seen[0]?.aborted, true);
  });
});
