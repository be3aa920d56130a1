// Where the transcript shows each pending approval (the card itself is a lazy chunk:
// approval-card.tsx).
import type { ApprovalView } from '@core/protocol/messages';

/** Where each approval shows: on the row of its call when that row is in the list, else after the list. */
export function placeApprovals(
  approvals: readonly ApprovalView[],
  callIds: ReadonlySet<string>,
  sessionId: string | null,
): { byCallId: Map<string, ApprovalView[]>; rest: ApprovalView[] } {
  const byCallId = new Map<string, ApprovalView[]>();
  const rest: ApprovalView[] = [];
  for (const approval of approvals) {
    const ours = approval.sessionId === null || sessionId === null || approval.sessionId === sessionId;
    if (ours && callIds.has(approval.callId))
      byCallId.set(approval.callId, [...(byCallId.get(approval.callId) ?? []), approval]);
    else rest.push(approval);
  }
  return { byCallId, rest };
}
