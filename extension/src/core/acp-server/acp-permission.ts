// Our approval as ACP's `session/request_permission`: the call our approval card
// names (its summary as the title, its full text — command, diff — as content) and
// the options Allow / Always Allow / Reject; a protected file (a per-file approval
// that "always" never covers) is offered Allow and Reject only. The client's answer
// is checked here, at the boundary: a selected option we did not offer, a cancelled
// request or a malformed answer is a rejection, never an approval.
import type { PermissionOption, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import * as z from 'zod/mini';
import type { ApprovalDecision, ApprovalRequest } from '../tools/approvals';

const ALLOW_ONCE = 'allow-once';
const ALLOW_ALWAYS = 'allow-always';
const REJECT = 'reject';

export function acpPermissionRequest(acpSessionId: string, request: ApprovalRequest): RequestPermissionRequest {
  const options: PermissionOption[] = [
    { optionId: ALLOW_ONCE, name: 'Allow', kind: 'allow_once' },
    ...(request.protectedReason === undefined
      ? [{ optionId: ALLOW_ALWAYS, name: 'Always Allow', kind: 'allow_always' } satisfies PermissionOption]
      : []),
    { optionId: REJECT, name: 'Reject', kind: 'reject_once' },
  ];
  const text =
    request.protectedReason === undefined ? request.detail : `${request.protectedReason}\n\n${request.detail}`;
  return {
    sessionId: acpSessionId,
    toolCall: {
      toolCallId: request.callId,
      title: request.summary === '' ? request.tool : `${request.tool}: ${request.summary}`,
      status: 'pending',
      content: [{ type: 'content', content: { type: 'text', text } }],
    },
    options,
  };
}

/** What a client answers (ACP's RequestPermissionResponse), checked: only the fields we read. */
const permissionAnswerSchema = z.object({
  outcome: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('cancelled') }),
    z.object({ outcome: z.literal('selected'), optionId: z.string() }),
  ]),
});

export function acpPermissionDecision(answer: unknown, request: ApprovalRequest): ApprovalDecision {
  const parsed = permissionAnswerSchema.safeParse(answer);
  if (!parsed.success || parsed.data.outcome.outcome !== 'selected') return 'deny';
  const chosen = parsed.data.outcome.optionId;
  if (chosen === ALLOW_ONCE) return 'approve';
  if (chosen === ALLOW_ALWAYS && request.protectedReason === undefined) return 'approve-always';
  return 'deny';
}
