// What the webview checks of a host message before its reducer folds it: the
// discriminant and the seq, the two fields the fold itself relies on (ordering,
// staleness, which handler applies). Zod-free on purpose: this is what the webview
// bundle carries instead of the protocol's zod/mini schemas. The known types are the
// caller's table, one entry per type (the webview passes its reducer's handler
// table, typed from the protocol's map: messages.ts HostMessageHandlers).
//
// Why that is enough: the only sender is this extension's host, which builds each
// message from typed values (the same HostMessage type, checked by the compiler) out
// of a log it validated line by line with zod when it read it; nothing in a message
// is model text the webview interprets (rows are presenter-made views, Markdown is
// a sanitized tree, everything is rendered as text by preact). The full validator,
// derived from the same map, is a test oracle (test/unit/support/host-message-schema.ts):
// the unit tests validate what the host builds against it. The other direction,
// webview -> host, is untrusted input and is validated with zod on the host
// (parseWebviewMessage).
import type { HostMessage, HostMessageType, Parsed } from './messages';

/** A host message when `data` is an object with a `type` in `types` and an integer `seq` >= 1; why not, otherwise. */
export function checkHostMessage(
  data: unknown,
  types: Readonly<Record<HostMessageType, unknown>>,
): Parsed<HostMessage> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: '(message): not an object' };
  const { type, seq } = data as { type?: unknown; seq?: unknown };
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(types, type))
    return { ok: false, error: `type: unknown (${String(type)})` };
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1)
    return { ok: false, error: 'seq: not an integer >= 1' };
  return { ok: true, message: data as HostMessage };
}
