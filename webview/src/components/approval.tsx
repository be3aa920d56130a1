/** @jsxRuntime automatic @jsxImportSource preact */
// A tool call waiting for the user: what it would do, Approve / Deny, and "Always
// allow <tool> in this session" (not offered for a protected file, whose card says
// why it is asked instead: that answer covers this call only). Answering posts `approve` once; the host removes
// the request from its pending list when the tool goes on.
import { useState } from 'preact/hooks';
import type { ApprovalView } from '@core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon } from './icon';

export function ApprovalCard({ approval }: { approval: ApprovalView }) {
  const s = useStrings();
  const [always, setAlways] = useState(false);
  const [answered, setAnswered] = useState(false);
  const title = format(s.approvalNeeded, approval.tool);
  const answer = (decision: 'approve' | 'approve-always' | 'deny'): void => {
    if (answered) return;
    setAnswered(true);
    post({ type: 'approve', id: approval.id, decision });
  };
  const checkboxId = `always-${approval.id}`;
  return (
    <div class="approval" role="group" aria-label={title}>
      <div class="approval-title">
        <Icon name="shield" />
        <strong>{title}</strong>
        <span class="approval-summary">{approval.summary}</span>
      </div>
      {approval.protectedReason !== undefined && (
        <p class="approval-reason">
          {approval.protectedReason}
        </p>
      )}
      {approval.detail && <pre class="approval-detail">{approval.detail}</pre>}
      {approval.protectedReason === undefined && approval.agentAlways !== null && (
        <div class="approval-always">
          <input type="checkbox" id={checkboxId} checked={always} disabled={answered} onChange={(e) => setAlways(e.currentTarget.checked)} />
          <label for={checkboxId}>{approval.agentAlways === undefined ? format(s.alwaysAllow, approval.tool) : format(s.alwaysAllowAgent, approval.agentAlways)}</label>
        </div>
      )}
      <div class="approval-actions">
        <button type="button" class="primary-button" disabled={answered} onClick={() => answer(always ? 'approve-always' : 'approve')}>
          <Icon name="check" /> {s.approve}
        </button>
        <button type="button" class="secondary-button" disabled={answered} onClick={() => answer('deny')}>
          <Icon name="close" /> {s.deny}
        </button>
      </div>
    </div>
  );
}

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
    if (ours && callIds.has(approval.callId)) byCallId.set(approval.callId, [...(byCallId.get(approval.callId) ?? []), approval]);
    else rest.push(approval);
  }
  return { byCallId, rest };
}
