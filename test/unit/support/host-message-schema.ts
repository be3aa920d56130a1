// The host -> webview protocol's full validator, a test oracle: the unit tests check
// what the host builds against it. Production never runs it (the host builds each
// message from the typed fields map; the webview checks type and seq, see
// core/protocol/host-message-check.ts), so it lives here, derived from the same map
// (core/protocol/host-messages.ts hostMessageFields): closed objects, a known type, an
// integer seq >= 1.
import * as z from 'zod/mini';
import { hostMessageFields } from '../../../extension/src/core/protocol/host-messages';
import { describeIssues, isOwnKey } from '../../../extension/src/core/protocol/messages';

const seq = z.number().check(z.int(), z.minimum(1));

/** Ok when `data` is a valid host message (of its type's closed shape); why not, otherwise. */
export function parseHostMessage(data: unknown): { ok: true } | { ok: false; error: string } {
  if (typeof data !== 'object' || data === null || !('type' in data))
    return { ok: false, error: '(message): not an object with a type' };
  const { type, ...fields } = data;
  if (typeof type !== 'string' || !isOwnKey(hostMessageFields, type))
    return { ok: false, error: `type: unknown (${String(type)})` };
  const result = z.extend(hostMessageFields[type], { seq }).safeParse(fields);
  return result.success ? { ok: true } : { ok: false, error: describeIssues(result.error) };
}
