/** @jsxRuntime automatic @jsxImportSource preact */
// A tool call waiting for the user: what it would do, Approve / Deny, and "Always
// allow <tool> in this session" (not offered for a protected file, whose card says
// why it is asked instead: that answer covers this call only). Answering posts `approve` once; the host removes
// the request from its pending list when the tool goes on. A lazily loaded chunk
// (dist/webview/approval-card.js, lazy-views.tsx): only a turn that asks shows one,
// and it loads when the first card is shown. Imports values from chunk-api only.
import { format, Icon, post, useState, useStrings } from '../chunk-api';
import type { ApprovalView } from '@core/protocol/messages';

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
      {approval.protectedReason !== undefined && <p class="approval-reason">{approval.protectedReason}</p>}
      {approval.detail && <pre class="approval-detail">{approval.detail}</pre>}
      {approval.protectedReason === undefined && approval.agentAlways !== null && (
        <div class="approval-always">
          <input
            type="checkbox"
            id={checkboxId}
            checked={always}
            disabled={answered}
            onChange={(e) => setAlways(e.currentTarget.checked)}
          />
          <label for={checkboxId}>
            {approval.agentAlways === undefined
              ? format(s.alwaysAllow, approval.tool)
              : format(s.alwaysAllowAgent, approval.agentAlways)}
          </label>
        </div>
      )}
      <div class="approval-actions">
        <button
          type="button"
          class="primary-button"
          disabled={answered}
          onClick={() => answer(always ? 'approve-always' : 'approve')}
        >
          <Icon name="check" /> {s.approve}
        </button>
        <button type="button" class="secondary-button" disabled={answered} onClick={() => answer('deny')}>
          <Icon name="close" /> {s.deny}
        </button>
      </div>
    </div>
  );
}
