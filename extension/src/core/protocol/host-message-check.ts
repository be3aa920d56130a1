// What the webview checks of a host message before its reducer folds it: the
// discriminant and the seq, the two fields the fold itself relies on (ordering,
// staleness, which case applies). Zod-free on purpose: this is what the webview
// bundle carries instead of the protocol's zod/mini schemas (27 KB of the 40 KB
// budget).
//
// Why that is enough: the only sender is this extension's host, which builds each
// message from typed values (the same HostMessage type, checked by the compiler) out
// of a log it validated line by line with zod when it read it; nothing in a message
// is model text the webview interprets (rows are presenter-made views, Markdown is
// a sanitized tree, everything is rendered as text by preact). The full zod/mini
// schema (hostMessageSchema in messages.ts) stays the protocol's specification: the
// unit tests validate what the host builds against it, host-side. The other
// direction, webview -> host, is untrusted input and is validated with zod on the
// host (parseWebviewMessage).
import type { HostMessage, Parsed } from './messages';

/** Every host message type, once: the compiler refuses this table without a new member of HostMessage. */
const HOST_MESSAGE_TYPES: Readonly<Record<HostMessage['type'], true>> = {
  snapshot: true,
  items: true,
  page: true,
  plan: true,
  run: true,
  provider: true,
  stream: true,
  notice: true,
  sessions: true,
  approvals: true,
  child: true,
  childDelta: true,
  context: true,
  planHistory: true,
  planVersion: true,
  markdown: true,
};

/** A host message when `data` is an object with a known `type` and an integer `seq` >= 1; why not, otherwise. */
export function checkHostMessage(data: unknown): Parsed<HostMessage> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: '(message): not an object' };
  const { type, seq } = data as { type?: unknown; seq?: unknown };
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(HOST_MESSAGE_TYPES, type)) return { ok: false, error: `type: unknown (${String(type)})` };
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) return { ok: false, error: 'seq: not an integer >= 1' };
  return { ok: true, message: data as HostMessage };
}
