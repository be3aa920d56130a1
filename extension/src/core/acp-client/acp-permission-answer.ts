// An ACP agent's `session/request_permission` put through OUR approvals, and our
// decision given back as one of the agent's own options: approve → its allow-once
// option (else its allow-always), approve-always → its allow-always (else allow-once),
// a denial or a refusal → its reject option (`cancelled` when it offers none), a stop
// → `cancelled`, as ACP asks of a client on session/cancel. `--yes` (auto-approve)
// is an approve: the agent's allow option. The card shows the agent's title, its
// diffs or text, the files it names, and the options it offers.
import type {
  PermissionOption,
  RequestPermissionRequest,
  RequestPermissionResponse,
  ToolCallLocation,
} from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import type { ApprovalCard } from '../tools/approvals';

function optionOf(
  options: readonly PermissionOption[],
  ...kinds: PermissionOption['kind'][]
): PermissionOption | undefined {
  for (const kind of kinds) {
    const found = options.find((o) => o.kind === kind);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function acpPermissionResponse(
  record: ApprovalRecord,
  options: readonly PermissionOption[],
): RequestPermissionResponse {
  let chosen: PermissionOption | undefined;
  switch (record.decision) {
    case 'approve':
      chosen = optionOf(options, 'allow_once', 'allow_always');
      break;
    case 'approve-always':
      chosen = optionOf(options, 'allow_always', 'allow_once');
      break;
    case 'deny':
    case 'refused':
      chosen = optionOf(options, 'reject_once', 'reject_always');
      break;
    case 'stopped':
      chosen = undefined;
      break;
  }
  return chosen === undefined
    ? { outcome: { outcome: 'cancelled' } }
    : { outcome: { outcome: 'selected', optionId: chosen.optionId } };
}

/** A text's lines; a final line end ends the last line, it does not start an empty one. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** A change as the -/+ lines an approval card shows: the path, the old text's lines removed, the new text's added. */
export function changeLines(path: string, oldText: string | null | undefined, newText: string): string {
  return [
    `--- ${path}`,
    ...(oldText ? linesOf(oldText).map((l) => `-${l}`) : []),
    ...linesOf(newText).map((l) => `+${l}`),
  ].join('\n');
}

/**
 * The card of our approval: the agent's title, then its diffs (as -/+ lines), its text
 * or its raw input, then the files it names (`locations`: what an allow lets it write
 * through us, acp-client-approvals.ts), then its options.
 */
export function acpApprovalCard(
  params: RequestPermissionRequest,
  name: string,
  locations: readonly ToolCallLocation[] = params.toolCall.locations ?? [],
): ApprovalCard {
  const call = params.toolCall;
  const parts: string[] = [];
  for (const content of call.content ?? []) {
    if (content.type === 'diff') {
      parts.push(changeLines(content.path, content.oldText, content.newText));
    } else if (content.type === 'content' && content.content.type === 'text') {
      parts.push(content.content.text);
    }
  }
  if (parts.length === 0 && call.rawInput !== undefined) parts.push(JSON.stringify(call.rawInput, null, 2));
  if (locations.length > 0) parts.push(`Files: ${locations.map((l) => l.path).join(', ')}`);
  parts.push(`The agent offers: ${params.options.map((o) => o.name).join(' / ')}`);
  return { summary: call.title?.trim() || name, detail: parts.join('\n\n') };
}
