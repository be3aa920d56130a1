// Webview -> host messages have one dispatcher, keyed by the protocol's map: each
// message reaches its type's handler with its fields and the caller's context, and a
// handler table without a handler for some type does not compile (typecheck runs this
// file: the @ts-expect-error below fails it when the table is accepted).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dispatchWebviewMessage,
  parseWebviewMessage,
  type WebviewMessage,
  type WebviewMessageHandlers,
} from '../../../extension/src/core/protocol/messages';

/** A table whose every handler (whatever the type) records the message and context it was called with. */
function recordingHandlers(calls: { type: string; message: WebviewMessage; context: string }[]) {
  const handler = (type: string) => (message: WebviewMessage, context: string) =>
    void calls.push({ type, message, context });
  return new Proxy({}, { get: (_, type) => handler(String(type)) }) as unknown as WebviewMessageHandlers<string>;
}

describe('the webview message dispatcher', () => {
  it("calls the handler of the message's type, with the message and the context", async () => {
    const calls: { type: string; message: WebviewMessage; context: string }[] = [];
    const handlers = recordingHandlers(calls);
    const parsed = parseWebviewMessage({ type: 'openSession', id: 's1' });
    assert.ok(parsed.ok);
    await dispatchWebviewMessage(handlers, parsed.message, 'page-1');
    const send = parseWebviewMessage({ type: 'send', text: 'hi' });
    assert.ok(send.ok);
    await dispatchWebviewMessage(handlers, send.message, 'page-2');
    assert.deepEqual(calls, [
      { type: 'openSession', message: { type: 'openSession', id: 's1' }, context: 'page-1' },
      { type: 'send', message: { type: 'send', text: 'hi' }, context: 'page-2' },
    ]);
  });

  it('refuses a table that misses a type (compile time)', () => {
    const { send: _send, ...withoutSend } = recordingHandlers([]);
    // @ts-expect-error: `send` has no handler
    const incomplete: WebviewMessageHandlers<string> = { ...withoutSend };
    assert.equal('send' in incomplete, false);
  });
});
